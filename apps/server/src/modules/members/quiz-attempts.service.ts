import type { ActivitySettings } from '@ajar/shared/activities/activities-content.schemas';
import { memberLimits, memberMessages } from '@ajar/shared/members/members.constants';
import type {
  AttemptSummary,
  QuizResult,
  QuizStartData,
} from '@ajar/shared/members/member-learning.schemas';
import { activityMinimum, scorePacket, type QuizAnswers } from '@ajar/shared/quiz/quiz.scoring';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  completionMode,
  findLearningContext,
  markComplete,
  readSettings,
} from './activity-progress.service';
import * as learning from './learning.repository';
import { recomputeScores } from './member-scores.service';
import {
  packetSections,
  pickPacket,
  type PacketSection,
  sectionsOfAttempt,
  servedOrder,
  toScorable,
  toServedQuestion,
} from './quiz-packets.service';
import * as repo from './quiz-attempts.repository';
import type { MemberRef } from './redeem.service';

/**
 * Attempts the member may still start: 'Kesempatan mengulang' 0 = the first attempt only,
 * N = N retakes after the first, -1 = unlimited (null).
 */
export function attemptsLeftFor(settings: ActivitySettings, attemptsDone: number): number | null {
  const repeat = settings.opportunity_repeat_test;
  if (repeat < 0) return null;
  return Math.max(0, 1 + repeat - attemptsDone);
}

const graceMs = memberLimits.quizGraceSeconds * 1000;

function isExpired(attempt: repo.AttemptRow, now: Date): boolean {
  return attempt.deadline_at !== null && now.getTime() > attempt.deadline_at.getTime() + graceMs;
}

function toSummary(row: repo.AttemptRow, settings: ActivitySettings): AttemptSummary {
  const showScore = settings.is_show_score === 1;
  return {
    id: row.id,
    attempt_no: row.attempt_no,
    started_at: row.started_at.toISOString(),
    deadline_at: row.deadline_at?.toISOString() ?? null,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    score: showScore ? row.score : null,
    passed: row.passed,
  };
}

export async function listAttemptSummaries(
  db: DbOrTx,
  redeemId: string,
  activityId: string,
  settings: ActivitySettings,
): Promise<AttemptSummary[]> {
  return (await repo.listAttempts(db, redeemId, activityId)).map((r) => toSummary(r, settings));
}

type Context = Awaited<ReturnType<typeof findLearningContext>>;

/**
 * Scores answers against an attempt's sections, its sections' minimum scores and the activity's
 * minimum value; `details` is what the attempt keeps of each section.
 */
export function scoreAttempt(
  sections: PacketSection[],
  settings: ActivitySettings,
  answers: QuizAnswers,
) {
  const result = scorePacket(
    toScorable(sections),
    answers,
    activityMinimum(settings.set_minimum_value),
  );
  const details = result.sections.map((s, i) => ({
    name: s.name,
    score: s.score,
    min_score: s.minScore,
    passed: s.passed,
    group_id: sections[i]?.questions[0]?.group_id ?? null,
  }));
  return { result, details };
}

/**
 * Scores an open attempt on the server against the packet's current questions, its sections'
 * minimum scores and the activity's minimum value, closes it, keeps the best score, and completes
 * the activity when the attempt passes (a pre-test on any submission: it measures before
 * learning). Scores of the redemption are recomputed.
 */
async function finishAttempt(
  tx: DbOrTx,
  ctx: Context,
  settings: ActivitySettings,
  attempt: repo.AttemptRow,
  answers: QuizAnswers,
  submittedAt: Date,
) {
  const sections = attempt.packet_id
    ? sectionsOfAttempt(await packetSections(tx, attempt.packet_id), attempt.question_ids)
    : [];
  const { result, details } = scoreAttempt(sections, settings, answers);
  const closed = await repo.closeAttempt(tx, attempt.id, {
    answers: { ...answers },
    submittedAt,
    score: result.score,
    passed: result.passed,
    details,
  });
  if (!closed) throw AppError.badRequest(memberMessages.attemptClosed);

  const { activity, redeem } = ctx;
  const all = await repo.listAttempts(tx, redeem.id, activity.id);
  const submitted = all.filter((a) => a.submitted_at !== null);
  const scores = submitted.map((a) => a.score).filter((s): s is number => s !== null);
  const best = scores.length ? Math.max(...scores) : null;
  const completes = activity.type === 'pre_test' || result.passed;
  const stats = { score: best, attempts: submitted.length };
  let progress = redeem.progress;
  let row;
  if (completes) {
    const done = await markComplete(tx, redeem.id, activity, stats);
    row = done.row;
    progress = done.progress;
  } else {
    row = await learning.upsertProgress(
      tx,
      {
        redeemId: redeem.id,
        programId: activity.program_id,
        topicId: activity.topic_id,
        activityId: activity.id,
      },
      stats,
    );
  }
  await recomputeScores(tx, redeem.id);
  return { closed, result, sections, row, best, progress, attemptsDone: all.length };
}

/**
 * Starts (or resumes) an attempt at a quiz-type activity. An open attempt still within its time
 * is answered again (same questions, same deadline); one past its deadline is closed as
 * submitted at the deadline with what the server has (no answers) and counts as used. Then a new
 * attempt needs a chance left ('Kesempatan mengerjakan sudah habis'), picks its packet, orders
 * its questions and sets the server's deadline from 'Timer' (minutes). Questions are answered
 * without their right answers.
 */
