import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { members } from '../../db/schema';

export type MemberRow = typeof members.$inferSelect;

export async function findMemberByEmail(db: DbOrTx, email: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(eq(sql`lower(${members.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findMemberById(db: DbOrTx, id: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a member; null when the e-mail is taken (unique on lower(email)). */
export async function insertMember(
  db: DbOrTx,
  values: {
    fullname: string;
    email: string;
    phone: string;
    date_of_birth: string | null;
    password_hash: string;
  },
): Promise<MemberRow | null> {
  const [row] = await db.insert(members).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Replaces a weaker password hash by a stronger one of the same password (at sign-in), only if it
 * is still the one that was checked, so a password changed meanwhile is not overwritten. The
 * row's `updated_at` stays: nothing the member sees changed.
 */
export async function upgradeMemberPasswordHash(
  db: DbOrTx,
  memberId: string,
  checkedHash: string,
  strongerHash: string,
): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ password_hash: strongerHash, updated_at: sql`${members.updated_at}` })
    .where(and(eq(members.id, memberId), eq(members.password_hash, checkedHash)))
    .returning({ id: members.id });
  return rows.length > 0;
}
