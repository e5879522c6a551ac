import { memberMessages } from '@ajar/shared/members/members.constants';
import type {
  CompleteData,
  MemberActivity,
  MemberActivityDetail,
  MyProgramDetail,
} from '@ajar/shared/members/member-learning.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  completionMode,
  findLearningContext,
  markComplete,
  readSettings,
  toMemberActivity,
} from './activity-progress.service';
import { statesOfRedeem } from './activity-states.service';
import * as repo from './learning.repository';
import { attemptsLeftFor, listAttemptSummaries } from './quiz-attempts.service';
import { findMyProgram, toMyProgram, type MemberRef } from './redeem.service';
import { recordActivityOpened } from '../records/records.service';

/**
 * One of the member's programs: the redemption (progress, scores) and the published topics with
 * their published activities, each with `is_complete`, the member's upload and staff feedback.
 * 404 when the member has not redeemed the program.
 */
export async function getMyProgramDetail(
  db: Db,
  member: MemberRef,
  programId: string,
): Promise<MyProgramDetail> {
  const redeem = await findMyProgram(db, member, programId);
  const [topicRows, activityRows, progressRows, states] = await Promise.all([
    repo.publishedTopics(db, programId),
    repo.publishedActivities(db, programId),
    repo.progressOfRedeem(db, redeem.id),
    statesOfRedeem(db, redeem.id),
  ]);
  const progressByActivity = new Map(progressRows.map((p) => [p.activity_id, p]));
  const byTopic = new Map<string, MemberActivity[]>();
  for (const a of activityRows) {
    const list = byTopic.get(a.topic_id) ?? [];
    const progress = progressByActivity.get(a.id);
    list.push(toMemberActivity(a, progress, states.byActivity.get(a.id)));
    byTopic.set(a.topic_id, list);
  }
  return {
    ...toMyProgram(redeem, states.next),
    topics: topicRows.map((t) => ({ ...t, activities: byTopic.get(t.id) ?? [] })),
  };
}

/** One published activity of a redeemed program with its content, settings and my attempts. */
export async function getMyActivity(
  db: Db,
  member: MemberRef,
  programId: string,
  activityId: string,
): Promise<MemberActivityDetail> {
  const { redeem, activity } = await findLearningContext(db, member, programId, activityId);
  // Evidence of the visit (at most one per quiet period, see records.service.ts).
  const ids = { memberId: member.id, programId: activity.program_id, activityId: activity.id };
  await recordActivityOpened(db, ids);
  const progress = await repo.findProgress(db, redeem.id, activity.id);
  const settings = readSettings(activity.settings);
  const isQuiz = completionMode(activity.type) === 'quiz';
  const history = isQuiz ? await listAttemptSummaries(db, redeem.id, activity.id, settings) : [];
  const states = await statesOfRedeem(db, redeem.id);
  return {
    ...toMemberActivity(activity, progress, states.byActivity.get(activity.id)),
    settings,
    content: activity.content,
    attempts_left: isQuiz ? attemptsLeftFor(settings, history.length) : 0,
    history,
    video_position: progress?.video_position ?? null,
    video_max_position: progress?.video_max_position ?? null,
    video_duration: progress?.video_duration ?? null,
  };
}

/**
 * `complete` of an activity that is done by reading or watching. Quiz types complete by their
 * submission and practice work by its upload (400 here). Completing twice changes nothing.
 */
export async function completeActivity(
  db: Db,
  member: MemberRef,
  programId: string,
  activityId: string,
): Promise<CompleteData> {
  const { redeem, activity } = await findLearningContext(db, member, programId, activityId);
  const mode = completionMode(activity.type);
  if (mode === 'quiz') throw AppError.badRequest(memberMessages.completeByQuiz);
  if (mode === 'upload') throw AppError.badRequest(memberMessages.completeByUpload);
  return db.transaction(async (tx) => {
    await repo.lockRedeem(tx, redeem.id);
    const { row, progress, end_test_at } = await markComplete(tx, redeem.id, activity);
    return {
      activity: toMemberActivity(activity, row),
      progress,
      end_test_at: end_test_at?.toISOString() ?? null,
    };
  });
}
