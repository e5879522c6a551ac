import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberPushSubscriptions } from '../../db/schema';
import { memberNotifications, sentNotifications } from '../../db/schema/notifications';

/** A job left this long without progress is taken over (its server is gone). */
const STALE_AFTER = sql`interval '5 minutes'`;

export interface PushJob {
  id: string;
  title: string;
  message: string;
  link: string | null;
  push_cursor: string | null;
}

/**
 * Claims the oldest notification whose push is pending (or stalled) for this server. `FOR
 * UPDATE SKIP LOCKED` lets several servers share the queue without taking the same job.
 */
export async function claimPushJob(db: DbOrTx): Promise<PushJob | null> {
  const result = await db.execute(sql`
    update ${sentNotifications} set push_state = 'sending', push_claimed_at = now()
    where id = (
      select id from ${sentNotifications}
      where push_state = 'pending'
         or (push_state = 'sending' and push_claimed_at < now() - ${STALE_AFTER})
      order by created_at
      limit 1
      for update skip locked
    )
    returning id, title, message, link, push_cursor`);
  const rows = (result as unknown as { rows: PushJob[] }).rows;
  return rows[0] ?? null;
}

/** The next batch of recipients' subscriptions after `cursor`, in id order. */
export function subscriptionBatch(
  db: DbOrTx,
  sentId: string,
  cursor: string | null,
  limit: number,
) {
  return db
    .select({ id: memberPushSubscriptions.id, subscription: memberPushSubscriptions.subscription })
    .from(memberPushSubscriptions)
    .innerJoin(
      memberNotifications,
      and(
        eq(memberNotifications.member_id, memberPushSubscriptions.member_id),
        eq(memberNotifications.sent_notification_id, sentId),
      ),
    )
    .where(cursor ? gt(memberPushSubscriptions.id, cursor) : undefined)
    .orderBy(asc(memberPushSubscriptions.id))
    .limit(limit);
}

/** Records a finished batch: the cursor moves, the delivered count grows, the claim is renewed. */
export async function advancePushJob(
  db: DbOrTx,
  sentId: string,
  cursor: string,
  delivered: number,
) {
  await db
    .update(sentNotifications)
    .set({
      push_cursor: cursor,
      delivered: sql`${sentNotifications.delivered} + ${delivered}`,
      push_claimed_at: sql`now()`,
    })
    .where(eq(sentNotifications.id, sentId));
}

export async function finishPushJob(db: DbOrTx, sentId: string) {
  await db
    .update(sentNotifications)
    .set({ push_state: 'done', push_claimed_at: null })
    .where(eq(sentNotifications.id, sentId));
}

/** Subscriptions the push service declared gone (404/410). */
export async function deleteMemberSubscriptions(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(memberPushSubscriptions).where(inArray(memberPushSubscriptions.id, ids));
}
