import { z } from 'zod';
import { blankAsUndefined, toNumber } from '../common/form-input';
import { messages } from '../common/messages';
import { gameplayTypes, type GameplayType } from '../popup-quiz/popup-quiz.constants';
import {
  activityMessages,
  activityStatuses,
  activityTypes,
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

// Input helpers ---------------------------------------------------------------------------------

const nullAsUndefined = (value: unknown) => (value === null ? undefined : value);

/**
 * A yes/no setting. Spec 02 §3: booleans are sent as 1 and 0; true/false and '1'/'0' are
 * accepted too and stored as 1/0, so every reader sees one form.
 */
const toFlag = (value: unknown) => {
  const v = blankAsUndefined(value);
  if (v === true || v === 1 || v === '1' || v === 'true') return 1;
  if (v === false || v === 0 || v === '0' || v === 'false') return 0;
  return v;
};
const flagLiteral = z.literal([0, 1], { error: 'Nilai harus 1 atau 0' });
export const flagSchema = z.preprocess(toFlag, flagLiteral.default(0));
/** A yes/no that may be unset (absent, null or ''). */
const optionalFlagSchema = z.preprocess(toFlag, flagLiteral.optional());
export type Flag = 0 | 1;

const wholeNumberValue = (label: string, min: number, max: number) =>
  z
    .number({ error: messages.number(label) })
    .int({ error: messages.number(label) })
    .min(min, { error: messages.numberMin(label, min) })
    .max(max, { error: `${label} harus kurang dari atau sama dengan ${max}` });

const wholeNumber = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(toNumber, wholeNumberValue(label, min, max).default(fallback));

const optionalUrl = z.preprocess(
  (value: unknown) => (value === null || value === undefined ? '' : value),
  z
    .string()
    .trim()
    .max(2048, { error: messages.max('URL', 2048) })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: activityMessages.url }),
);

// Settings --------------------------------------------------------------------------------------

const minutesMax = 60 * 24 * 365;

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

// Pop-up quiz (update-quiz) ---------------------------------------------------------------------

/** The pop-up types are the gameplay types of the popup-quiz domain (written once there). */
export const popupQuizTypes = gameplayTypes;
export type PopupQuizType = GameplayType;

const retakeValue = z
  .number({ error: 'Kesempatan mengulang tidak valid' })
  .refine((v): v is RepeatValue => repeatValues.includes(v), {
    error: 'Kesempatan mengulang tidak valid',
  });

/** Pop-up quiz settings of spec 02 §3, as stored (every one chosen). */
export const popupQuizSettingSchema = z.object({
  show_explanation: flagSchema,
  show_answer_explanation: flagSchema,
  skip: flagSchema,
  show_score: flagSchema,
  minimum_score: wholeNumber('Nilai Minimal', 0, 100, 0),
  retake: z.preprocess(toNumber, retakeValue.default(0)),
  is_random: flagSchema,
  time: z.preprocess(
    blankAsUndefined,
    z
      .object({ enable: flagSchema, duration: wholeNumber('Estimasi Durasi', 0, minutesMax, 0) })
      .default({ enable: 0, duration: 0 }),
  ),
});
export type PopupQuizSetting = z.output<typeof popupQuizSettingSchema>;

/**
 * Settings as the update-quiz body sends them: each may still be unset (absent, null or ''), so
 * the service can answer the first unset one with 'Pengaturan X belum diatur' (spec 02 §5, shared
 * `firstUnsetSetting`). Values that are set are checked here.
 */
export const popupQuizSettingInputSchema = z.object({
  show_explanation: optionalFlagSchema,
  show_answer_explanation: optionalFlagSchema,
  skip: optionalFlagSchema,
  show_score: optionalFlagSchema,
  minimum_score: z.preprocess(toNumber, wholeNumberValue('Nilai Minimal', 0, 100).optional()),
  retake: z.preprocess(toNumber, retakeValue.optional()),
  is_random: optionalFlagSchema,
  time: z.preprocess(
    blankAsUndefined,
    z
      .object({
        enable: optionalFlagSchema,
        duration: z.preprocess(
          toNumber,
          wholeNumberValue('Estimasi Durasi', 0, minutesMax).optional(),
        ),
      })
      .default({}),
  ),
});
export type PopupQuizSettingInput = z.input<typeof popupQuizSettingInputSchema>;
export type PopupQuizSettingDraft = z.output<typeof popupQuizSettingInputSchema>;

/** Longest video second a pop-up quiz may sit at (a day; the video's own length is the screen's). */
export const popupSecondMax = 86_400;

