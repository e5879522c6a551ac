import type { DbOrTx } from '../../db/client';
import { touchLastSeen } from './member-sessions.repository';

/**
 * How often one server writes a member's `last_seen_at` at most: online means active within the
 * last hour, so a minute is far finer than anyone sees, and a cohort's every request no longer
 * costs an UPDATE (docs/decisions.md, "A cohort learns at once").
 */
export const lastSeenEveryMs = 60_000;
/** Members remembered at most; past it the oldest are forgotten (they write once more). */
const maxRemembered = 50_000;

/** When this server last wrote each member's `last_seen_at` (insertion order = oldest first). */
const writtenAt = new Map<string, number>();

/**
 * Marks the member as seen, writing at most once a minute per member from this server (the
 * statement itself keeps its own coarser throttle and the "back after going offline" rule).
 */
export async function touchMemberSeen(db: DbOrTx, memberId: string, now = Date.now()) {
  const last = writtenAt.get(memberId);
  if (last !== undefined && now - last < lastSeenEveryMs) return;
  writtenAt.delete(memberId);
  writtenAt.set(memberId, now);
  if (writtenAt.size > maxRemembered) {
    const oldest = writtenAt.keys().next().value;
    if (oldest !== undefined) writtenAt.delete(oldest);
  }
  await touchLastSeen(db, memberId);
}

/** The member went offline: their next request marks them online again at once. */
export function forgetMemberSeen(memberId: string): void {
  writtenAt.delete(memberId);
}
