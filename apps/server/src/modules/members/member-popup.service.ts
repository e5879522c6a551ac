import { hasPopupQuiz } from '@ajar/shared/activities/activities.constants';
import {
  memberPopupMessages,
  type MemberPopupQuizzesData,
  type PopupAnswer,
  type PopupAnswerResult,
  type PopupCorrectAnswer,
} from '@ajar/shared/members/member-popup.schemas';
import type { GameplayType } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import {
  gameplayWords,
  scoreGameplay,
  type GameplayAnswer,
  type ScorableGameplay,
} from '@ajar/shared/popup-quiz/popup-quiz.scoring';
import {
  generateWordSearch,
  normaliseWord,
  seededRandom,
} from '@ajar/shared/popup-quiz/word-search';
import { idempotencyMessages } from '@ajar/shared/idempotency/idempotency.constants';
import { pointValue } from '@ajar/shared/quiz/quiz.scoring';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { runOnce, type OnceAnswer } from '../idempotency/idempotency.service';
import { recordLearningEvent } from '../records/records.service';
import { readQuiz } from '../activities/activities-read';
import { findLearningContext } from './activity-progress.service';
import * as learning from './learning.repository';
import * as repo from './member-popup.repository';
import { popupScore, recomputeScores } from './member-scores.service';
import type { MemberRef } from './redeem.service';

type Media = { id: string | null; url: string; type: string } | null;
type Part = { text: string; image: Media; audio: Media };

function media(value: unknown): Media {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.url !== 'string' || !v.url) return null;
  return {
    id: typeof v.id === 'string' ? v.id : null,
    url: v.url,
    type: typeof v.type === 'string' ? v.type : '',
  };
}

function part(value: unknown): Part {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return {
    text: typeof v.text === 'string' ? v.text : '',
    image: media(v.image),
    audio: media(v.audio),
  };
}