/** One pop-up quiz of a video: its type, instruction, the second it appears at, its questions. */
export const popupQuizItemSchema = z.object({
  /** Stable id; absent for a new quiz (the server gives one). */
  id: z.preprocess(blankAsUndefined, z.uuid({ error: 'Id pop up quiz tidak valid' }).optional()),
  type: z.enum(popupQuizTypes, { error: 'Tipe pop up quiz tidak valid' }),
  /** Sentence shown above the questions. */
  instruction: z.preprocess(
    nullAsUndefined,
    z
      .string()
      .trim()
      .max(1000, { error: messages.max('Instruksi', 1000) })
      .default(''),
  ),
  /** Second of the video at which the quiz appears: a whole number ≥ 0. */
  second: z.preprocess(
    toNumber,
    z
      .number({ error: 'Detik harus berupa angka' })
      .int({ error: 'Detik harus bilangan bulat' })
      .min(0, { error: messages.numberMin('Detik', 0) })
      .max(popupSecondMax, { error: `Detik harus kurang dari atau sama dengan ${popupSecondMax}` }),
  ),
  /** Ids of its pop-up questions (gameplays), in order. */
  gameplays: z
    .array(z.uuid({ error: 'Id soal tidak valid' }))
    .max(200)
    .default([]),
});
export type PopupQuizItemInput = z.input<typeof popupQuizItemSchema>;

const gameplayIdsSchema = z
  .array(z.uuid({ error: 'Id soal tidak valid' }))
  .max(200)
  .default([])
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Soal tidak boleh ganda' });

/**
 * `PUT …/{id}/update-quiz`: `{ setting, quizzes: [{ id?, type, instruction, second, gameplays }] }`.
 * The spec's single shape `{ type, instruction?, setting, gameplays }` is read as one quiz at
 * second 0. Seconds are unique per video and a question belongs to one quiz only.
 */
export const activityQuizUpdateSchema = z
  .object({
    setting: z.preprocess(blankAsUndefined, popupQuizSettingInputSchema.default({ time: {} })),
    quizzes: z.array(popupQuizItemSchema).max(100).optional(),
    /** Single shape (spec 02 §7): type, instruction and gameplays of one quiz. */
    type: z.preprocess(
      blankAsUndefined,
      z.enum(popupQuizTypes, { error: 'Tipe pop up quiz tidak valid' }).optional(),
    ),
    instruction: z.preprocess(
      nullAsUndefined,
      z
        .string()
        .trim()
        .max(1000, { error: messages.max('Instruksi', 1000) })
        .optional(),
    ),
    gameplays: gameplayIdsSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const quizzes = body.quizzes ?? [];
    const seconds = new Map<number, number>();
    const ids = new Set<string>();
    quizzes.forEach((quiz, i) => {
      const other = seconds.get(quiz.second);
      if (other !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['quizzes', i, 'second'],
          message: `Detik ${quiz.second} sudah dipakai pop up quiz lain`,
        });
      }
      seconds.set(quiz.second, i);
      quiz.gameplays.forEach((id, j) => {
        if (ids.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['quizzes', i, 'gameplays', j],
            message: 'Soal tidak boleh ganda',
          });
        }
        ids.add(id);
      });
    });
    const quizIds = quizzes.map((q) => q.id).filter(Boolean);
    if (new Set(quizIds).size !== quizIds.length) {
      ctx.addIssue({ code: 'custom', path: ['quizzes'], message: 'Pop up quiz tidak boleh ganda' });
    }
  })
  .transform((body) => ({
    setting: body.setting,
    quizzes:
      body.quizzes ??
      (body.gameplays || body.type
        ? [
            {
              id: undefined,
              type: body.type ?? 'multiple_choice',
              instruction: body.instruction ?? '',
              second: 0,
              gameplays: body.gameplays ?? [],
            },
          ]
        : []),
  }));
export type ActivityQuizUpdateInput = z.input<typeof activityQuizUpdateSchema>;
export type ActivityQuizUpdate = z.output<typeof activityQuizUpdateSchema>;

const popupQuizStoredItemSchema = z.object({
  id: z.uuid(),
  type: z.enum(popupQuizTypes),
  instruction: z.string(),
  second: z.number().int().min(0),
  gameplays: z.array(z.uuid()),
});

/** The pop-up quizzes of a video as stored in the activity's `quiz` and answered by show. */
export const activityQuizSchema = z.object({
  setting: popupQuizSettingSchema,
  /** Ordered by second. */
  quizzes: z.array(popupQuizStoredItemSchema),
});
export type ActivityQuiz = z.output<typeof activityQuizSchema>;
export type PopupQuizItem = ActivityQuiz['quizzes'][number];

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
