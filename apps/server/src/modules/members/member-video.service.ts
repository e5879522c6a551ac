import { memberMessages } from '@ajar/shared/members/members.constants';
import type { VideoProgressData } from '@ajar/shared/members/member-learning.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findLearningContext, markComplete, toMemberActivity } from './activity-progress.service';
import * as repo from './learning.repository';
import type { MemberRef } from './redeem.service';

const videoTypes = new Set(['menonton_video', 'embed_youtube']);

/** Watched to the end: the furthest point reached is within the last 5 % (or 5 s) of the video. */
export function watchedToEnd(maxPosition: number, duration: number): boolean {
  if (duration <= 0) return false;
  return maxPosition >= Math.min(duration * 0.95, duration - 5);
}

/**
 * Keeps where the member is in a video (uploaded or YouTube) and the furthest point watched (it
 * never goes back); the activity completes once the video is watched to the end.
 */
export async function saveVideoProgress(
  db: Db,
  member: MemberRef,
  path: { programId: string; activityId: string },
  body: { position_seconds: number; duration_seconds: number },
): Promise<VideoProgressData> {
  const { redeem, activity } = await findLearningContext(
    db,
    member,
    path.programId,
    path.activityId,
  );
  if (!videoTypes.has(activity.type)) throw AppError.badRequest(memberMessages.notVideo);
  return db.transaction(async (tx) => {
    await repo.lockRedeem(tx, redeem.id);
    const existing = await repo.findProgress(tx, redeem.id, activity.id);
    const duration = Math.max(body.duration_seconds, existing?.video_duration ?? 0);
    const position = Math.min(body.position_seconds, duration || body.position_seconds);
    const max = Math.max(position, existing?.video_max_position ?? 0);
    const change = { video_position: position, video_max_position: max, video_duration: duration };
    const key = {
      redeemId: redeem.id,
      programId: activity.program_id,
      topicId: activity.topic_id,
      activityId: activity.id,
    };
    let row = await repo.upsertProgress(tx, key, change);
    let progress = redeem.progress;
    if (!row.is_complete && watchedToEnd(max, duration)) {
      const done = await markComplete(tx, redeem.id, activity);
      row = done.row;
      progress = done.progress;
    } else {
      await repo.markStarted(tx, redeem.id);
    }
    return {
      video_position: position,
      video_max_position: max,
      video_duration: duration,
      activity: toMemberActivity(activity, row),
      progress,
    };
  });
}
