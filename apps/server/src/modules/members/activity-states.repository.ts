import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  activityProgress,
  memberRedeems,
  popupAnswers,
  quizAttempts,
  topics,
} from '../../db/schema';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** Joins to a select from redemptions: their programs' activities, topics and the member's progress. */
function withRedeemActivities<T extends PgSelect>(query: T) {
  return query
    .innerJoin(activities, eq(activities.program_id, memberRedeems.program_id))
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .leftJoin(
      activityProgress,
      and(
        eq(activityProgress.member_redeem_id, memberRedeems.id),
        eq(activityProgress.activity_id, activities.id),
      ),
    );
}

const published = () => and(eq(activities.status, 'publish'), eq(topics.status, 'publish'));

/**
 * What the states of the activities of these redemptions are computed from, in one query: every
 * published activity (of a published topic) of each redemption's program, in program order, with
 * the member's completion and whether they started it (a quiz attempt, a video position, work
 * uploaded, a pop-up answered, the page, PDF or link opened).
 */
export async function stateRowsOfRedeems(db: DbOrTx, redeemIds: string[]) {
  if (redeemIds.length === 0) return [];
  return withRedeemActivities(
    db
      .select({
        redeem_id: memberRedeems.id,
        id: activities.id,
        topic_id: activities.topic_id,
        name: activities.name,
        type: activities.type,
        settings: activities.settings,
        content: activities.content,
        is_complete: sql<boolean>`coalesce(${activityProgress.is_complete}, false)`,
        started: sql<boolean>`(
        coalesce(${activityProgress.attempts}, 0) > 0
        or coalesce(${activityProgress.video_position}, 0) > 0
        or ${activityProgress.work_file_key} is not null
        or ${activityProgress.content_opened_at} is not null
        or ${activityProgress.link_followed_at} is not null
        or exists (select 1 from ${quizAttempts}
          where ${quizAttempts.member_redeem_id} = ${memberRedeems.id}
            and ${quizAttempts.activity_id} = ${activities.id})
        or exists (select 1 from ${popupAnswers}
          where ${popupAnswers.member_redeem_id} = ${memberRedeems.id}
            and ${popupAnswers.activity_id} = ${activities.id})
      )`,
      })
      .from(memberRedeems)
      .$dynamic(),
  )
    .where(and(inArray(memberRedeems.id, redeemIds), published()))
    .orderBy(asc(memberRedeems.id), asc(topics.seq), asc(activities.seq));
}

/**
 * What the lock of one activity is computed from: the member's published activities of the
 * program in program order, with only what a lock reads (completion, type, settings). No content
 * and no 'started' checks, so the check every member action makes stays cheap.
 */
export async function lockRowsOfRedeem(db: DbOrTx, redeemId: string) {
  return withRedeemActivities(
    db
      .select({
        id: activities.id,
        name: activities.name,
        type: activities.type,
        settings: activities.settings,
        is_complete: sql<boolean>`coalesce(${activityProgress.is_complete}, false)`,
      })
      .from(memberRedeems)
      .$dynamic(),
  )
    .where(and(eq(memberRedeems.id, redeemId), published()))
    .orderBy(asc(topics.seq), asc(activities.seq));
}
