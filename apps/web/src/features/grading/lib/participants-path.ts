/**
 * The participant list of a program ('Daftar Peserta', spec 01 §2). A plain path until the
 * route table names that screen; then this becomes `pathTo(…, { id })`.
 */
export function participantsPath(programId: string): string {
  return `/program/users/${encodeURIComponent(programId)}`;
}
