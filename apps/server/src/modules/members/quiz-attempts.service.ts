import type { ActivitySettings } from '@ajar/shared/activities/activities-content.schemas';
import { memberLimits, memberMessages } from '@ajar/shared/members/members.constants';
import type {
  AttemptSummary,
  QuizAnswerSaved,
  QuizExplanation,
  QuizResult,
  QuizStartData,
} from '@ajar/shared/members/member-learning.schemas';
import { activityMinimum, scorePacket, type QuizAnswers } from '@ajar/shared/quiz/quiz.scoring';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { runOnce, type OnceAnswer } from '../idempotency/idempotency.service';
import { recordLearningEvent } from '../records/records.service';
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
  preparedSections,
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

/**
 * The answers an attempt holds that can be scored: option indexes of questions it served (a
 * cleared answer is kept as null and is no answer).
 */
function heldAnswers(attempt: repo.AttemptRow): Record<string, number> {
  const served = new Set(attempt.question_ids);
  const held: Record<string, number> = {};
  for (const [id, choice] of Object.entries(attempt.answers)) {
    if (served.has(id) && typeof choice === 'number') held[id] = choice;
  }
  return held;
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
  how: 'submitted' | 'expired',
  memberId: string,
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
  await recordLearningEvent(tx, {
    memberId,
    programId: activity.program_id,
    activityId: activity.id,
    kind: 'quiz_submitted',
    data: {
      attempt_id: attempt.id,
      attempt_no: attempt.attempt_no,
      score: result.score,
      passed: result.passed,
      answered: Object.keys(answers).length,
      // 'expired': the deadline passed and the server scored the answers it held.
      how,
    },
  });
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
 * is answered again (same questions, same deadline, the answers saved so far); one past its
 * deadline is closed as submitted at the deadline, scored on the answers the server holds, and
 * counts as used. Then a new attempt needs a chance left ('Kesempatan mengerjakan sudah habis'),
 * picks its packet, orders its questions and sets the server's deadline from 'Timer' (minutes).
 * Questions are answered without their right answers.
 */
export async function startQuiz(
  db: Db,
  member: MemberRef,
  programId: string,
  activityId: string,
): Promise<QuizStartData> {
  const ctx = await findLearningContext(db, member, programId, activityId, {
    withContent: false,
  });
  if (completionMode(ctx.activity.type) !== 'quiz')
    throw AppError.badRequest(memberMessages.notQuiz);
  const settings = readSettings(ctx.activity.settings);
  const now = new Date();
  // Committed on its own: the expiry stands even when no new attempt may start.
  await closeIfExpired(db, ctx, settings, member.id, now);
  return db.transaction(async (tx) => {
    await learning.lockRedeem(tx, ctx.redeem.id);
    let attempts = await repo.listAttempts(tx, ctx.redeem.id, activityId);
    const open = attempts.find((a) => a.submitted_at === null);
    let attempt: repo.AttemptRow | null = null;
    if (open && !isExpired(open, now)) {
      attempt = open;
    } else if (open) {
      const at = open.deadline_at ?? now;
      await finishAttempt(tx, ctx, settings, open, heldAnswers(open), at, 'expired', member.id);
      attempts = await repo.listAttempts(tx, ctx.redeem.id, activityId);
    }
    if (!attempt) {
      if (attemptsLeftFor(settings, attempts.length) === 0) {
        throw AppError.badRequest(memberMessages.noAttemptsLeft);
      }
      const attemptNo = attempts.length + 1;
      const packetId = await pickPacket(tx, ctx.activity, settings, attemptNo);
      if (!packetId) throw AppError.badRequest(memberMessages.noQuestions);
      const sections = await preparedSections(tx, ctx.activity, packetId);
      attempt = await repo.insertAttempt(tx, {
        redeemId: ctx.redeem.id,
        activityId,
        packetId,
        attemptNo,
        questionIds: servedOrder(sections, settings.is_random_question === 1),
        startedAt: now,
        deadlineAt: settings.timer > 0 ? new Date(now.getTime() + settings.timer * 60_000) : null,
      });
      if (!ctx.redeem.start_test_at) await learning.markStarted(tx, ctx.redeem.id);
      await recordLearningEvent(tx, {
        memberId: member.id,
        programId: ctx.activity.program_id,
        activityId,
        kind: 'quiz_started',
        data: {
          attempt_id: attempt.id,
          attempt_no: attemptNo,
          deadline_at: attempt.deadline_at?.toISOString() ?? null,
        },
      });
      attempts = [...attempts, attempt];
    }
    const served = attempt.packet_id
      ? sectionsOfAttempt(
          await preparedSections(tx, ctx.activity, attempt.packet_id),
          attempt.question_ids,
        )
      : [];
    return {
      attempt: toSummary(attempt, settings),
      attempts_left: attemptsLeftFor(settings, attempts.length),
      seconds_left: attempt.deadline_at
        ? Math.max(0, Math.floor((attempt.deadline_at.getTime() - now.getTime()) / 1000))
        : null,
      sections: served.map((s) => ({ name: s.name, questions: s.questions.map(toServedQuestion) })),
      answers: heldAnswers(attempt),
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
  field: 'answers' | 'answer',
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
      throw AppError.validation({ [field]: memberMessages.optionNotFound(number, count) });
    }
  }
}

/**
 * Closes the attempt if its deadline (plus the grace) has passed while it is still open: it is
 * submitted at the deadline with the answers the server holds. Its own transaction, committed
 * before the late request is refused: the expiry is a fact of time, not of that request.
 */
async function closeIfExpired(
  db: Db,
  ctx: Context,
  settings: ActivitySettings,
  memberId: string,
  now: Date,
  attemptId?: string,
): Promise<void> {
  const { redeem, activity } = ctx;
  const attempt = attemptId
    ? await repo.findAttempt(db, redeem.id, activity.id, attemptId)
    : (await repo.listAttempts(db, redeem.id, activity.id)).find((a) => !a.submitted_at);
  if (!attempt || attempt.submitted_at || !isExpired(attempt, now)) return;
  await db.transaction(async (tx) => {
    await learning.lockRedeem(tx, redeem.id);
    const open = await repo.findAttempt(tx, redeem.id, activity.id, attempt.id);
    if (!open || open.submitted_at) return;
    const at = open.deadline_at!;
    await finishAttempt(tx, ctx, settings, open, heldAnswers(open), at, 'expired', memberId);
  });
}

/** The attempt a request names, open and within its time (404 / 400 otherwise). */
async function openAttempt(tx: DbOrTx, ctx: Context, attemptId: string, now: Date) {
  const attempt = await repo.findAttempt(tx, ctx.redeem.id, ctx.activity.id, attemptId);
  if (!attempt) throw AppError.notFound(memberMessages.attemptNotFound);
  // Past the deadline first: an attempt the server closed at its deadline answers the time.
  if (isExpired(attempt, now)) throw AppError.badRequest(memberMessages.timeUp);
  if (attempt.submitted_at) throw AppError.badRequest(memberMessages.attemptClosed);
  return attempt;
}

/**
 * `PUT …/quiz/{attemptId}/answer`: keeps one answer of the member's own running attempt as it is
 * given (null clears it), so a reload or another device resumes it. The question must be one the
 * attempt served and the option must exist; past the deadline (plus the grace) it is refused
 * and the attempt is scored on what the server holds. Idempotent per key (`runOnce`).
 */
export async function saveAnswer(
  db: Db,
  member: MemberRef,
  path: { programId: string; activityId: string; attemptId: string },
  body: { question_id: string; answer: number | null; idempotency_key?: string | undefined },
): Promise<OnceAnswer<QuizAnswerSaved>> {
  const ctx = await findLearningContext(db, member, path.programId, path.activityId, {
    withContent: false,
  });
  const settings = readSettings(ctx.activity.settings);
  const now = new Date();
  await closeIfExpired(db, ctx, settings, member.id, now, path.attemptId);
  const request = {
    memberId: member.id,
    key: body.idempotency_key,
    scope: `quiz-answer:${path.attemptId}:${body.question_id}`,
  };
  return runOnce(db, request, memberMessages.answerSaved, async (tx) => {
    await learning.lockRedeem(tx, ctx.redeem.id);
    const attempt = await openAttempt(tx, ctx, path.attemptId, now);
    if (!attempt.question_ids.includes(body.question_id)) {
      throw AppError.validation({ question_id: memberMessages.questionNotInAttempt });
    }
    if (body.answer !== null) {
      await refuseMissingOptions(tx, attempt, { [body.question_id]: body.answer }, 'answer');
    }
    const saved = await repo.saveAnswer(tx, attempt.id, body.question_id, body.answer);
    if (!saved) throw AppError.badRequest(memberMessages.attemptClosed);
    await recordLearningEvent(tx, {
      memberId: member.id,
      programId: ctx.activity.program_id,
      activityId: ctx.activity.id,
      kind: 'answer_saved',
      // The option index only: small, and the question's text is in the packet.
      data: { attempt_id: attempt.id, question_id: body.question_id, option: body.answer },
    });
    return {
      attempt_id: attempt.id,
      question_id: body.question_id,
      answer: body.answer,
      answered_count: Object.keys(heldAnswers(saved)).length,
    };
  });
}

/**
 * Submits an open attempt's answers (question id → option index) and scores them on the server.
 * The answers sent win over the ones saved one by one (a null clears one); saved answers the
 * submission leaves out are kept. A submission later than the deadline plus a 30-second grace is
 * refused ('Waktu pengerjaan sudah habis'); the attempt is then closed as submitted at the
 * deadline with the answers the server holds, and counts. Idempotent per key (`runOnce`): a
 * resend gets the first result, never 'Pengerjaan ini sudah dikumpulkan'.
 */
export async function submitQuiz(
  db: Db,
  member: MemberRef,
  path: { programId: string; activityId: string; attemptId: string },
  body: { answers: Record<string, number | null>; idempotency_key?: string | undefined },
): Promise<OnceAnswer<QuizResult>> {
  const ctx = await findLearningContext(db, member, path.programId, path.activityId, {
    withContent: false,
  });
  const settings = readSettings(ctx.activity.settings);
  const now = new Date();
  await closeIfExpired(db, ctx, settings, member.id, now, path.attemptId);
  const request = {
    memberId: member.id,
    key: body.idempotency_key,
    scope: `quiz:${path.attemptId}`,
  };
  return runOnce(db, request, memberMessages.quizSubmitted, async (tx) => {
    await learning.lockRedeem(tx, ctx.redeem.id);
    const attempt = await openAttempt(tx, ctx, path.attemptId, now);
    const served = new Set(attempt.question_ids);
    const unknown = Object.keys(body.answers).find((id) => !served.has(id));
    if (unknown) throw AppError.validation({ answers: memberMessages.unknownQuestion });
    const sent: Record<string, number> = {};
    for (const [id, choice] of Object.entries(body.answers)) if (choice !== null) sent[id] = choice;
    await refuseMissingOptions(tx, attempt, sent, 'answers');
    const given = { ...heldAnswers(attempt) };
    for (const [id, choice] of Object.entries(body.answers)) {
      if (choice === null) delete given[id];
      else given[id] = choice;
    }
    const outcome = await finishAttempt(
      tx,
      ctx,
      settings,
      attempt,
      given,
      now,
      'submitted',
      member.id,
    );
    return toResult(outcome, settings);
  });
}

/**
 * The explanation staff wrote for the way the question was answered: the right one after a right
 * answer, the wrong one after a wrong or missing answer; none for a survey (no right answer).
 */
function explanationFor(
  question: PacketSection['questions'][number] | undefined,
  correct: boolean | null,
): QuizExplanation | null {
  if (!question || correct === null) return null;
  const block = correct ? question.explanation?.correct : question.explanation?.wrong;
  const text = block?.text ?? '';
  const media = block?.media?.url ? block.media : null;
  return text.trim() || media ? { text, media } : null;
}

function toResult(
  outcome: Awaited<ReturnType<typeof finishAttempt>>,
  settings: ActivitySettings,
): QuizResult {
  const { closed, result, sections, row, best, progress, attemptsDone } = outcome;
  const showScore = settings.is_show_score === 1;
  const showAnswers = settings.is_show_answer === 1;
  const questionsById = new Map(sections.flatMap((s) => s.questions.map((q) => [q.id, q])));
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
            explanation: explanationFor(questionsById.get(q.id), q.correct),
          })),
        )
      : null,
    attempts_left: attemptsLeftFor(settings, attemptsDone),
    is_complete: row.is_complete,
    progress,
  };
}
