import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberPushSubscriptions } from '../../db/schema';
import { memberNotifications, sentNotifications } from '../../db/schema/notifications';

/**
 * A job whose claim has not been renewed for this long is taken over (its server is gone). The
 * worker renews it after every slice of pushes, which lasts well under a minute even when every
 * push of the slice times out and is retried.
 */
const STALE_AFTER = sql`interval '5 minutes'`;

export interface PushJob {
  id: string;
  title: string;
  message: string;
  link: string | null;
  push_cursor: string | null;
  /**
   * The claim's time as PostgreSQL's text (exact, unlike a JS Date): the worker's proof that the
   * job is still its own. A renewal returns the next one.
   */
  claim: string;
}

/** The row still held by this claim: claimed by no one else since, and not finished. */
const heldBy = (sentId: string, claim: string) =>
  and(
    eq(sentNotifications.id, sentId),
    eq(sentNotifications.push_state, 'sending'),
    sql`${sentNotifications.push_claimed_at} = ${claim}::timestamptz`,
  );

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
    returning id, title, message, link, push_cursor, push_claimed_at::text as claim`);
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

/**
 * Records a finished slice while the job is still this worker's: the cursor moves, the delivered
 * count grows, the claim is renewed. Null when another server has taken the job over (this one
 * was too slow or paused): nothing is written and the worker must stop.
 */
export async function advancePushJob(
  db: DbOrTx,
  job: { id: string; claim: string },
  cursor: string,
  delivered: number,
): Promise<string | null> {
  const rows = await db
    .update(sentNotifications)
    .set({
      push_cursor: cursor,
      delivered: sql`${sentNotifications.delivered} + ${delivered}`,
      push_claimed_at: sql`now()`,
    })
    .where(heldBy(job.id, job.claim))
    .returning({ claim: sql<string>`${sentNotifications.push_claimed_at}::text` });
  return rows[0]?.claim ?? null;
}

/** Marks the job done if it is still this worker's; false when another server holds it. */
export async function finishPushJob(
  db: DbOrTx,
  job: { id: string; claim: string },
): Promise<boolean> {
  const rows = await db
    .update(sentNotifications)
    .set({ push_state: 'done', push_claimed_at: null })
    .where(heldBy(job.id, job.claim))
    .returning({ id: sentNotifications.id });
  return rows.length > 0;
}

/** Subscriptions the push service declared gone (404/410). */
export async function deleteMemberSubscriptions(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(memberPushSubscriptions).where(inArray(memberPushSubscriptions.id, ids));
}
