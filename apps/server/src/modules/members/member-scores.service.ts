import type { MemberScores } from '@ajar/shared/members/members.schemas';
import { pointValue } from '@ajar/shared/quiz/quiz.scoring';
import type { DbOrTx } from '../../db/client';
import { readQuiz } from '../activities/activities-read';
import { setScores } from './learning.repository';
import { gameplaysOf, popupVideosOfRedeem } from './member-popup.repository';
import { submittedAttemptsOfRedeem } from './quiz-attempts.repository';

const best = (scores: (number | null)[]) => {
  const numbers = scores.filter((s): s is number => s !== null);
  return numbers.length ? Math.max(...numbers) : null;
};

/** A video's pop-up score: the points earned over all its pop-up points, 0–100 (2 decimals). */
export function popupScore(earned: number, total: number): number | null {
  return total > 0 ? Math.round((earned / total) * 10_000) / 100 : null;
}

type ScoreEntry = MemberScores['list'][number];
type Ordered = { entry: ScoreEntry; topic_seq: number; activity_seq: number };

/**
 * One entry per video whose pop-ups the member answered: `points` earned over `max_points` (all
 * the video's pop-up points), `score` that share of 100, `passed` against the pop-up 'Nilai
 * Minimal' when one is set, and one attempt (pop-ups are answered once).
 */
async function popupEntries(db: DbOrTx, redeemId: string): Promise<Ordered[]> {
  const videos = await popupVideosOfRedeem(db, redeemId);
  return Promise.all(
    videos.map(async (v) => {
      const quiz = readQuiz(v.quiz, v.activity_id);
      const ids = quiz?.quizzes.flatMap((q) => q.gameplays) ?? [];
      const questions = await gameplaysOf(db, v.activity_id, ids);
      const max = questions.reduce((sum, g) => sum + pointValue(g.point), 0);
      const score = popupScore(v.earned, max);
      const minimum = quiz?.setting.minimum_score ?? 0;
      return {
        topic_seq: v.topic_seq,
        activity_seq: v.activity_seq,
        entry: {
          activity_id: v.activity_id,
          topic_id: v.topic_id,
          name: v.name,
          type: v.type,
          score,
          passed: minimum > 0 && score !== null ? score >= minimum : null,
          attempts: 1,
          points: v.earned,
          max_points: max,
        },
      };
    }),
  );
}

/**
 * Recomputes `member_redeems.scores` from the submitted attempts (never from a client):
 * - `list`: one entry per quiz-type activity attempted, with its best score, and one per video
 *   with answered pop-up quizzes (their points, see popupEntries), in program order;
 * - `pre_test.score`: the first attempt at the program's first pre-test (the baseline before
 *   learning, so retakes do not move it);
 * - `post_test`: the program's last post-test: `score` of its latest attempt, `final_score` its
 *   best, `passed` whether any attempt passed.
 */
export async function recomputeScores(db: DbOrTx, redeemId: string): Promise<MemberScores> {
  const rows = await submittedAttemptsOfRedeem(db, redeemId);
  const byActivity = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byActivity.get(row.activity_id) ?? [];
    list.push(row);
    byActivity.set(row.activity_id, list);
  }
  const quizEntries: Ordered[] = [...byActivity.values()].map((attempts) => {
    const first = attempts[0]!;
    return {
      topic_seq: first.topic_seq,
      activity_seq: first.activity_seq,
      entry: {
        activity_id: first.activity_id,
        topic_id: first.topic_id,
        name: first.name,
        type: first.type,
        score: best(attempts.map((a) => a.score)),
        passed: attempts.some((a) => a.passed === true),
        attempts: attempts.length,
      },
    };
  });
  const list = [...quizEntries, ...(await popupEntries(db, redeemId))]
    .sort((a, b) => a.topic_seq - b.topic_seq || a.activity_seq - b.activity_seq)
    .map((o) => o.entry);
  const preTest = [...byActivity.values()].find((a) => a[0]!.type === 'pre_test');
  const postTest = [...byActivity.values()].filter((a) => a[0]!.type === 'post_test').pop();
  const scores: MemberScores = {
    pre_test: { score: preTest?.[0]?.score ?? null },
    post_test: {
      score: postTest?.[postTest.length - 1]?.score ?? null,
      final_score: postTest ? best(postTest.map((a) => a.score)) : null,
      passed: postTest ? postTest.some((a) => a.passed === true) : null,
    },
    list,
  };
  await setScores(db, redeemId, scores);
  return scores;
}
