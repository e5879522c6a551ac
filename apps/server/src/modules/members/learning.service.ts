import {
  completionRoute,
  contentMissing,
  offeredFile,
  offeredLink,
  requiredReadingSeconds,
  watchedPercent,
} from '@ajar/shared/members/completion.rules';
import { memberMessages } from '@ajar/shared/members/members.constants';
import type {
  CompleteData,
  CompletionRequirement,
  MemberActivity,
  MemberActivityDetail,
  MyProgramDetail,
} from '@ajar/shared/members/member-learning.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { serverNow } from '../../lib/clock';
import { recordLearningEvent } from '../records/records.service';
import {
  completionMode,
  findLearningContext,
  markComplete,
  readSettings,
  toMemberActivity,
} from './activity-progress.service';
import { statesOfRedeem } from './activity-states.service';
import { checkContentLink, contentLink, type ContentTarget } from './content-links';
import * as repo from './learning.repository';
import { popupsLeft, requiredPercent } from './member-video.service';
import { attemptsLeftFor, listAttemptSummaries } from './quiz-attempts.service';
import { questionCountOfPool } from './quiz-packets.service';
import { findMyProgram, toMyProgram, type MemberRef } from './redeem.service';
import { recordActivityOpened } from '../records/records.service';
import { readyStreamOfContent } from '../media/video-stream.service';
import type { Storage } from '../../lib/storage';

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

type Activity = repo.PublishedActivity;

/** Where the member stands against the activity's completion rule (docs/decisions.md). */
async function requirementOf(
  db: DbOrTx,
  member: MemberRef,
  redeemId: string,
  activity: Activity,
  progress: repo.ProgressRow | null,
): Promise<CompletionRequirement> {
  const route = completionRoute(activity.type);
  const settings = readSettings(activity.settings);
  const now = serverNow();
  const link = (target: ContentTarget) =>
    contentLink(
      db,
      { memberId: member.id, programId: activity.program_id, activityId: activity.id, target },
      now,
    );
  const watched = progress?.video_watched ?? [];
  const duration = progress?.video_duration ?? 0;
  const isVideo = route === 'video';
  return {
    route,
    content_missing: contentMissing(activity.type, activity.content),
    watched_percent: isVideo ? watchedPercent(watched, duration) : 0,
    required_percent: isVideo ? requiredPercent(activity.settings) : 0,
    popups_left: isVideo ? await popupsLeft(db, redeemId, activity, watched, duration) : 0,
    opened_at: progress?.content_opened_at?.toISOString() ?? null,
    link_followed_at: progress?.link_followed_at?.toISOString() ?? null,
    required_seconds: isVideo ? 0 : requiredReadingSeconds(settings.estimated_duration),
    file_url: route === 'file' && offeredFile(activity.content) ? await link('file') : null,
    link_url: offeredLink(activity.type, activity.content) ? await link('link') : null,
  };
}

const progressKey = (redeemId: string, activity: Activity) => ({
  redeemId,
  programId: activity.program_id,
  topicId: activity.topic_id,
  activityId: activity.id,
});

/** Records that the member's page, file or link was opened (the first time kept on the row). */
async function recordOpening(
  tx: DbOrTx,
  member: MemberRef,
  redeemId: string,
  activity: Activity,
  what: 'page' | ContentTarget,
): Promise<void> {
  const now = serverNow();
  await repo.markOpened(
    tx,
    progressKey(redeemId, activity),
    what === 'link' ? 'link' : 'content',
    now,
  );
  await recordLearningEvent(tx, {
    memberId: member.id,
    programId: activity.program_id,
    activityId: activity.id,
    kind: 'content_opened',
    data: { what },
  });
}

/**
 * One published activity of a redeemed program with its content, settings, my attempts and where
 * I stand against its completion rule. Serving a page activity (its text is the content) records
 * that it was opened.
 */
export async function getMyActivity(
  db: Db,
  member: MemberRef,
  programId: string,
  activityId: string,
  /** Writes the addresses of a video's adaptive streams. */
  storage: Pick<Storage, 'publicUrl'>,
): Promise<MemberActivityDetail> {
  const { redeem, activity } = await findLearningContext(db, member, programId, activityId);
  // Evidence of the visit (at most one per quiet period, see records.service.ts).
  const ids = { memberId: member.id, programId: activity.program_id, activityId: activity.id };
  await recordActivityOpened(db, ids);
  const route = completionRoute(activity.type);
  if (route === 'page' && !contentMissing(activity.type, activity.content)) {
    const before = await repo.findProgress(db, redeem.id, activity.id);
    if (!before?.content_opened_at) {
      await db.transaction((tx) => recordOpening(tx, member, redeem.id, activity, 'page'));
    }
  }
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
    question_count: isQuiz ? await questionCountOfPool(db, activity.id, settings) : null,
    history,
    video_position: progress?.video_position ?? null,
    video_max_position: progress?.video_max_position ?? null,
    video_duration: progress?.video_duration ?? null,
    video_stream:
      route === 'video' ? await readyStreamOfContent({ db, storage }, activity.content) : null,
    requirement: await requirementOf(db, member, redeem.id, activity, progress),
  };
}

