import type { MemberScores } from '@ajar/shared/members/members.schemas';
import type { DbOrTx } from '../../db/client';
import { setScores } from './learning.repository';
import { submittedAttemptsOfRedeem } from './quiz-attempts.repository';

const best = (scores: (number | null)[]) => {
  const numbers = scores.filter((s): s is number => s !== null);
  return numbers.length ? Math.max(...numbers) : null;
};

/**
 * Recomputes `member_redeems.scores` from the submitted attempts (never from a client):
 * - `list`: one entry per quiz-type activity attempted, in program order, with its best score;
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
  const list = [...byActivity.values()].map((attempts) => {
    const first = attempts[0]!;
    return {
      activity_id: first.activity_id,
      topic_id: first.topic_id,
      name: first.name,
      type: first.type,
      score: best(attempts.map((a) => a.score)),
      passed: attempts.some((a) => a.passed === true),
      attempts: attempts.length,
    };
  });
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
