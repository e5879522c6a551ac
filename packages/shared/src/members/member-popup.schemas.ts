import { z } from 'zod';
import { gameplayTypes } from '../popup-quiz/popup-quiz.constants';
import { idempotencyKeyField } from './member-learning.schemas';

// Pop-up quizzes of a video as a member plays them. The server holds the answer key
// and the points: nothing served here tells which answer is right.

export const gameplayParamSchema = z.object({
  programId: z.uuid({ error: 'Program tidak ditemukan' }),
  activityId: z.uuid({ error: 'Aktivitas tidak ditemukan' }),
  gameplayId: z.uuid({ error: 'Soal tidak ditemukan' }),
});

/** A picture or sound of a question as stored (the library's media reference). */
const mediaOut = z
  .object({ id: z.string().nullable(), url: z.string(), type: z.string() })
  .nullable();
const partSchema = z.object({ text: z.string(), image: mediaOut, audio: mediaOut });

/**
 * What the member sends for one pop-up question: the `GameplayAnswer` of the shared scoring
 * (`popup-quiz.scoring.ts`), indexes into the lists as served here.
 * - multiple_choice / jigsaw: `{ kind: 'choice', option }`, an index of `options`;
 * - matching_word: `{ kind: 'pairs', pairs: { [leftIndex]: rightIndex } }`, indexes of
 *   `options` (left) and `matching_options` (right, in the served order);
 * - finding_word: `{ kind: 'words', found: ['KATA', …] }`, the words found on the grid.
 */
export const popupAnswerSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('choice'), option: z.number().int().min(0).max(1000) }),
    z.object({
      kind: z.literal('pairs'),
      pairs: z.record(
        z.string().regex(/^\d{1,4}$/, { error: 'Pasangan tidak valid' }),
        z.number().int().min(0).max(1000),
      ),
    }),
    z.object({ kind: z.literal('words'), found: z.array(z.string().max(200)).max(200) }),
  ],
  { error: 'Jenis jawaban tidak valid' },
);
export type PopupAnswer = z.infer<typeof popupAnswerSchema>;

/** `POST …/gameplay/{gameplayId}/answer`. */
export const popupAnswerBodySchema = z.object({
  answer: popupAnswerSchema,
  /** Same key from the same member: the stored result again. */
  idempotency_key: idempotencyKeyField,
});
export type PopupAnswerBody = z.input<typeof popupAnswerBodySchema>;

/** The right answer, told after the member answered, in the served indexes. */
export const popupCorrectAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('choice'), options: z.array(z.number().int()) }),
  z.object({ kind: z.literal('pairs'), pairs: z.record(z.string(), z.number().int()) }),
  z.object({ kind: z.literal('words'), words: z.array(z.string()) }),
]);
export type PopupCorrectAnswer = z.infer<typeof popupCorrectAnswerSchema>;

/** The scored answer: the first answer of a question is the one that counts. */
export const popupAnswerResultSchema = z.object({
  gameplay_id: z.uuid(),
  correct: z.boolean(),
  /** Points earned (0 when wrong). */
  points: z.number(),
  /** null when 'Tampilkan Pembahasan dan Koreksi' is off. */
  correct_answer: popupCorrectAnswerSchema.nullable(),
  /** null when neither 'Tampilkan Pembahasan' nor '… dan Koreksi' is on, or none is written. */
  explanation: partSchema.nullable(),
  /** The answer as stored (the first one sent). */
  answer: popupAnswerSchema,
  answered_at: z.string(),
  /** True when this request did not count: the question had been answered before. */
  repeated: z.boolean(),
});
export type PopupAnswerResult = z.infer<typeof popupAnswerResultSchema>;

const servedOptionSchema = z.object({ text: z.string(), image: mediaOut, audio: mediaOut });

/** A pop-up question as served: no correct answers, no points, no explanation. */
export const memberGameplaySchema = z.object({
  id: z.uuid(),
  type: z.enum(gameplayTypes),
  question: partSchema.nullable(),
  /** Seconds to answer (null: no timer on this question). */
  time: z.number().nullable(),
  /** multiple_choice / jigsaw: the choices (jigsaw tiles); finding_word: the words to find. */
  options: z.array(servedOptionSchema),
  /** matching_word: the right side, shuffled by the server (left is `options`). */
  matching_options: z.array(servedOptionSchema),
  /** finding_word: the letter grid (rows of single letters), the same for every request. */
  grid: z.array(z.array(z.string())).nullable(),
  /** The member's stored answer, when answered. */
  result: popupAnswerResultSchema.nullable(),
});
export type MemberGameplay = z.infer<typeof memberGameplaySchema>;

/** One pop-up of the video: it appears at `second`. */
export const memberPopupQuizSchema = z.object({
  id: z.uuid(),
  type: z.enum(gameplayTypes),
  instruction: z.string(),
  second: z.number().int(),
  gameplays: z.array(memberGameplaySchema),
});
export type MemberPopupQuiz = z.infer<typeof memberPopupQuizSchema>;

/** `GET …/gameplays`: the video's pop-ups in order of `second`, with the settings that matter. */
export const memberPopupQuizzesDataSchema = z.object({
  setting: z.object({
    show_explanation: z.number().int(),
    show_answer_explanation: z.number().int(),
    skip: z.number().int(),
    show_score: z.number().int(),
    minimum_score: z.number(),
    is_random: z.number().int(),
    time: z.object({ enable: z.number().int(), duration: z.number() }),
  }),
  quizzes: z.array(memberPopupQuizSchema),
});
export type MemberPopupQuizzesData = z.infer<typeof memberPopupQuizzesDataSchema>;

export const memberPopupMessages = {
  notVideo: 'Aktivitas ini tidak memiliki pop up quiz',
  gameplayNotFound: 'Soal tidak ditemukan',
  answered: 'Jawaban tersimpan',
  wrongKind: 'Jenis jawaban tidak sesuai dengan soal',
  optionMissing: (index: number) => `Pilihan nomor ${index + 1} tidak ada pada soal ini`,
  leftMissing: (index: number) => `Opsi kiri nomor ${index + 1} tidak ada pada soal ini`,
  rightMissing: (index: number) => `Opsi kanan nomor ${index + 1} tidak ada pada soal ini`,
  wordMissing: (word: string) => `Kata ${word} tidak ada pada soal ini`,
} as const;
