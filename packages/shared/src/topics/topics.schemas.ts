import { z } from 'zod';
import { pagedSchema, pageQuerySchema, sortDirSchema } from '../common/envelope';
import { messages } from '../common/messages';
import {
  topicFieldLabels as L,
  topicFieldLimits as limits,
  topicMessages,
  topicSortFields,
  topicStatuses,
} from './topics.constants';

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const programIdField = z.uuid({ error: messages.required(L.program) });

/** Body of `POST /api/topic/v1/create` (spec 01 §7). */
export const topicCreateBodySchema = z.object({
  name: z
    .string({ error: messages.required(L.name) })
    .trim()
    .min(1, { error: messages.required(L.name) })
    .max(limits.name, { error: messages.max(L.name, limits.name) }),
  status: z.enum(topicStatuses, { error: topicMessages.invalidStatus }).default('publish'),
  program_id: programIdField,
});
export type TopicCreateBody = z.input<typeof topicCreateBodySchema>;

/**
 * Body of `PUT /api/topic/v1/update/{id}`. The screens send the topic's own program_id; another
 * program is refused (a topic does not move between programs).
 */
export const topicUpdateBodySchema = topicCreateBodySchema.extend({
  program_id: programIdField.optional(),
});
export type TopicUpdateBody = z.input<typeof topicUpdateBodySchema>;

/** `GET /api/topic/v1/list` (spec 01 §7): sort=seq, sort_type=asc, limit=-1, program_id, q. */
export const topicListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(-1),
  program_id: programIdField,
  sort: z.preprocess(emptyAsUndefined, z.enum(topicSortFields).default('seq')),
  sort_type: z.preprocess(emptyAsUndefined, sortDirSchema.default('asc')),
  q: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(limits.search, { error: messages.max('Pencarian', limits.search) })
      .optional(),
  ),
  /** `1`: each topic carries its activities ordered by seq (the program detail screen). */
  with_activities: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((v) => v === '1' || v === 'true'),
  ),
});
export type TopicListQuery = z.input<typeof topicListQuerySchema>;
export type TopicListQueryParsed = z.output<typeof topicListQuerySchema>;

/** `PUT /api/topic/v1/reorder`: the topic lands at seq `to` (clamped to 1..n), others shift. */
export const topicReorderBodySchema = z.object({
  program_id: programIdField,
  topic_id: z.uuid({ error: messages.required('Topik') }),
  to: z.coerce
    .number({ error: topicMessages.invalidPosition })
    .int({ error: topicMessages.invalidPosition })
    .min(-1_000_000, { error: topicMessages.invalidPosition })
    .max(1_000_000, { error: topicMessages.invalidPosition }),
});
export type TopicReorderBody = z.input<typeof topicReorderBodySchema>;

/** A topic (spec 01 §3): `id` and `topic_id` are the same value. */
export const topicSchema = z.object({
  id: z.uuid(),
  topic_id: z.uuid(),
  program_id: z.uuid(),
  name: z.string(),
  seq: z.number().int(),
  status: z.enum(topicStatuses),
  /** Unread participant messages in the topic's discussions. */
  total_unread: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Topic = z.infer<typeof topicSchema>;

/** An activity row of the program detail table (No, Judul aktivitas, Jenis aktivitas, Durasi). */
export const topicActivitySchema = z.object({
  id: z.uuid(),
  activity_id: z.uuid(),
  topic_id: z.uuid(),
  program_id: z.uuid(),
  name: z.string(),
  title: z.string(),
  type: z.string(),
  activity_type: z.string(),
  seq: z.number().int(),
  status: z.string(),
  settings: z.object({
    /** Minutes; shown as HH:MM:00. */
    estimated_duration: z.number().nullable(),
  }),
  /** Nothing for a participant to open (no file, no link, no text): it cannot be completed. */
  content_missing: z.boolean(),
  total_unread: z.number().int(),
});
export type TopicActivity = z.infer<typeof topicActivitySchema>;

/** A topic of the list; `activities` only with `with_activities=1`. */
export const topicListItemSchema = topicSchema.extend({
  activities: z.array(topicActivitySchema).optional(),
});
export type TopicListItem = z.infer<typeof topicListItemSchema>;

/** The program detail screen's variant: every topic carries its activities. */
export const topicWithActivitiesSchema = topicSchema.extend({
  activities: z.array(topicActivitySchema),
});
export type TopicWithActivities = z.infer<typeof topicWithActivitiesSchema>;

export const topicListSchema = pagedSchema(topicListItemSchema);
export type TopicList = z.infer<typeof topicListSchema>;

/** `data` of create: the new id. */
export const topicCreatedSchema = z.object({
  id: z.uuid(),
  topic_id: z.uuid(),
  seq: z.number().int(),
});
