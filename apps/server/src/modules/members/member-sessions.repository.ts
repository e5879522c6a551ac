import { and, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberSessions, members } from '../../db/schema';
import type { RequestMember } from '../../plugins/member-auth';
import { consentPendingSql } from '../privacy/consent.repository';

/** The member behind a live member-session token hash (never a staff session). */
export async function findSessionMember(
  db: DbOrTx,
  tokenHash: string,
): Promise<RequestMember | null> {
  const [row] = await db
    .select({
      id: members.id,
      fullname: members.fullname,
      email: members.email,
      phone: members.phone,
      sessionId: memberSessions.id,
      sessionExpiresAt: memberSessions.expires_at,
      consentPending: consentPendingSql(members.id),
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.member_id))
    .where(
      and(
        eq(memberSessions.token_hash, tokenHash),
        isNull(memberSessions.revoked_at),
        gt(memberSessions.expires_at, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks the member as seen now, at most once every `minutes` (online = active within the last
 * hour, spec 01 §9), so a burst of requests writes once; at once when they went offline since.
 */
export async function touchLastSeen(db: DbOrTx, memberId: string, minutes = 5): Promise<void> {
  await db
    .update(members)
    .set({ last_seen_at: sql`now()` })
    .where(
      and(
        eq(members.id, memberId),
        or(
          isNull(members.last_seen_at),
          lt(members.last_seen_at, sql`now() - make_interval(mins => ${minutes})`),
          gte(members.offline_at, members.last_seen_at),
        ),
      ),
    );
}

export async function createMemberSession(
  db: DbOrTx,
  input: { memberId: string; tokenHash: string; expiresAt: Date },
): Promise<{ id: string; expires_at: Date }> {
  const [row] = await db
    .insert(memberSessions)
    .values({
      member_id: input.memberId,
      token_hash: input.tokenHash,
      expires_at: input.expiresAt,
    })
    .returning({ id: memberSessions.id, expires_at: memberSessions.expires_at });
  if (!row) throw new Error('member session insert returned no row');
  return row;
}

export async function revokeMemberSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(memberSessions)
    .set({ revoked_at: new Date(), updated_at: new Date() })
    .where(and(eq(memberSessions.id, sessionId), isNull(memberSessions.revoked_at)));
}

/** Drops the member's sessions that ended more than `graceHours` ago. */
export async function deleteEndedMemberSessions(
  db: DbOrTx,
  memberId: string,
  graceHours: number,
): Promise<void> {
  const before = new Date(Date.now() - graceHours * 60 * 60 * 1000);
  await db
    .delete(memberSessions)
    .where(
      and(
        eq(memberSessions.member_id, memberId),
        or(lt(memberSessions.expires_at, before), lt(memberSessions.revoked_at, before)),
      ),
    );
}
