import { z } from 'zod';
import { blankAsUndefined, toNumber } from '../common/form-input';
import { messages } from '../common/messages';
import {
  activityMessages,
  contentMediaTypes,
  repeatValues,
  scheduleModes,
  type RepeatValue,
} from './activities.constants';
import {
  checkMetaSchedules,
  isYoutubeUrl,
  validateSchedule,
  type Schedule,
  type ScheduleIssue,
} from './activities.rules';
import {
  flagSchema,
  minutesMax,
  nullAsUndefined,
  optionalUrl,
  wholeNumber,
  type Flag,
} from './activities-fields.schemas';

// The activity form's settings and content (spec 02 §3): every field has a default.

// Settings --------------------------------------------------------------------------------------

/** Activity settings of spec 02 §3; every field has a default so a partial form still saves. */
export const activitySettingsSchema = z.object({
  /** Minutes; shown as HH:MM:00. */
  estimated_duration: wholeNumber('Estimasi Durasi', 0, minutesMax, 0),
  /** 0 Off, 1 Private, 2 Public. */
  is_show_discussion: z.preprocess(
    toNumber,
    z.literal([0, 1, 2], { error: 'Pilihan diskusi tidak valid' }).default(0),
  ),
  is_show_answer: flagSchema,
  set_minimum_value: z.preprocess(
    blankAsUndefined,
    z
      .object({
        is_set: flagSchema,
        minimum_value: wholeNumber('Nilai Minimal', 0, 100, 0),
      })
      .default({ is_set: 0, minimum_value: 0 }),
  ),
  /** 1, 10, 50, 100, 0 (no repeat), -1 (unlimited). */
  opportunity_repeat_test: z.preprocess(
    toNumber,
    z
      .number({ error: 'Kesempatan mengulang tidak valid' })
      .refine((v): v is RepeatValue => repeatValues.includes(v), {
        error: 'Kesempatan mengulang tidak valid',
      })
      .default(0),
  ),
  is_skip: flagSchema,
  is_show_timer: flagSchema,
  is_show_score: flagSchema,
  is_random_question: flagSchema,
  number_questions_package: wholeNumber('Jumlah paket soal', 0, 1000, 0),
  /** Exam minutes. */
  timer: wholeNumber('Timer', 0, minutesMax, 0),
  /** Video types: the watched share (percent of the length) that completes the activity. */
  video_completion_percent: wholeNumber('Batas selesai menonton', 1, 100, 90),
});
export type ActivitySettingsInput = z.input<typeof activitySettingsSchema>;
export type ActivitySettings = z.output<typeof activitySettingsSchema>;
export const defaultActivitySettings: ActivitySettings = activitySettingsSchema.parse({});

// Content ---------------------------------------------------------------------------------------

const scheduleTimeSchema = z.object({
  start_time: z.preprocess(nullAsUndefined, z.string().trim().default('')),
  end_time: z.preprocess(nullAsUndefined, z.string().trim().default('')),
});
const scheduleDaySchema = z.object({
  day: z.preprocess(nullAsUndefined, z.string().trim().default('')),
  times: z.array(scheduleTimeSchema).max(48).default([]),
});
const scheduleDateSchema = z.object({
  date: z.preprocess(nullAsUndefined, z.string().trim().default('')),
  times: z.array(scheduleTimeSchema).max(48).default([]),
});
const scheduleModeSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : blankAsUndefined(v)),
  z
    .enum([scheduleModes.byDay, scheduleModes.byDate], { error: 'Tipe jadwal tidak valid' })
    .default('1'),
);

const addScheduleIssues = (issues: ScheduleIssue[], ctx: z.RefinementCtx) => {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
};

/** The shape of a schedule as a form edits it (day/date lists with time ranges). */
const scheduleShape = {
  is_day: scheduleModeSchema,
  days: z.array(scheduleDaySchema).max(7).default([]),
  dates: z.array(scheduleDateSchema).max(366).default([]),
};

/**
 * A schedule checked with the shared rules. Only the active mode's list is kept (see
 * `readSchedule`): the other list may hold what the user typed before switching modes.
 */