export async function startQuiz(
  db: Db,
  member: MemberRef,
  programId: string,
  activityId: string,
): Promise<QuizStartData> {
  const ctx = await findLearningContext(db, member, programId, activityId);
  if (completionMode(ctx.activity.type) !== 'quiz')
    throw AppError.badRequest(memberMessages.notQuiz);
  const settings = readSettings(ctx.activity.settings);
  const now = new Date();
  return db.transaction(async (tx) => {
    await learning.lockRedeem(tx, ctx.redeem.id);
    let attempts = await repo.listAttempts(tx, ctx.redeem.id, activityId);
    const open = attempts.find((a) => a.submitted_at === null);
    let attempt: repo.AttemptRow | null = null;
    if (open && !isExpired(open, now)) {
      attempt = open;
    } else if (open) {
      await finishAttempt(tx, ctx, settings, open, {}, open.deadline_at ?? now);
      attempts = await repo.listAttempts(tx, ctx.redeem.id, activityId);
    }
    if (!attempt) {
      if (attemptsLeftFor(settings, attempts.length) === 0) {
        throw AppError.badRequest(memberMessages.noAttemptsLeft);
      }
      const attemptNo = attempts.length + 1;
      const packetId = await pickPacket(tx, activityId, settings, attemptNo);
      if (!packetId) throw AppError.badRequest(memberMessages.noQuestions);
      const sections = await packetSections(tx, packetId);
      attempt = await repo.insertAttempt(tx, {
        redeemId: ctx.redeem.id,
        activityId,
        packetId,
        attemptNo,
        questionIds: servedOrder(sections, settings.is_random_question === 1),
        startedAt: now,
        deadlineAt: settings.timer > 0 ? new Date(now.getTime() + settings.timer * 60_000) : null,
      });
      await learning.markStarted(tx, ctx.redeem.id);
      attempts = [...attempts, attempt];
    }
    const served = attempt.packet_id
      ? sectionsOfAttempt(await packetSections(tx, attempt.packet_id), attempt.question_ids)
      : [];
    return {
      attempt: toSummary(attempt, settings),
      attempts_left: attemptsLeftFor(settings, attempts.length),
      seconds_left: attempt.deadline_at
        ? Math.max(0, Math.floor((attempt.deadline_at.getTime() - now.getTime()) / 1000))
        : null,
      sections: served.map((s) => ({ name: s.name, questions: s.questions.map(toServedQuestion) })),
    };
  });
}

/**
 * Refuses (400, the attempt stays open) an answer whose option index does not exist on its
 * question, naming the question by the number the member sees (its place in the attempt). Both
 * question types the server scores (multiple choice and survey) answer with one option index.
 */
async function refuseMissingOptions(
  tx: DbOrTx,
  attempt: repo.AttemptRow,
  given: Record<string, number>,
): Promise<void> {
  if (Object.keys(given).length === 0 || !attempt.packet_id) return;
  const sections = sectionsOfAttempt(
    await packetSections(tx, attempt.packet_id),
    attempt.question_ids,
  );
  const optionCounts = new Map(
    sections.flatMap((s) => s.questions.map((q) => [q.id, q.options.length] as const)),
  );
  for (const [id, choice] of Object.entries(given)) {
    // A question removed by staff since the start is not scored: its answer is ignored.
    const count = optionCounts.get(id);
    if (count !== undefined && choice >= count) {
      const number = attempt.question_ids.indexOf(id) + 1;
      throw AppError.validation({ answers: memberMessages.optionNotFound(number, count) });
    }
  }
}

/**
 * Submits an open attempt's answers (question id → option index) and scores them on the server.
 * A submission later than the deadline plus a 30-second grace is refused ('Waktu pengerjaan sudah
 * habis'); the attempt is then closed as submitted at the deadline without answers, and counts.
 */
export async function submitQuiz(
  db: Db,
  member: MemberRef,
  path: { programId: string; activityId: string; attemptId: string },
  answers: Record<string, number | null>,
): Promise<QuizResult> {
  const ctx = await findLearningContext(db, member, path.programId, path.activityId);
  const settings = readSettings(ctx.activity.settings);
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    await learning.lockRedeem(tx, ctx.redeem.id);
    const attempt = await repo.findAttempt(tx, ctx.redeem.id, path.activityId, path.attemptId);
    if (!attempt) throw AppError.notFound(memberMessages.attemptNotFound);
    if (attempt.submitted_at) throw AppError.badRequest(memberMessages.attemptClosed);
    if (isExpired(attempt, now)) {
      await finishAttempt(tx, ctx, settings, attempt, {}, attempt.deadline_at!);
      return null;
    }
    const served = new Set(attempt.question_ids);
    const unknown = Object.keys(answers).find((id) => !served.has(id));
    if (unknown) throw AppError.validation({ answers: memberMessages.unknownQuestion });
    const given: Record<string, number> = {};
    for (const [id, choice] of Object.entries(answers)) if (choice !== null) given[id] = choice;
    await refuseMissingOptions(tx, attempt, given);
    return finishAttempt(tx, ctx, settings, attempt, given, now);
  });
  if (!outcome) throw AppError.badRequest(memberMessages.timeUp);

  const { closed, result, row, best, progress, attemptsDone } = outcome;
  const showScore = settings.is_show_score === 1;
  const showAnswers = settings.is_show_answer === 1;
  return {
    attempt: toSummary(closed, settings),
    passed: result.passed,
    score: showScore ? result.score : null,
    best_score: showScore ? best : null,
    sections: result.sections.map((s) => ({
      name: s.name,
      score: showScore ? s.score : null,
      min_score: s.minScore,
      passed: s.passed,
    })),
    answers: showAnswers
      ? result.sections.flatMap((s) =>
          s.questions.map((q) => ({
            id: q.id,
            correct: q.correct,
            correct_options: q.correctOptions,
          })),
        )
      : null,
    attempts_left: attemptsLeftFor(settings, attemptsDone),
    is_complete: row.is_complete,
    progress,
  };
}
