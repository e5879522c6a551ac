import { z } from 'zod';
import { pagedSchema } from '../common/envelope';
import { educationLevels } from '../members/members.constants';
import { programAnalyticsMessages as M } from './program-analytics.constants';

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const programAnalyticsParamSchema = z.object({
  programId: z.uuid({ error: 'id tidak valid' }),
});

/** The filters every figure of the screen takes: the participants' education level. */
export const programAnalyticsQuerySchema = z.object({
  /** Only participants whose profile names this level ('Jenjang Pendidikan'); absent = all. */
  education_level: z.preprocess(
    emptyAsUndefined,
    z.enum(educationLevels, { error: M.levelInvalid }).optional(),
  ),
});
export type ProgramAnalyticsQuery = z.input<typeof programAnalyticsQuerySchema>;
export type ProgramAnalyticsFilters = z.output<typeof programAnalyticsQuerySchema>;

/** One page of the per-participant learning-gain table, with the same filters. */
export const programGainListQuerySchema = programAnalyticsQuerySchema.extend({
  page: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: M.pageInvalid })
      .int({ error: M.pageInvalid })
      .min(1, { error: M.pageInvalid })
      .max(1_000_000, { error: M.pageInvalid })
      .default(1),
  ),
});
export type ProgramGainListQuery = z.input<typeof programGainListQuerySchema>;
export type ProgramGainListQueryParsed = z.output<typeof programGainListQuerySchema>;

const activityRefSchema = z.object({ id: z.uuid(), name: z.string() });

/**
 * Learning gain over the participants with a submitted pre-test and post-test (the first
 * submitted attempt of each; docs/decisions.md, 'Analitik Program: learning gain').
 */
export const gainSummarySchema = z.object({
  pre_activity: activityRefSchema.nullable(),
  post_activity: activityRefSchema.nullable(),
  /** Participants with both scores. */
  paired: z.number(),
  mean_pre: z.number().nullable(),
  mean_post: z.number().nullable(),
  mean_gain: z.number().nullable(),
  median_gain: z.number().nullable(),
  /** Class normalised gain: (mean post − mean pre) / (100 − mean pre); null when mean pre = 100. */
  class_normalized_gain: z.number().nullable(),
  /** Paired participants whose pre-test was 100: their own g is undefined. */
  ceiling: z.number(),
});
export type GainSummary = z.infer<typeof gainSummarySchema>;

export const gainRowSchema = z.object({
  redeem_id: z.uuid(),
  fullname: z.string(),
  pre: z.number(),
  post: z.number(),
  gain: z.number(),
  /** (post − pre) / (100 − pre); null when pre = 100. */
  normalized_gain: z.number().nullable(),
});
export type GainRow = z.infer<typeof gainRowSchema>;
export const gainListSchema = pagedSchema(gainRowSchema);
export type GainList = z.infer<typeof gainListSchema>;

export const funnelStepSchema = z.object({
  activity_id: z.uuid(),
  topic_name: z.string(),
  activity_name: z.string(),
  type: z.string(),
  opened: z.number(),
  started: z.number(),
  completed: z.number(),
  /** Participants who opened the activity before but not this one (0 for the first). */
  drop: z.number(),
  /** The largest drop between consecutive activities (one step at most). */
  largest_drop: z.boolean(),
});
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const videoBucketSchema = z.object({
  bucket: z.number(),
  from_seconds: z.number(),
  to_seconds: z.number(),
  viewers: z.number(),
  /** Share (0..1) of the video's viewers whose watched intervals cover the bucket's middle. */
  share: z.number(),
});

export const popupStatSchema = z.object({
  gameplay_id: z.uuid(),
  time: z.number().nullable(),
  question: z.string(),
  answered: z.number(),
  correct: z.number(),
  /** Share (0..1) of the answers that were correct; null when none was given. */
  share_correct: z.number().nullable(),
});

export const videoStatSchema = z.object({
  activity_id: z.uuid(),
  activity_name: z.string(),
  /** The longest duration the participants' players reported (seconds); null before any. */
  duration: z.number().nullable(),
  /** Participants with at least one watched interval: the drop-off line's denominator. */
  viewers: z.number(),
  buckets: z.array(videoBucketSchema),
  popups: z.array(popupStatSchema),
});
export type VideoStat = z.infer<typeof videoStatSchema>;

export const attendanceStatSchema = z.object({
  activity_id: z.uuid(),
  topic_name: z.string(),
  activity_name: z.string(),
  /** The occurrence (WIB date and time range); null for a meeting nobody checked in to yet. */
  schedule_key: z.string().nullable(),
  checked_in: z.number(),
});
export type AttendanceStat = z.infer<typeof attendanceStatSchema>;

export const practiceStatSchema = z.object({
  activity_id: z.uuid(),
  topic_name: z.string(),
  activity_name: z.string(),
  submitted: z.number(),
  graded: z.number(),
  /** Median hours from the upload to its feedback; null before any feedback. */
  median_feedback_hours: z.number().nullable(),
});
export type PracticeStat = z.infer<typeof practiceStatSchema>;

/** `GET /api/v1/analytics/program/{programId}`: every section of the screen. */
export const programAnalyticsSchema = z.object({
  program: z.object({ id: z.uuid(), title: z.string() }),
  /** Participants (redemptions) the filters keep: the denominator of attendance. */
  participants: z.number(),
  gain: gainSummarySchema,
  funnel: z.array(funnelStepSchema),
  videos: z.array(videoStatSchema),
  attendance: z.array(attendanceStatSchema),
  practice: z.array(practiceStatSchema),
});
export type ProgramAnalytics = z.infer<typeof programAnalyticsSchema>;

export const programAnalyticsExportSchema = z.object({ public_url: z.string() });
export type ProgramAnalyticsExport = z.infer<typeof programAnalyticsExportSchema>;

/** The sections the workbook downloads, one sheet each. */
export const programAnalyticsSections = [
  'gain_summary',
  'gain',
  'funnel',
  'video_watch',
  'video_popups',
  'attendance',
  'practice',
] as const;
export type ProgramAnalyticsSection = (typeof programAnalyticsSections)[number];

/** `GET …/export`: one section's sheet, with the screen's filters. */
export const programAnalyticsExportQuerySchema = programAnalyticsQuerySchema.extend({
  section: z.enum(programAnalyticsSections, { error: M.sectionInvalid }),
});
export type ProgramAnalyticsExportQuery = z.input<typeof programAnalyticsExportQuerySchema>;
export type ProgramAnalyticsExportQueryParsed = z.output<typeof programAnalyticsExportQuerySchema>;
