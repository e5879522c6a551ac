import { z } from 'zod';
import { isCalendarDate } from '../exports/exports.rules';
import { questionFlags, questionStatsMessages as M } from './question-stats.rules';

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A `YYYY-MM-DD` day (WIB) of the date filter. */
const dayQuery = (message: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string({ error: message })
      .refine((value) => isCalendarDate(value), { error: message })
      .optional(),
  );

/** Route parameters: the quiz-type activity, by its program and topic. */
export const questionStatsParamsSchema = z.object({
  program: z.string(),
  topic: z.string(),
  activity: z.string(),
});
export type QuestionStatsParams = z.infer<typeof questionStatsParamsSchema>;

/**
 * Filters of `GET …/question-stats` and its xlsx: `first_attempt=1` counts each participant's
 * first attempt only (default: every submitted attempt); `from`/`to` are WIB days of submission,
 * both included.
 */
export const questionStatsQuerySchema = z
  .object({
    first_attempt: z.preprocess(
      emptyAsUndefined,
      z.enum(['0', '1'], { error: M.firstAttemptInvalid }).default('0'),
    ),
    from: dayQuery(M.fromInvalid),
    to: dayQuery(M.toInvalid),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: M.dateOrder });
    }
  });
/** What a client sends (every field optional). */
export interface QuestionStatsQuery {
  first_attempt?: '0' | '1';
  from?: string;
  to?: string;
}
export type QuestionStatsQueryParsed = z.output<typeof questionStatsQuerySchema>;

export const questionFlagSchema = z.enum(questionFlags);

/** One option of a question: its text and the share of the question's attempts that chose it. */
export const questionOptionStatSchema = z.object({
  index: z.number().int(),
  text: z.string(),
  correct: z.boolean(),
  /** Attempts that chose it. */
  count: z.number().int(),
  /** count / attempts (0..1); null when the question has no attempt. */
  share: z.number().nullable(),
});

/** One multiple-choice question of the activity with its statistics. */
export const questionStatSchema = z.object({
  id: z.uuid(),
  /** The packet's number (1 = 'Paket Soal 1') and the question's number in it. */
  packet_no: z.number().int(),
  question_no: z.number().int(),
  /** The question's text without markup. */
  text: z.string(),
  /** Submitted attempts that served the question. */
  attempts: z.number().int(),
  /** Attempts that left it unanswered. */
  unanswered: z.number().int(),
  /** Facility index: share of the attempts answering it right (0..1); null without attempts. */
  facility: z.number().nullable(),
  /**
   * Discrimination: corrected point-biserial correlation (item 0/1 against the attempt's number
   * of other questions right), -1..1; null when either side does not vary.
   */
  discrimination: z.number().nullable(),
  options: z.array(questionOptionStatSchema),
  flags: z.array(questionFlagSchema),
});
export type QuestionStat = z.infer<typeof questionStatSchema>;

/** One bin of the score distribution: scores from `from` up to `to` (the last bin includes 100). */
export const scoreBinSchema = z.object({
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
});
export type ScoreBin = z.infer<typeof scoreBinSchema>;

/** `GET /api/v1/analytics/question-stats/:program/:topic/:activity`. */
export const questionStatsSchema = z.object({
  activity: z.object({ id: z.uuid(), name: z.string(), type: z.string() }),
  summary: z.object({
    /** Submitted attempts the filters keep. */
    attempts: z.number().int(),
    /** Participants (redemptions) behind them. */
    participants: z.number().int(),
    mean_score: z.number().nullable(),
    /** The activity's 'Nilai Minimal' when it is switched on, else null (no pass rate then). */
    minimum_score: z.number().nullable(),
    /** Share of scored attempts reaching the minimum (0..1); null without minimum or attempts. */
    pass_rate: z.number().nullable(),
    /** Median of submitted_at - started_at, in seconds. */
    median_seconds: z.number().nullable(),
  }),
  histogram: z.array(scoreBinSchema),
  questions: z.array(questionStatSchema),
});
export type QuestionStats = z.infer<typeof questionStatsSchema>;

/** The xlsx of the per-question table: a short-lived download link. */
export const questionStatsExportSchema = z.object({ public_url: z.string() });
export type QuestionStatsExport = z.infer<typeof questionStatsExportSchema>;