/**
 * `GET …/open/{file|link}` (reached by navigation, so the member and an expiry are signed into
 * the address): records the opening and answers where to redirect, the PDF or the external link.
 * A link that is not this server's, expired, or for content the activity no longer offers: 404.
 */
export async function openContent(
  db: Db,
  path: { programId: string; activityId: string; target: ContentTarget },
  query: { member: string; exp: number; sig: string },
): Promise<string> {
  const fields = {
    memberId: query.member,
    programId: path.programId,
    activityId: path.activityId,
    target: path.target,
    exp: query.exp,
  };
  if (!(await checkContentLink(db, { ...fields, sig: query.sig }, serverNow()))) {
    throw AppError.notFound(memberMessages.contentLinkInvalid);
  }
  const member = { id: query.member };
  const { redeem, activity } = await findLearningContext(
    db,
    member,
    path.programId,
    path.activityId,
  );
  const target =
    path.target === 'file'
      ? offeredFile(activity.content)
      : offeredLink(activity.type, activity.content);
  if (!target || (path.target === 'file' && completionRoute(activity.type) !== 'file')) {
    throw AppError.notFound(memberMessages.contentMissing);
  }
  await db.transaction((tx) => recordOpening(tx, member, redeem.id, activity, path.target));
  return target;
}

/** Why the member cannot complete a reading, PDF or link activity yet; null when they can. */
function readingRefusal(activity: Activity, progress: repo.ProgressRow | null): string | null {
  const route = completionRoute(activity.type);
  if (contentMissing(activity.type, activity.content)) return memberMessages.contentMissing;
  if (route === 'file' && !progress?.content_opened_at) return memberMessages.fileNotOpened;
  if (route === 'page' && !progress?.content_opened_at) return memberMessages.pageNotOpened;
  if (offeredLink(activity.type, activity.content) && !progress?.link_followed_at) {
    return memberMessages.linkNotFollowed;
  }
  const needed = requiredReadingSeconds(readSettings(activity.settings).estimated_duration);
  const opened = [progress?.content_opened_at, progress?.link_followed_at]
    .filter((d): d is Date => d instanceof Date)
    .map((d) => d.getTime());
  const since = opened.length ? (serverNow().getTime() - Math.min(...opened)) / 1000 : 0;
  if (since < needed) return memberMessages.tooSoon(Math.max(1, Math.ceil((needed - since) / 60)));
  return null;
}

/**
 * `complete` of an activity done by reading: the page, PDF or link must have been opened through
 * the server and, with an estimated duration, enough server time passed since (docs/decisions.md,
 * completion). Videos complete by watching, quizzes by their submission, practice work by its
 * upload and meetings by check-in (400 here). Completing twice changes nothing.
 */
export async function completeActivity(
  db: Db,
  member: MemberRef,
  programId: string,
  activityId: string,
): Promise<CompleteData> {
  const { redeem, activity } = await findLearningContext(db, member, programId, activityId);
  const route = completionRoute(activity.type);
  if (route === 'quiz') throw AppError.badRequest(memberMessages.completeByQuiz);
  if (route === 'upload') throw AppError.badRequest(memberMessages.completeByUpload);
  if (route === 'video') throw AppError.badRequest(memberMessages.completeByWatching);
  if (route === 'check_in') throw AppError.badRequest(memberMessages.completeByCheckIn);
  return db.transaction(async (tx) => {
    await repo.lockRedeem(tx, redeem.id);
    const before = await repo.findProgress(tx, redeem.id, activity.id);
    if (!before?.is_complete) {
      const refusal = readingRefusal(activity, before);
      if (refusal) throw AppError.badRequest(refusal);
    }
    const { row, progress, end_test_at } = await markComplete(tx, redeem.id, activity);
    return {
      activity: toMemberActivity(activity, row),
      progress,
      end_test_at: end_test_at?.toISOString() ?? null,
    };
  });
}
