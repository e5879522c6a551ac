import { z } from 'zod';
import {
  boundedPageQuerySchema,
  pagedSchema,
  pageQuerySchema,
  sortDirSchema,
} from '../common/envelope';
import { messages } from '../common/messages';
import { roleKeys } from '../common/roles';
import {
  discussionContentMax,
  discussionMessages,
  discussionProgramSortFields,
  discussionThreadPage,
  discussionTopicSortFields,
} from './discussions.constants';

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const searchQuery = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .trim()
    .max(100, { error: messages.max('Pencarian', 100) })
    .optional(),
);

/** Message text: trimmed, plain text; empty or whitespace only is refused (spec 01 §5). */
export const discussionContentSchema = z
  .string({ error: discussionMessages.contentRequired })
  .trim()
  .min(1, { error: discussionMessages.contentRequired })
  .max(discussionContentMax, { error: discussionMessages.contentTooLong });

const parentIdField = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.uuid({ error: 'Pesan yang dibalas tidak valid' }).nullable(),
);

/** `GET /api/discussion/v1/list-program`. */
export const discussionProgramListQuerySchema = pageQuerySchema.extend({
  q: searchQuery,
  sort: z.preprocess(emptyAsUndefined, z.enum(discussionProgramSortFields).default('created_at')),
  sort_type: z.preprocess(emptyAsUndefined, sortDirSchema.default('desc')),
});
export type DiscussionProgramListQuery = z.output<typeof discussionProgramListQuerySchema>;

export const discussionProgramSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.string(),
  studies: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  total_unread: z.number(),
  created_at: z.string(),
});
export type DiscussionProgram = z.infer<typeof discussionProgramSchema>;
export const discussionProgramListSchema = pagedSchema(discussionProgramSchema);

/** `GET /api/discussion/v1/detail-program/{id}`: `data.name` is the program title. */
export const discussionProgramDetailSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  total_unread: z.number(),
});
export type DiscussionProgramDetail = z.infer<typeof discussionProgramDetailSchema>;

/** `GET /api/discussion/v1/list-topic` (spec 01 §7). */
export const discussionTopicListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(-1),
  program_id: z.uuid({ error: messages.required('Program') }),
  q: searchQuery,
  sort: z.preprocess(emptyAsUndefined, z.enum(discussionTopicSortFields).default('seq')),
  sort_type: z.preprocess(emptyAsUndefined, sortDirSchema.default('asc')),
});
export type DiscussionTopicListQuery = z.output<typeof discussionTopicListQuerySchema>;

export const discussionActivitySchema = z.object({
  id: z.uuid(),
  activity_id: z.uuid(),
  topic_id: z.uuid(),
  program_id: z.uuid(),
  seq: z.number(),
  name: z.string(),
  type: z.string(),
  /** 0 Off, 1 Private, 2 Public; members post only when 2. */
  is_show_discussion: z.number(),
  total_unread: z.number(),
  total_messages: z.number(),
});
export type DiscussionActivity = z.infer<typeof discussionActivitySchema>;

export const discussionTopicSchema = z.object({
  id: z.uuid(),
  topic_id: z.uuid(),
  program_id: z.uuid(),
  name: z.string(),
  seq: z.number(),
  total_unread: z.number(),
  activities: z.array(discussionActivitySchema),
});
export type DiscussionTopic = z.infer<typeof discussionTopicSchema>;
export const discussionTopicListSchema = pagedSchema(discussionTopicSchema);

/** `GET /api/discussion/v1/list` (spec 01 §7): the web builds the tree by `parent_id`. */
/**
 * `GET /api/discussion/v1/list`: a page of an activity's posts (`limit` posts, 1–100, never
 * "all": a thread grows with a program's participants), each with every reply; `total` counts
 * posts.
 */
export const discussionListQuerySchema = boundedPageQuerySchema.extend({
  limit: boundedPageQuerySchema.shape.limit.default(discussionThreadPage),
  program_id: z.uuid({ error: messages.required('Program') }),
  topic_id: z.uuid({ error: messages.required('Topik') }),
  activity_id: z.uuid({ error: messages.required('Aktivitas') }),
  sort: z.preprocess(emptyAsUndefined, z.enum(['created_at']).default('created_at')),
  sort_type: z.preprocess(emptyAsUndefined, sortDirSchema.default('asc')),
});
export type DiscussionListQuery = z.output<typeof discussionListQuerySchema>;

export const discussionMessageSchema = z.object({
  id: z.uuid(),
  parent_id: z.uuid().nullable(),
  program_id: z.uuid(),
  topic_id: z.uuid(),
  activity_id: z.uuid(),
  content: z.string(),
  author_name: z.string(),
  author_kind: z.enum(['member', 'staff']),
  /** A staff author's role (the badge: `staffAuthorBadge`); null for a participant. */
  author_role: z.enum(roleKeys).nullable(),
  /** The signed-in staff user wrote it (the screens offer delete on it). */
  is_mine: z.boolean(),
  created_at: z.string(),
  total_child: z.number(),
});
export type DiscussionMessage = z.infer<typeof discussionMessageSchema>;
export const discussionMessageListSchema = pagedSchema(discussionMessageSchema);

/** `POST /api/discussion/v1/create` (spec 01 §7). */
export const discussionCreateBodySchema = z.object({
  parent_id: parentIdField,
  program_id: z.uuid({ error: messages.required('Program') }),
  topic_id: z.uuid({ error: messages.required('Topik') }),
  activity_id: z.uuid({ error: messages.required('Aktivitas') }),
  content: discussionContentSchema,
});
export type DiscussionCreateBody = z.input<typeof discussionCreateBodySchema>;

/** The member API: `POST /api/member/v1/program/{programId}/activity/{activityId}/discussion`. */
export const memberDiscussionCreateBodySchema = z.object({
  parent_id: parentIdField,
  content: discussionContentSchema,
});
export type MemberDiscussionCreateBody = z.input<typeof memberDiscussionCreateBodySchema>;
