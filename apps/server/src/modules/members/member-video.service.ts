import { hasPopupQuiz } from '@ajar/shared/activities/activities.constants';
import {
  addInterval,
  countReport,
  passedSecond,
  watchedPercent,
  type ReportMark,
  type WatchCount,
  type WatchedIntervals,
} from '@ajar/shared/members/completion.rules';
import { memberMessages } from '@ajar/shared/members/members.constants';
import type { VideoProgressData } from '@ajar/shared/members/member-learning.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { serverNow } from '../../lib/clock';
import { readQuiz } from '../activities/activities-read';
import { recordLearningEvent } from '../records/records.service';
import {
  findLearningContext,
  markComplete,
  readSettings,
  toMemberActivity,
} from './activity-progress.service';
import * as repo from './learning.repository';
import * as popups from './member-popup.repository';
import type { MemberRef } from './redeem.service';

const videoTypes = new Set(['menonton_video', 'embed_youtube']);

/**
 * Pop-up questions of the video still open for the member: neither answered nor met and closed
 * (a question with a time limit, or in a quiz the author lets skip, counts once the watching
 * passed its second: it ran out of time or was skipped as allowed).
 */
export async function popupsLeft(
  db: DbOrTx,
  redeemId: string,
  activity: { id: string; type: string },
  watched: WatchedIntervals,
  duration: number,
): Promise<number> {
  if (!hasPopupQuiz(activity.type)) return 0;
  const quiz = readQuiz(await popups.activityQuiz(db, activity.id), activity.id);
  if (!quiz) return 0;
  const ids = quiz.quizzes.flatMap((q) => q.gameplays);
  const [rows, answers] = await Promise.all([
    popups.gameplaysOf(db, activity.id, ids),
    popups.answersOf(db, redeemId, activity.id),
  ]);
  const exists = new Map(rows.map((g) => [g.id, g]));
  const answered = new Set(answers.map((a) => a.gameplay_id));
  const quizTimed = quiz.setting.time.enable === 1 && quiz.setting.time.duration > 0;
  let left = 0;
  for (const q of quiz.quizzes) {
    const passed = duration > 0 && passedSecond(watched, q.second, duration);
    for (const id of q.gameplays) {
      const g = exists.get(id);
      if (!g || answered.has(id)) continue;
      const closesItself = quizTimed || (g.time ?? 0) > 0 || quiz.setting.skip === 1;
      if (!(passed && closesItself)) left += 1;
    }
  }
  return left;
}

/** The percent of the video that completes it (the author's choice, else 90). */
export function requiredPercent(settings: unknown): number {
  return readSettings(settings).video_completion_percent;
}

/**
 * Where the member is in a video (uploaded or YouTube), kept for resuming, and the seconds
 * actually watched: a report adds the stretch from the previous report only when the server time
 * since allows it at the players' fastest speed (a jump forward adds nothing). The length is the
 * one first reported and kept. The activity completes when the watched share reaches the
 * activity's rule and every pop-up question is answered (or ran out of time).
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
    { withContent: false },
  );
  if (!videoTypes.has(activity.type)) throw AppError.badRequest(memberMessages.notVideo);
  return db.transaction(async (tx) => {
    await repo.lockRedeem(tx, redeem.id);
    const now = serverNow();
    const existing = await repo.findProgress(tx, redeem.id, activity.id);
    // The first length reported is kept: a later, shorter one would make less video 'the end'.
    const duration =
      existing?.video_duration && existing.video_duration > 0
        ? existing.video_duration
        : body.duration_seconds;
    const position = duration > 0 ? Math.min(body.position_seconds, duration) : 0;
    const { stretch, next } = countReport(watchCountOf(existing), position, now);
    const before = existing?.video_watched ?? [];
    const watched = stretch ? addInterval(before, stretch[0], stretch[1]) : before;
    const max = Math.max(position, existing?.video_max_position ?? 0);
    const key = {
      redeemId: redeem.id,
      programId: activity.program_id,
      topicId: activity.topic_id,
      activityId: activity.id,
    };
    let row = await repo.upsertProgress(tx, key, {
      video_position: position,
      video_max_position: max,
      video_duration: duration,
      video_watched: watched,
      video_reported_at: now,
      video_counted_position: next.counted?.position ?? null,
      video_counted_at: next.counted?.at ?? null,
      video_run_position: next.run?.position ?? null,
      video_run_at: next.run?.at ?? null,
    });
    if (stretch) {
      await recordLearningEvent(tx, {
        memberId: member.id,
        programId: activity.program_id,
        activityId: activity.id,
        kind: 'video_watched',
        data: { from: round(stretch[0]), to: round(stretch[1]) },
      });
    }
    const percent = watchedPercent(watched, duration);
    const required = requiredPercent(activity.settings);
    const left = await popupsLeft(tx, redeem.id, activity, watched, duration);
    let progress = redeem.progress;
    if (!row.is_complete && percent >= required && left === 0) {
      const done = await markComplete(tx, redeem.id, activity);
      row = done.row;
      progress = done.progress;
    } else if (!redeem.start_test_at) {
      // Once started, a report every 10 s writes only its own progress row.
      await repo.markStarted(tx, redeem.id);
    }
    return {
      video_position: position,
      video_max_position: max,
      video_duration: duration,
      watched_percent: percent,
      required_percent: required,
      popups_left: left,
      activity: toMemberActivity(activity, row),
      progress,
    };
  });
}

const mark = (position: number | null, at: Date | null): ReportMark | null =>
  position !== null && at !== null ? { position, at } : null;

/** Where the watched record counts the next report from, as the progress row keeps it. */
function watchCountOf(row: repo.ProgressRow | null): WatchCount {
  if (!row) return { counted: null, run: null };
  return {
    counted: mark(row.video_counted_position, row.video_counted_at),
    run: mark(row.video_run_position, row.video_run_at),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
