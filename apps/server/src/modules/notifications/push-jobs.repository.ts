import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberPushSubscriptions } from '../../db/schema';
import { memberNotifications, sentNotifications } from '../../db/schema/notifications';

export interface PushJobState {
  id: string;
  title: string;
  message: string;
  link: string | null;
  push_state: string;
  push_cursor: string | null;
}

/** A notification's push as the job finds it (null when the notification was deleted). */
export async function findPushJobState(db: DbOrTx, sentId: string): Promise<PushJobState | null> {
  const [row] = await db
    .select({
      id: sentNotifications.id,
      title: sentNotifications.title,
      message: sentNotifications.message,
      link: sentNotifications.link,
      push_state: sentNotifications.push_state,
      push_cursor: sentNotifications.push_cursor,
    })
    .from(sentNotifications)
    .where(eq(sentNotifications.id, sentId));
  return row ?? null;
}

export async function markPushSending(db: DbOrTx, sentId: string) {
  await db
    .update(sentNotifications)
    .set({ push_state: 'sending' })
    .where(and(eq(sentNotifications.id, sentId), eq(sentNotifications.push_state, 'pending')));
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

/** Records a finished slice: the cursor moves past it and the delivered count grows. */
export async function advancePushJob(
  db: DbOrTx,
  sentId: string,
  cursor: string,
  delivered: number,
): Promise<void> {
  await db
    .update(sentNotifications)
    .set({ push_cursor: cursor, delivered: sql`${sentNotifications.delivered} + ${delivered}` })
    .where(eq(sentNotifications.id, sentId));
}

/** Pushes migration 0017 found without a job of their own (the old queue column's). */
export async function pushesToAdopt(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: sentNotifications.id })
    .from(sentNotifications)
    .where(eq(sentNotifications.push_state, 'adopt'));
  return rows.map((r) => r.id);
}

/** An adopted push has its job now: back to the usual states (unless the job already ran). */
export async function markPushAdopted(db: DbOrTx, sentId: string): Promise<void> {
  await db
    .update(sentNotifications)
    .set({ push_state: 'pending' })
    .where(and(eq(sentNotifications.id, sentId), eq(sentNotifications.push_state, 'adopt')));
}

export async function finishPushJob(db: DbOrTx, sentId: string): Promise<void> {
  await db
    .update(sentNotifications)
    .set({ push_state: 'done' })
    .where(eq(sentNotifications.id, sentId));
}

/** Subscriptions the push service declared gone (404/410). */
export async function deleteMemberSubscriptions(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(memberPushSubscriptions).where(inArray(memberPushSubscriptions.id, ids));
}
