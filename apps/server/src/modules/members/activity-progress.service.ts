import {
  activitySettingsSchema,
  defaultActivitySettings,
  type ActivitySettings,
} from '@ajar/shared/activities/activities-content.schemas';
import { isQuizActivityType } from '@ajar/shared/activities/activities.constants';
import { memberMessages, type CompletionMode } from '@ajar/shared/members/members.constants';
import type { ActivityStateResult } from '@ajar/shared/members/activity-locks.rules';
import type { MemberActivity } from '@ajar/shared/members/member-learning.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordLearningEvent } from '../records/records.service';
import { assertUnlocked } from './activity-states.service';
import * as repo from './learning.repository';
import { findMyProgram, type MemberRef } from './redeem.service';

/** How an activity type is completed (a quiz by submitting it, practice work by uploading it). */
export function completionMode(type: string): CompletionMode {
  if (isQuizActivityType(type)) return 'quiz';
  if (type === 'praktek_mandiri') return 'upload';
  return 'manual';
}

/** The activity's settings read through the shared schema (stored rows may be partial). */
export function readSettings(value: unknown): ActivitySettings {
  const parsed = activitySettingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultActivitySettings;
}

type ActivityBase = { id: string; topic_id: string; name: string; type: string; seq: number };

/** The state of an activity the member could just act on (it is not locked). */
export function stateAfter(p: repo.ListedProgress | null | undefined): ActivityStateResult {
  if (p?.is_complete) return { state: 'selesai', lock_reason: null, locked_by: null };
  const started =
    (p?.attempts ?? 0) > 0 ||
    (p?.video_position ?? 0) > 0 ||
    Boolean(p?.work_file_key) ||
    Boolean(p?.content_opened_at ?? p?.link_followed_at);
  return { state: started ? 'sedang' : 'belum', lock_reason: null, locked_by: null };
}

export function toMemberActivity(
  a: ActivityBase,
  p: repo.ListedProgress | null | undefined,
  state: ActivityStateResult = stateAfter(p),
): MemberActivity {
  return {
    id: a.id,
    topic_id: a.topic_id,
    name: a.name,
    type: a.type,
    seq: a.seq,
    completion: completionMode(a.type),
    is_complete: p?.is_complete ?? false,
    completed_at: p?.completed_at?.toISOString() ?? null,
    score: p?.score ?? null,
    attempts: p?.attempts ?? 0,
    upload:
      p?.work_file_key && p.work_uploaded_at
        ? {
            name: p.work_file_name,
            size: p.work_file_size,
            type: p.work_file_type,
            note: p.work_note,
            uploaded_at: p.work_uploaded_at.toISOString(),
          }
        : null,
    feedback: p?.feedback_at
      ? { score: p.feedback_score, text: p.feedback_text, at: p.feedback_at.toISOString() }
      : null,
    state: state.state,
    lock_reason: state.lock_reason,
    locked_by: state.locked_by,
  };
}

/**
 * The member's redemption and a published activity of it; 404 for anything else, 403 with the
 * reason while the activity is locked (schedule, an earlier activity required). With
 * `withContent: false` the activity's content is left empty (callers that never read it).
 */
export async function findLearningContext(
  db: DbOrTx,
  member: MemberRef,
  programId: string,
  activityId: string,
  { withContent = true }: { withContent?: boolean } = {},
) {
  const redeem = await findMyProgram(db as Db, member, programId);
  const activity = await repo.findPublishedActivity(db, programId, activityId, withContent);
  if (!activity) throw AppError.notFound(memberMessages.activityNotFound);
  await assertUnlocked(db, redeem.id, activity);
  return { redeem, activity };
}

/**
 * Marks the member's activity complete and recomputes the program's progress (in SQL) in the
 * caller's transaction, recording `activity_completed` the first time. Used by every way an
 * activity completes (reading, watching, quiz submission, work upload, check-in).
 */
export async function markComplete(
  tx: DbOrTx,
  redeemId: string,
  activity: { id: string; topic_id: string; program_id: string },
  extra: Parameters<typeof repo.upsertProgress>[2] = {},
) {
  const existing = await repo.findProgress(tx, redeemId, activity.id);
  if (!existing?.is_complete) {
    const memberId = await repo.memberOfRedeem(tx, redeemId);
    await recordLearningEvent(tx, {
      memberId,
      programId: activity.program_id,
      activityId: activity.id,
      kind: 'activity_completed',
    });
  }
  const row = await repo.upsertProgress(
    tx,
    {
      redeemId,
      programId: activity.program_id,
      topicId: activity.topic_id,
      activityId: activity.id,
    },
    {
      ...extra,
      is_complete: true,
      completed_at: existing?.completed_at ?? new Date(),
    },
  );
  const progress = await repo.recomputeProgress(tx, redeemId, activity.program_id);
  return { row, ...progress };
}
