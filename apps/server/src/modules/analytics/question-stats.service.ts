import { questionFlagsOf, scoreBinCount } from '@ajar/shared/analytics/question-stats.rules';
import type {
  QuestionStat,
  QuestionStats,
  QuestionStatsParams,
  QuestionStatsQueryParsed,
} from '@ajar/shared/analytics/question-stats.schemas';
import { exportRangeInstants } from '@ajar/shared/exports/exports.rules';
import { plainText } from '@ajar/shared/quiz/quiz.rules';
import { activityMinimum } from '@ajar/shared/quiz/quiz.scoring';
import type { DbOrTx } from '../../db/client';
import { readSettings } from '../members/activity-progress.service';
import { activityInPath } from '../quiz/quiz-access';
import type { Viewer } from '../access/access.service';
import * as repo from './question-stats.repository';

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const shareOf = (count: number, total: number) => (total > 0 ? round4(count / total) : null);

/** The repository's filter from the query: WIB days as instants, both days whole. */
export function toFilter(query: QuestionStatsQueryParsed): repo.QuestionStatsFilter {
  const { from, to } = exportRangeInstants(query.from, query.to);
  return { firstAttemptOnly: query.first_attempt === '1', from, to };
}

/** The listed questions with their rows of `questionStatRows`, and the flags they raise. */
function toQuestionStats(
  listed: repo.ListedQuestion[],
  rows: repo.QuestionStatRow[],
): QuestionStat[] {
  const totals = new Map(rows.filter((r) => r.total).map((r) => [r.question_id, r]));
  const choices = new Map<string, Map<number | null, number>>();
  for (const r of rows) {
    if (r.total) continue;
    const of = choices.get(r.question_id) ?? new Map<number | null, number>();
    of.set(r.option, r.attempts);
    choices.set(r.question_id, of);
  }
  return listed.map((q) => {
    const total = totals.get(q.id);
    const attempts = total?.attempts ?? 0;
    const chosen = choices.get(q.id);
    const keys = new Set(q.correct_answer.filter((c) => c.trim() !== ''));
    const options = q.options.map((o, index) => {
      const count = chosen?.get(index) ?? 0;
      return {
        index,
        text: plainText(o.text),
        correct: keys.has(o.text),
        count,
        share: shareOf(count, attempts),
      };
    });
    const facility = shareOf(total?.correct ?? 0, attempts);
    const discrimination =
      total?.discrimination === null || total === undefined ? null : round4(total.discrimination);
    return {
      id: q.id,
      packet_no: q.packet_no,
      question_no: q.question_no,
      text: plainText(q.text),
      attempts,
      unanswered: chosen?.get(null) ?? 0,
      facility,
      discrimination,
      options,
      flags: questionFlagsOf({ attempts, facility, discrimination, options }),
    };
  });
}

/**
 * 'Statistik Soal' of a quiz-type activity for a staff user who may see its program (anything
 * else answers 404): per multiple-choice question its facility, discrimination, option shares and
 * flags; per activity the score distribution, pass rate and median time. Every figure is
 * aggregated by the database over the attempts the filters keep.
 */
export async function questionStats(
  db: DbOrTx,
  viewer: Viewer,
  params: QuestionStatsParams,
  query: QuestionStatsQueryParsed,
): Promise<QuestionStats> {
  const activity = await activityInPath(db, viewer, params);
  const filter = toFilter(query);
  const minimum = activityMinimum(readSettings(activity.settings).set_minimum_value);
  const listed = await repo.listScoredQuestions(db, activity.id);
  const rows = await repo.questionStatRows(db, activity.id, filter);
  const summary = await repo.attemptSummary(db, activity.id, filter, minimum);
  const bins = await repo.scoreHistogram(db, activity.id, filter, scoreBinCount);
  const width = 100 / scoreBinCount;
  return {
    activity: { id: activity.id, name: activity.name, type: activity.type },
    summary: {
      attempts: summary.attempts,
      participants: summary.participants,
      mean_score: summary.mean_score === null ? null : Math.round(summary.mean_score * 100) / 100,
      minimum_score: minimum,
      pass_rate: minimum === null ? null : shareOf(summary.passed, summary.scored),
      median_seconds: summary.median_seconds === null ? null : Math.round(summary.median_seconds),
    },
    histogram: bins.map((b) => ({
      from: (b.bin - 1) * width,
      to: b.bin * width,
      count: b.count,
    })),
    questions: toQuestionStats(listed, rows),
  };
}