/** The order the right side of a matching question is served in: fixed per member and question. */
function rightOrder(count: number, seed: string): number[] {
  const rand = seededRandom(seed);
  const out = Array.from({ length: count }, (_, i) => i);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function scorable(g: repo.GameplayRow): ScorableGameplay {
  return {
    id: g.id,
    type: g.type as GameplayType,
    point: g.point,
    options: g.options.map(part),
    matching_options: g.matching_options.map(part),
    correct_answers: g.correct_answers,
  };
}

async function videoContext(db: Db, member: MemberRef, programId: string, activityId: string) {
  const ctx = await findLearningContext(db, member, programId, activityId);
  if (!hasPopupQuiz(ctx.activity.type)) throw AppError.badRequest(memberPopupMessages.notVideo);
  const quiz = readQuiz(await repo.activityQuiz(db, activityId), activityId);
  const ids = quiz?.quizzes.flatMap((q) => q.gameplays) ?? [];
  const rows = await repo.gameplaysOf(db, activityId, ids);
  return { ...ctx, quiz, gameplays: new Map(rows.map((g) => [g.id, g])) };
}

function toResult(
  g: repo.GameplayRow,
  row: repo.PopupAnswerRow,
  setting: { show_explanation: number; show_answer_explanation: number },
  seed: string,
  repeated: boolean,
): PopupAnswerResult {
  const s = scorable(g);
  let correct: PopupCorrectAnswer;
  if (s.type === 'matching_word') {
    const order = rightOrder(s.matching_options?.length ?? 0, seed);
    const pairs: Record<string, number> = {};
    s.options.forEach((_, left) => {
      const served = order.indexOf(left);
      if (served >= 0) pairs[String(left)] = served;
    });
    correct = { kind: 'pairs', pairs };
  } else if (s.type === 'finding_word') {
    correct = { kind: 'words', words: gameplayWords(s) };
  } else {
    const options = s.options.flatMap((o, i) => (s.correct_answers.includes(o.text) ? [i] : []));
    correct = { kind: 'choice', options };
  }
  const explain = setting.show_explanation === 1 || setting.show_answer_explanation === 1;
  const explanation = g.explanation ? part(g.explanation) : null;
  return {
    gameplay_id: g.id,
    correct: row.correct,
    points: row.points,
    correct_answer: setting.show_answer_explanation === 1 ? correct : null,
    explanation:
      explain && explanation && (explanation.text || explanation.image || explanation.audio)
        ? explanation
        : null,
    answer: row.answer as PopupAnswer,
    answered_at: row.created_at.toISOString(),
    repeated,
  };
}

/** `GET …/gameplays`: the video's pop-ups without answer keys or points, with my answers. */
export async function listPopups(
  db: Db,
  member: MemberRef,
  path: { programId: string; activityId: string },
): Promise<MemberPopupQuizzesData> {
  const ctx = await videoContext(db, member, path.programId, path.activityId);
  if (!ctx.quiz) {
    return {
      setting: {
        show_explanation: 0,
        show_answer_explanation: 0,
        skip: 0,
        show_score: 0,
        minimum_score: 0,
        is_random: 0,
        time: { enable: 0, duration: 0 },
      },
      quizzes: [],
    };
  }
  const { setting } = ctx.quiz;
  const answers = new Map(
    (await repo.answersOf(db, ctx.redeem.id, ctx.activity.id)).map((a) => [a.gameplay_id, a]),
  );
  const quizzes = ctx.quiz.quizzes.map((q) => ({
    id: q.id,
    type: q.type,
    instruction: q.instruction,
    second: q.second,
    gameplays: q.gameplays.flatMap((id) => {
      const g = ctx.gameplays.get(id);
      if (!g) return [];
      const seed = `${g.id}:${ctx.redeem.id}`;
      const right = g.matching_options.map(part);
      const order = rightOrder(right.length, seed);
      const answered = answers.get(g.id);
      return [
        {
          id: g.id,
          type: g.type as GameplayType,
          question: g.question ? part(g.question) : null,
          time: g.time,
          options: g.options.map(part),
          matching_options: order.map((i) => right[i]!),
          grid:
            g.type === 'finding_word'
              ? generateWordSearch(gameplayWords(scorable(g)), g.id).grid
              : null,
          result: answered ? toResult(g, answered, setting, seed, true) : null,
        },
      ];
    }),
  }));
  return {
    setting: {
      show_explanation: setting.show_explanation,
      show_answer_explanation: setting.show_answer_explanation,
      skip: setting.skip,
      show_score: setting.show_score,
      minimum_score: setting.minimum_score,
      is_random: setting.is_random,
      time: setting.time,
    },
    quizzes: quizzes.sort((a, b) => a.second - b.second),
  };
}

/** Checks an answer against the question's shape; the scoring's answer in stored indexes. */
function toGameplayAnswer(g: ScorableGameplay, answer: PopupAnswer, seed: string): GameplayAnswer {
  const wrongKind = () => AppError.validation({ answer: memberPopupMessages.wrongKind });
  switch (g.type) {
    case 'multiple_choice':
    case 'jigsaw': {
      if (answer.kind !== 'choice') throw wrongKind();
      if (!g.options[answer.option]) {
        throw AppError.validation({ answer: memberPopupMessages.optionMissing(answer.option) });
      }
      return answer;
    }
    case 'matching_word': {
      if (answer.kind !== 'pairs') throw wrongKind();
      const order = rightOrder(g.matching_options?.length ?? 0, seed);
      const pairs: Record<number, number> = {};
      for (const [leftKey, served] of Object.entries(answer.pairs)) {
        const left = Number(leftKey);
        if (!g.options[left]) {
          throw AppError.validation({ answer: memberPopupMessages.leftMissing(left) });
        }
        const right = order[served];
        if (right === undefined) {
          throw AppError.validation({ answer: memberPopupMessages.rightMissing(served) });
        }
        pairs[left] = right;
      }
      return { kind: 'pairs', pairs };
    }
    case 'finding_word': {
      if (answer.kind !== 'words') throw wrongKind();
      const words = new Set(gameplayWords(g));
      const unknown = answer.found.find((w) => !words.has(normaliseWord(w)));
      if (unknown !== undefined) {
        throw AppError.validation({ answer: memberPopupMessages.wordMissing(unknown) });
      }
      return answer;
    }
  }
}

/**
 * Scores a pop-up answer on the server and keeps it once per member and question. A resend with
 * the same idempotency key, at once or later, gets the first answer (`runOnce`); another answer
 * to a question already answered gets the stored first result (`repeated`), never counting
 * twice. The video's score (earned over all its pop-up points, 0–100) is kept on the member's
 * activity row, where the activity's `score` is read, and in the redemption's `scores.list` that
 * staff see.
 */
export async function answerPopup(
  db: Db,
  member: MemberRef,
  path: { programId: string; activityId: string; gameplayId: string },
  body: { answer: PopupAnswer; idempotency_key: string },
): Promise<OnceAnswer<PopupAnswerResult>> {
  const ctx = await videoContext(db, member, path.programId, path.activityId);
  const g = ctx.gameplays.get(path.gameplayId);
  if (!g || !ctx.quiz) throw AppError.notFound(memberPopupMessages.gameplayNotFound);
  const seed = `${g.id}:${ctx.redeem.id}`;
  const setting = ctx.quiz.setting;
  const s = scorable(g);
  const scored = scoreGameplay(s, toGameplayAnswer(s, body.answer, seed));
  const once = { memberId: member.id, key: body.idempotency_key, scope: `popup:${g.id}` };
  return runOnce(db, once, memberPopupMessages.answered, async (tx) => {
    await learning.lockRedeem(tx, ctx.redeem.id);
    const before = await repo.findAnswer(tx, ctx.redeem.id, g.id);
    if (before) return toResult(g, before, setting, seed, true);
    const row = await repo.insertAnswer(tx, {
      member_redeem_id: ctx.redeem.id,
      activity_id: ctx.activity.id,
      gameplay_id: g.id,
      answer: body.answer,
      correct: scored.correct,
      points: scored.earned,
      max_points: scored.max,
      idempotency_key: body.idempotency_key,
    });
    // The redemption is locked and the question had no answer: only a key kept on an answer
    // before keys were claimed (popup_answers' own unique key) can refuse the insert.
    if (!row) throw AppError.validation({ idempotency_key: idempotencyMessages.keyUsed });
    await recordLearningEvent(tx, {
      memberId: member.id,
      programId: ctx.activity.program_id,
      activityId: ctx.activity.id,
      kind: 'popup_answered',
      data: {
        gameplay_id: g.id,
        correct: scored.correct,
        points: scored.earned,
        max_points: scored.max,
      },
    });
    const total = [...ctx.gameplays.values()].reduce((sum, x) => sum + pointValue(x.point), 0);
    const earned = await repo.earnedPoints(tx, ctx.redeem.id, ctx.activity.id);
    await learning.upsertProgress(
      tx,
      {
        redeemId: ctx.redeem.id,
        programId: ctx.activity.program_id,
        topicId: ctx.activity.topic_id,
        activityId: ctx.activity.id,
      },
      { score: popupScore(earned, total) },
    );
    await learning.markStarted(tx, ctx.redeem.id);
    await recomputeScores(tx, ctx.redeem.id);
    return toResult(g, row, setting, seed, false);
  });
}