export const scheduleSchema = z
  .object(scheduleShape)
  .superRefine((value, ctx) => addScheduleIssues(validateSchedule(value as Schedule), ctx))
  .transform((value): Schedule =>
    value.is_day === scheduleModes.byDay
      ? { is_day: value.is_day, days: value.days as Schedule['days'], dates: [] }
      : { is_day: value.is_day, days: [], dates: value.dates },
  );

export const fileRefSchema = z.object({
  /** Media id (the media module's row). */
  id: z.uuid({ error: activityMessages.fileNotFound }),
  url: z.string().max(2048).default(''),
  name: z.string().max(255).optional(),
  size: z.number().int().min(0).optional(),
  mime: z.string().max(255).optional(),
});
export type FileRef = z.output<typeof fileRefSchema>;

export const metaEntrySchema = z.object({
  title: z
    .string({ error: messages.required('Judul') })
    .trim()
    .min(1, { error: messages.required('Judul') })
    .max(255, { error: messages.max('Judul', 255) }),
  content: z.preprocess(
    (v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : nullAsUndefined(v)),
    z
      .string()
      .max(20_000, { error: messages.max('Konten', 20_000) })
      .default(''),
  ),
});

export const youtubeLinkSchema = z.object({
  title: z
    .string({ error: messages.required('Judul video') })
    .trim()
    .min(1, { error: messages.required('Judul video') })
    .max(255, { error: messages.max('Judul video', 255) }),
  url: z
    .string({ error: messages.required('URL') })
    .trim()
    .min(1, { error: messages.required('URL') })
    .max(2048, { error: messages.max('URL', 2048) })
    .refine(isYoutubeUrl, { error: activityMessages.youtubeUrl }),
});

export const meetingSchema = z
  .object({
    link: optionalUrl,
    /** Hide the meeting link (only participants see it). */
    is_must_participate: flagSchema,
    ...scheduleShape,
  })
  .superRefine((value, ctx) => addScheduleIssues(validateSchedule(value as Schedule), ctx))
  .transform((value) =>
    value.is_day === scheduleModes.byDay ? { ...value, dates: [] } : { ...value, days: [] },
  );

const defaultMeeting = {
  link: '',
  is_must_participate: 0 as Flag,
  is_day: scheduleModes.byDay,
  days: [],
  dates: [],
};

/**
 * Activity content of spec 02 §3. The schedules live in meta_data (`is_scheduled`,
 * `is_show_scheduled`, `schedules_data`, `finish_activity`); their JSON is checked with the
 * shared rules and a problem is reported on `meta_data.<title>`.
 */
export const activityContentSchema = z.object({
  /** HTML; the server sanitises it on write. */
  description: z.preprocess(
    nullAsUndefined,
    z
      .string()
      .max(200_000, { error: messages.max('Deskripsi', 200_000) })
      .default(''),
  ),
  file: z.preprocess((v) => blankAsUndefined(v), fileRefSchema.nullable().default(null)),
  link_embed: z.preprocess(
    blankAsUndefined,
    z.object({ is_showing: flagSchema, url: optionalUrl }).default({ is_showing: 0, url: '' }),
  ),
  meeting: z.preprocess(blankAsUndefined, meetingSchema.default(defaultMeeting)),
  meta_data: z.preprocess(
    blankAsUndefined,
    z
      .array(metaEntrySchema)
      .max(100)
      .default([])
      .superRefine((meta, ctx) => {
        for (const [title, message] of Object.entries(checkMetaSchedules(meta))) {
          ctx.addIssue({ code: 'custom', path: [title], message });
        }
      }),
  ),
  embed_youtube: z.preprocess(blankAsUndefined, z.array(youtubeLinkSchema).max(50).default([])),
  type: z.preprocess(
    blankAsUndefined,
    z.enum(contentMediaTypes, { error: 'Tipe konten tidak valid' }).default('No Media'),
  ),
});
export type ActivityContentInput = z.input<typeof activityContentSchema>;
export type ActivityContent = z.output<typeof activityContentSchema>;
export const defaultActivityContent: ActivityContent = activityContentSchema.parse({});
