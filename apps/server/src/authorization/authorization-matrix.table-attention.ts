import { buildRedeem } from '../test/factories/participants';
import type { MatrixWorld } from '../test/matrix-world';
import { row, S, type MatrixRow } from './authorization-matrix.types';

// 'Perlu perhatian' of a program. Statuses: anonymous, member, trainer B, trainer A, admin,
// superadmin.

const base = (programId: string) => `/api/analytics/v1/program/${programId}/attention`;

// A participant of program A idle for 30 days, so the export has a row to write (an empty one
// answers 404 'Tidak ada data untuk diekspor', as every export does). Made once per world.
const idle = new WeakMap<MatrixWorld, Promise<unknown>>();
const withIdleParticipant = (w: MatrixWorld) => {
  if (!idle.has(w)) {
    idle.set(
      w,
      buildRedeem(w.app.db, w.program.id, { created_at: new Date(Date.now() - 30 * 86_400_000) }),
    );
  }
  return idle.get(w);
};

export const attentionRows: MatrixRow[] = [
  row(
    'GET /api/analytics/v1/program/:programId/attention',
    S.scoped,
    "program.view, scoped: another trainer's program is 404",
    ({ w }) => ({ url: `${base(w.program.id)}?days=1` }),
  ),
  row(
    'GET /api/analytics/v1/program/:programId/attention/export',
    S.scoped,
    'program.view, scoped',
    async ({ w }) => {
      await withIdleParticipant(w);
      return { url: `${base(w.program.id)}/export?days=1` };
    },
  ),
  row(
    'POST /api/analytics/v1/program/:programId/attention/remind',
    S.scoped,
    'grade.manage, scoped (a repeat within the quiet minutes is skipped, still 200)',
    ({ w }) => ({ url: `${base(w.program.id)}/remind`, payload: { redeem_ids: [w.redeemId] } }),
  ),
];
