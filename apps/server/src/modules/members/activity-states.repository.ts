import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  activityProgress,
  memberRedeems,
  popupAnswers,
  programs,
  quizAttempts,
  topics,
} from '../../db/schema';
import { publishedIn } from './learning.repository';

/**
 * What the states of one redemption's activities change with, in one small query per call: the
 * program and its outline version (the outline itself is cached, `program-outline.ts`), the
 * activities the member completed, and those they started (a quiz attempt, a video position,
 * work uploaded, a pop-up answered, the page, PDF or link opened). Ids only, never content.
 */
export async function progressOfRedeems(db: DbOrTx, redeemIds: string[]) {
  if (redeemIds.length === 0) return [];
  const r = memberRedeems;
  return db
    .select({
      redeem_id: r.id,
      program_id: r.program_id,
      outline_version: programs.outline_version,
      complete: sql<string[]>`array(
        select ${activityProgress.activity_id}::text from ${activityProgress}
        where ${activityProgress.member_redeem_id} = ${r.id} and ${activityProgress.is_complete})`,
      started: sql<string[]>`array(
        select ${activityProgress.activity_id}::text from ${activityProgress}
        where ${activityProgress.member_redeem_id} = ${r.id} and (
          ${activityProgress.attempts} > 0
          or ${activityProgress.video_position} > 0
          or ${activityProgress.work_file_key} is not null
          or ${activityProgress.content_opened_at} is not null
          or ${activityProgress.link_followed_at} is not null)
        union select ${quizAttempts.activity_id}::text from ${quizAttempts}
          where ${quizAttempts.member_redeem_id} = ${r.id}
        union select ${popupAnswers.activity_id}::text from ${popupAnswers}
          where ${popupAnswers.member_redeem_id} = ${r.id})`,
    })
    .from(r)
    .innerJoin(programs, eq(programs.id, r.program_id))
    .where(inArray(r.id, redeemIds));
}

/**
 * The program's published activities (of published topics) in program order, with only what a
 * state reads: the 'Skip' setting and the schedule (`content.meta_data`), never the rest of the
 * settings and content.
 */
export async function outlineRows(db: DbOrTx, programId: string) {
  return db
    .select({
      id: activities.id,
      topic_id: activities.topic_id,
      name: activities.name,
      type: activities.type,
      is_skip: sql<unknown>`${activities.settings} -> 'is_skip'`,
      meta_data: sql<unknown>`${activities.content} -> 'meta_data'`,
    })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(publishedIn(eq(activities.program_id, programId)))
    .orderBy(asc(topics.seq), asc(activities.seq));
}
