import { z } from 'zod';
import { pagedSchema } from '../common/envelope';
import { learningRecordPageSizes } from './learning-record.constants';
import { learningEventKinds } from './learning-events';

/** `GET …/member-redeem/{id}/learning-record/events`: one page, optionally of one activity. */
export const learningRecordEventsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page tidak valid' })
    .int({ error: 'page tidak valid' })
    .min(1, { error: 'page tidak valid' })
    .max(1_000_000, { error: 'page tidak valid' })
    .default(1),
  limit: z.coerce
    .number({ error: 'limit tidak valid' })
    .int({ error: 'limit tidak valid' })
    .min(1, { error: `limit harus antara 1 dan ${learningRecordPageSizes.max}` })
    .max(learningRecordPageSizes.max, {
      error: `limit harus antara 1 dan ${learningRecordPageSizes.max}`,
    })
    .default(learningRecordPageSizes.default),
  /** Only this activity's events; absent: every event of the participant in the program. */
  activity_id: z.uuid({ error: 'activity_id tidak valid' }).optional(),
});
export type LearningRecordEventsQuery = z.input<typeof learningRecordEventsQuerySchema>;
export type LearningRecordEventsQueryParsed = z.output<typeof learningRecordEventsQuerySchema>;

/** One event of a participant's learning record, as staff read it. */
export const learningRecordEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(learningEventKinds),
  activity_id: z.uuid().nullable(),
  activity_name: z.string().nullable(),
  /** What the event states, as recorded (score, interval, answer…). */
  data: z.record(z.string(), z.unknown()),
  /** The staff member behind it (feedback, a certificate corrected or revoked). */
  actor_name: z.string().nullable(),
  /** Server time (ISO 8601). */
  created_at: z.string(),
});
export type LearningRecordEvent = z.infer<typeof learningRecordEventSchema>;

export const learningRecordEventListSchema = pagedSchema(learningRecordEventSchema);
export type LearningRecordEventList = z.infer<typeof learningRecordEventListSchema>;

/** A participant's record of one activity (or, `activity_id` null, of the program itself). */
export const learningRecordActivitySchema = z.object({
  activity_id: z.uuid().nullable(),
  activity_name: z.string().nullable(),
  /** The first and the last event (server time, ISO 8601). */
  first_at: z.string(),
  last_at: z.string(),
  /** Seconds from the first to the last event. */
  span_seconds: z.number(),
  events: z.number().int(),
  /** Seconds of video watched as the record states it; null when no video was watched. */
  watched_seconds: z.number().nullable(),
  /** The last score an event states (quiz submitted, feedback given); null when none did. */
  score: z.number().nullable(),
});
export type LearningRecordActivity = z.infer<typeof learningRecordActivitySchema>;

/** `GET …/member-redeem/{id}/learning-record`: every activity the participant has events in. */
export const learningRecordSummarySchema = z.object({
  activities: z.array(learningRecordActivitySchema),
});
export type LearningRecordSummary = z.infer<typeof learningRecordSummarySchema>;
