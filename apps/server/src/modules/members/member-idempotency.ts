import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberIdempotencyKeys } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export const idempotencyMessages = {
  keyUsed: 'Idempotency key sudah dipakai untuk permintaan lain',
} as const;

/**
 * Runs a member request once per idempotency key (DESIGN §12, offline resends): the first
 * answer's data is kept under (member, key) and a resend gets it back without running again.
 * A key already used for another request (scope) is 400. Without a key the request just runs.
 */
export async function onceForKey<T>(
  db: Db,
  memberId: string,
  key: string | undefined,
  scope: string,
  run: () => Promise<T>,
): Promise<T> {
  if (!key) return run();
  const [stored] = await db
    .select({ scope: memberIdempotencyKeys.scope, response: memberIdempotencyKeys.response })
    .from(memberIdempotencyKeys)
    .where(and(eq(memberIdempotencyKeys.member_id, memberId), eq(memberIdempotencyKeys.key, key)));
  if (stored) {
    if (stored.scope !== scope) {
      throw AppError.validation({ idempotency_key: idempotencyMessages.keyUsed });
    }
    return stored.response.data as T;
  }
  const data = await run();
  await db
    .insert(memberIdempotencyKeys)
    .values({ member_id: memberId, key, scope, response: { data, message: null } })
    .onConflictDoNothing();
  return data;
}
