import { z } from 'zod';
import { blankAsUndefined, toNumber } from '../common/form-input';
import { messages } from '../common/messages';
import { gameplayTypes, type GameplayType } from '../popup-quiz/popup-quiz.constants';
import { repeatValues, type RepeatValue } from './activities.constants';
import {
  flagSchema,
  minutesMax,
  nullAsUndefined,
  optionalFlagSchema,
  wholeNumber,
  wholeNumberValue,
} from './activities-fields.schemas';

// Pop-up quiz (update-quiz): the quizzes of a video activity, their settings and questions.

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
