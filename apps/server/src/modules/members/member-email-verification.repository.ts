import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberEmailVerifications, members } from '../../db/schema';

export async function insertEmailVerification(
  db: DbOrTx,
  input: { memberId: string; email: string; tokenHash: string; hours: number },
): Promise<void> {
  await db.insert(memberEmailVerifications).values({
    member_id: input.memberId,
    email: input.email,
    token_hash: input.tokenHash,
    expires_at: sql`now() + make_interval(hours => ${input.hours}::int)`,
  });
}

/** Verification links sent to the member inside the last `minutes`. */
export async function countRecentEmailVerifications(
  db: DbOrTx,
  memberId: string,
  minutes: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberEmailVerifications)
    .where(
      and(
        eq(memberEmailVerifications.member_id, memberId),
        gt(
          memberEmailVerifications.created_at,
          sql`now() - make_interval(mins => ${minutes}::int)`,
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Uses up a live, unused link in one update: its member and address, or null. */
export async function consumeEmailVerification(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ memberId: string; email: string } | null> {
  const [row] = await db
    .update(memberEmailVerifications)
    .set({ used_at: sql`now()`, updated_at: new Date() })
    .where(
      and(
        eq(memberEmailVerifications.token_hash, tokenHash),
        isNull(memberEmailVerifications.used_at),
        gt(memberEmailVerifications.expires_at, sql`now()`),
      ),
    )
    .returning({
      memberId: memberEmailVerifications.member_id,
      email: memberEmailVerifications.email,
    });
  return row ?? null;
}

/**
 * Marks the member's address verified, only while it is still `email` (when given): a link to
 * an address the member no longer has verifies nothing. True when a row was marked.
 */
export async function markEmailVerified(
  db: DbOrTx,
  memberId: string,
  email?: string,
): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ email_verified_at: sql`coalesce(${members.email_verified_at}, now())` })
    .where(
      and(
        eq(members.id, memberId),
        email === undefined ? undefined : sql`lower(${members.email}) = lower(${email})`,
      ),
    )
    .returning({ id: members.id });
  return rows.length > 0;
}
