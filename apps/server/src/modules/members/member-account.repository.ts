import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  memberPasswordResets,
  memberPushSubscriptions,
  memberSessions,
  members,
} from '../../db/schema';
import type { MemberRow } from './members.repository';

export async function insertMemberPasswordReset(
  db: DbOrTx,
  input: { memberId: string; tokenHash: string; minutes: number },
): Promise<void> {
  await db.insert(memberPasswordResets).values({
    member_id: input.memberId,
    token_hash: input.tokenHash,
    expires_at: sql`now() + make_interval(mins => ${input.minutes}::int)`,
  });
}

/** Reset links made for the member inside the last `minutes` (used or not). */
export async function countRecentMemberResets(
  db: DbOrTx,
  memberId: string,
  minutes: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberPasswordResets)
    .where(
      and(
        eq(memberPasswordResets.member_id, memberId),
        gt(memberPasswordResets.created_at, sql`now() - make_interval(mins => ${minutes}::int)`),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Uses a live link up in one conditional update (single use); the member id, or null. */
export async function consumeMemberReset(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .update(memberPasswordResets)
    .set({ used_at: sql`now()`, updated_at: new Date() })
    .where(
      and(
        eq(memberPasswordResets.token_hash, tokenHash),
        isNull(memberPasswordResets.used_at),
        gt(memberPasswordResets.expires_at, sql`now()`),
      ),
    )
    .returning({ memberId: memberPasswordResets.member_id });
  return row?.memberId ?? null;
}

/** Every open link of the member stops working (after a reset or a password change). */
export async function invalidateMemberResets(db: DbOrTx, memberId: string): Promise<void> {
  await db
    .update(memberPasswordResets)
    .set({ used_at: sql`now()`, updated_at: new Date() })
    .where(and(eq(memberPasswordResets.member_id, memberId), isNull(memberPasswordResets.used_at)));
}

export async function setMemberPassword(db: DbOrTx, memberId: string, hash: string) {
  await db
    .update(members)
    .set({ password_hash: hash, updated_at: new Date() })
    .where(eq(members.id, memberId));
}

/** Ends the member's sessions (all, or all but `keepSessionId`) and their push subscriptions. */
export async function revokeMemberSessions(
  db: DbOrTx,
  memberId: string,
  keepSessionId?: string,
): Promise<string[]> {
  const others = keepSessionId ? ne(memberSessions.id, keepSessionId) : undefined;
  const rows = await db
    .update(memberSessions)
    .set({ revoked_at: new Date(), updated_at: new Date() })
    .where(and(eq(memberSessions.member_id, memberId), isNull(memberSessions.revoked_at), others))
    .returning({ id: memberSessions.id });
  const keep = keepSessionId ? ne(memberPushSubscriptions.session_id, keepSessionId) : undefined;
  await db
    .delete(memberPushSubscriptions)
    .where(and(eq(memberPushSubscriptions.member_id, memberId), keep));
  return rows.map((r) => r.id);
}

export async function updateMemberProfile(
  db: DbOrTx,
  memberId: string,
  change: Partial<
    Pick<MemberRow, 'fullname' | 'phone' | 'education_level' | 'photo_media_id' | 'photo_url'>
  >,
): Promise<MemberRow | null> {
  const [row] = await db
    .update(members)
    .set({ ...change, updated_at: new Date() })
    .where(eq(members.id, memberId))
    .returning();
  return row ?? null;
}
