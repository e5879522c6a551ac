import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberIdempotencyKeys } from '../../db/schema';

export interface KeptAnswer {
  data: unknown;
  message: string | null;
}

/**
 * Claims a member's key for a request: true when this call inserted it. On PostgreSQL a second
 * claim of a key whose first claim is not committed yet waits for that transaction: it answers
 * false after a commit, and claims the key itself after a rollback.
 */
export async function claimKey(
  db: DbOrTx,
  memberId: string,
  key: string,
  scope: string,
): Promise<boolean> {
  const rows = await db
    .insert(memberIdempotencyKeys)
    .values({ member_id: memberId, key, scope, response: { data: null, message: null } })
    .onConflictDoNothing()
    .returning({ id: memberIdempotencyKeys.id });
  return rows.length > 0;
}

/** The scope and the kept answer of a claimed key, or null. */
export async function findKey(db: DbOrTx, memberId: string, key: string) {
  const [row] = await db
    .select({ scope: memberIdempotencyKeys.scope, response: memberIdempotencyKeys.response })
    .from(memberIdempotencyKeys)
    .where(and(eq(memberIdempotencyKeys.member_id, memberId), eq(memberIdempotencyKeys.key, key)));
  return row ?? null;
}

export async function keepAnswer(db: DbOrTx, memberId: string, key: string, answer: KeptAnswer) {
  await db
    .update(memberIdempotencyKeys)
    .set({ response: answer, updated_at: new Date() })
    .where(and(eq(memberIdempotencyKeys.member_id, memberId), eq(memberIdempotencyKeys.key, key)));
}
