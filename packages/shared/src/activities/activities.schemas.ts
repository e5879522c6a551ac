import { z } from 'zod';
import { blankAsUndefined, toNumber } from '../common/form-input';
import { messages } from '../common/messages';
import {
  activityMessages,
  activityStatuses,
  activityTypes,
  contentMediaTypes,
  scheduleModes,
} from './activities.constants';
import {
  activityContentSchema,
  activitySettingsSchema,
  defaultActivityContent,
  defaultActivitySettings,
} from './activities-content.schemas';
import { popupQuizTypes } from './activities-popup-quiz.schemas';

// Create / update -------------------------------------------------------------------------------

const nameSchema = z
  .string({ error: activityMessages.nameRequired })
  .trim()
  .min(1, { error: activityMessages.nameRequired })
  .max(255, { error: messages.max('Judul aktivitas', 255) });

const bodyShape = {
  name: nameSchema,
  status: z.preprocess(
    blankAsUndefined,
    z.enum(activityStatuses, { error: 'Status tidak valid' }).default('publish'),
  ),
  settings: z.preprocess(blankAsUndefined, activitySettingsSchema.default(defaultActivitySettings)),
  content: z.preprocess(blankAsUndefined, activityContentSchema.default(defaultActivityContent)),
};

/**
 * Create body (the multipart `payload` field holds it as JSON, or the JSON body itself).
 * `clone_from`: a pre_test of the same program, only when creating a post_test.
 */
export const activityCreateSchema = z.object({
  ...bodyShape,
  type: z.enum(activityTypes, { error: activityMessages.typeInvalid }),
  clone_from: z.preprocess(
    blankAsUndefined,
    z.uuid({ error: 'Aktivitas sumber tidak valid' }).optional(),
  ),
});
export type ActivityCreateInput = z.input<typeof activityCreateSchema>;
export type ActivityCreate = z.output<typeof activityCreateSchema>;

/** Update body: the type is fixed; when sent it must equal the stored one. */
export const activityUpdateSchema = z.object({
  ...bodyShape,
  type: z.preprocess(
    blankAsUndefined,
    z.enum(activityTypes, { error: activityMessages.typeInvalid }).optional(),
  ),
});
export type ActivityUpdateInput = z.input<typeof activityUpdateSchema>;
export type ActivityUpdate = z.output<typeof activityUpdateSchema>;

// Reorder, params -------------------------------------------------------------------------------

const position = (label: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: messages.required(label) })
      .int({ error: messages.number(label) })
      .min(1, { error: messages.numberMin(label, 1) }),
  );

/** Drag and drop within a topic: the activity at `from` (1-based seq) lands at `to`. */
export const activityReorderSchema = z.object({ from: position('from'), to: position('to') });
export type ActivityReorder = z.output<typeof activityReorderSchema>;

/** Ids that are not UUIDs are simply not found (404), not a validation error. */
const pathId = z.string().max(100);
export const activityProgramTopicParamsSchema = z.object({ program: pathId, topic: pathId });
export const activityParamsSchema = z.object({ program: pathId, topic: pathId, id: pathId });
export const programParamSchema = z.object({ program: pathId });

// Responses (plain shapes: no transforms, so they also serialise) -------------------------------

const flagOut = z.union([z.literal(0), z.literal(1)]);
const scheduleOut = {
  is_day: z.enum([scheduleModes.byDay, scheduleModes.byDate]),
  days: z.array(
    z.object({
      day: z.string(),
      times: z.array(z.object({ start_time: z.string(), end_time: z.string() })),
    }),
  ),
  dates: z.array(
    z.object({
      date: z.string(),
      times: z.array(z.object({ start_time: z.string(), end_time: z.string() })),
    }),
  ),
};

export const activitySettingsOutSchema = z.object({
  estimated_duration: z.number(),
  is_show_discussion: z.number(),
  is_show_answer: flagOut,
  set_minimum_value: z.object({ is_set: flagOut, minimum_value: z.number() }),
  opportunity_repeat_test: z.number(),
  is_skip: flagOut,
  is_show_timer: flagOut,
  is_show_score: flagOut,
  is_random_question: flagOut,
  number_questions_package: z.number(),
  timer: z.number(),
  video_completion_percent: z.number(),
});

export const activityContentOutSchema = z.object({
  description: z.string(),
  file: z
    .object({
      id: z.string(),
      url: z.string(),
      name: z.string().optional(),
      size: z.number().optional(),
      mime: z.string().optional(),
    })
    .nullable(),
  link_embed: z.object({ is_showing: flagOut, url: z.string() }),
  meeting: z.object({ link: z.string(), is_must_participate: flagOut, ...scheduleOut }),
  meta_data: z.array(z.object({ title: z.string(), content: z.string() })),
  embed_youtube: z.array(z.object({ title: z.string(), url: z.string() })),
  type: z.enum(contentMediaTypes),
});

export const activityQuizOutSchema = z.object({
  setting: z.object({
    show_explanation: flagOut,
    show_answer_explanation: flagOut,
    skip: flagOut,
    show_score: flagOut,
    minimum_score: z.number(),
    retake: z.number(),
    is_random: flagOut,
    time: z.object({ enable: flagOut, duration: z.number() }),
  }),
  /** Each pop-up quiz with the second of the video at which it appears, ordered by second. */
  quizzes: z.array(
    z.object({
      id: z.uuid(),
      type: z.enum(popupQuizTypes),
      instruction: z.string(),
      second: z.number(),
      gameplays: z.array(z.string()),
    }),
  ),
});

/** One activity as the screens read it (spec 01 §3: id also as activity_id, type also as activity_type). */
export const activitySchema = z.object({
  id: z.uuid(),
  activity_id: z.uuid(),
  name: z.string(),
  /** Same as `name`. */
  title: z.string(),
  type: z.enum(activityTypes),
  /** Same as `type`. */
  activity_type: z.enum(activityTypes),
  topic_id: z.uuid(),
  program_id: z.uuid(),
  /** 1..n within the topic. */
  seq: z.number().int(),
  status: z.enum(activityStatuses),
  settings: activitySettingsOutSchema,
  content: activityContentOutSchema,
  /** Pop-up quiz of a video activity; null until saved. */
  quiz: activityQuizOutSchema.nullable(),
  is_clone: z.boolean(),
  clone_of: z.uuid().nullable(),
  approved_at: z.string().nullable(),
  /** Unread public discussion messages; 0 until discussions exist. */
  total_unread: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** `check-available-prepost`: the program's pre_test a post_test can copy, or null. */
export const prepostCandidateSchema = z
  .object({ id: z.uuid(), name: z.string(), topic_id: z.uuid() })
  .nullable();
export type PrepostCandidate = z.infer<typeof prepostCandidateSchema>;
