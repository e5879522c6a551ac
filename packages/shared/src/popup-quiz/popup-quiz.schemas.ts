import { z } from 'zod';
import { messages } from '../common/messages';
import { mediaRefSchema } from '../media/media.schemas';
import { quizMessages } from '../quiz/quiz.constants';
import { normaliseWord } from './word-search';
import { gameplayTypes, popupMessages, popupPointMax } from './popup-quiz.constants';
import { gameplayErrors, matchingSideError, type GameplayDraft } from './popup-quiz.rules';

/** Limits of a pop-up question (the spec shows none; these keep one question screen-sized). */
export const gameplayLimits = {
  text: 5000,
  optionText: 1000,
  options: 20,
  words: 20,
  wordLength: 20,
  pointMax: popupPointMax,
  /** Seconds, for the timer and the word-search duration. */
  secondsMax: 3600,
} as const;

/** Gameplay messages the spec leaves open (spec 02 §5 has the rest in `popupMessages`). */
export const gameplayMessages = {
  activityRequired: 'Aktivitas tidak boleh kosong',
  activityNotVideo: 'Pop Up Quiz hanya untuk aktivitas menonton video',
  typeInvalid: 'Tipe soal tidak valid',
  typeFixed: 'Tipe soal tidak dapat diubah',
  activityFixed: 'Soal tidak dapat dipindah ke aktivitas lain',
  pairsUneven: 'Jumlah Opsi Kiri dan Opsi Kanan harus sama',
  wordLetters: (n: number) => `Kata nomor ${n} harus berisi huruf`,
  wordTooLong: (n: number) =>
    `Kata nomor ${n} harus kurang dari atau sama dengan ${gameplayLimits.wordLength} huruf`,
  durationNotNumber: 'Durasi harus angka',
  mediaKind: (kind: 'image' | 'audio') =>
    kind === 'image' ? 'Media harus berupa gambar' : 'Media harus berupa audio',
  deleted: 'Soal berhasil dihapus.',
  idsInvalid: 'Id soal tidak valid',
} as const;

const blankAsNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

const nullAsUndefined = (value: unknown) => (value === null ? undefined : value);

/** An image or audio reference from the media picker, or null. */
const mediaOf = (kind: 'image' | 'audio') =>
  z.preprocess(
    blankAsNull,
    mediaRefSchema
      .refine((m) => m.type === kind, { error: gameplayMessages.mediaKind(kind) })
      .nullable(),
  );

const text = (label: string, max: number) =>
  z.preprocess(
    nullAsUndefined,
    z
      .string({ error: messages.required(label) })
      .trim()
      .max(max, { error: messages.max(label, max) })
      .default(''),
  );

/** Point: a number ≥ 0, with a dot or a comma as decimal mark (spec 02 §5 'Poin harus angka'). */
export const gameplayPointSchema = z.preprocess(
  (value: unknown) => {
    if (value === null || value === undefined || value === '') return 0;
    if (typeof value === 'string' && /^\s*\d+([.,]\d+)?\s*$/.test(value)) {
      return Number(value.trim().replace(',', '.'));
    }
    return value;
  },
  z
    .number({ error: popupMessages.pointNotNumber })
    .min(0, { error: popupMessages.pointNotNumber })
    .max(gameplayLimits.pointMax, { error: popupMessages.pointTooLarge }),
);

const seconds = (error: string) =>
  z.preprocess(
    (value: unknown) => {
      const v = blankAsNull(value);
      return typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
    },
    z
      .number({ error })
      .int({ error })
      .min(0, { error })
      .max(gameplayLimits.secondsMax, {
        error: `${error.split(' ')[0]} harus kurang dari atau sama dengan ${gameplayLimits.secondsMax} detik`,
      })
      .nullable(),
  );

/** One answer option, a matching side or a word: text and/or an image and audio. */
export const gameplayOptionSchema = z.object({
  text: text('Opsi', gameplayLimits.optionText),
  image: mediaOf('image').default(null),
  audio: mediaOf('audio').default(null),
  /** Matching word: the right side this left side pairs with (set by the server). */
  answer: z
    .preprocess(blankAsNull, z.string().max(gameplayLimits.optionText).nullable())
    .default(null),
});
export type GameplayOptionInput = z.input<typeof gameplayOptionSchema>;

/** Question or explanation: text with an optional image and audio. */
const richPartSchema = z.object({
  text: text('Teks', gameplayLimits.text),
  image: mediaOf('image').default(null),
  audio: mediaOf('audio').default(null),
});

/** The fields a gameplay body carries (create and update). */
const gameplayShape = {
  type: z.enum(gameplayTypes, { error: gameplayMessages.typeInvalid }),
  /** Null for matching_word and finding_word. */
  question: z.preprocess(blankAsNull, richPartSchema.nullable()).default(null),
  point: gameplayPointSchema.default(0),
  /** Timer in seconds (multiple_choice, jigsaw, matching_word); null = no timer. */
  time: seconds(popupMessages.timerNotNumber).default(null),
  /** Word search: seconds to find every word; null = no limit. */
  duration: seconds(gameplayMessages.durationNotNumber).default(null),
  /** Answer options; matching_word: the left side; finding_word: the words as `{text}`. */
  options: z.array(gameplayOptionSchema).max(gameplayLimits.options).default([]),
  /** matching_word: the right side; option i pairs with matching option i. */
  matching_options: z.array(gameplayOptionSchema).max(gameplayLimits.options).default([]),
  /**
   * multiple_choice / jigsaw: the correct option's text; matching_word: the right side of each
   * pair (set by the server from the pairs); finding_word: the words (set from `options`).
   */
  correct_answers: z
    .array(z.string().trim().max(gameplayLimits.optionText))
    .max(gameplayLimits.options)
    .default([]),
  explanation: z.preprocess(blankAsNull, richPartSchema.nullable()).default(null),
};

type GameplayShape = z.output<z.ZodObject<typeof gameplayShape>>;

/** A right side's plain answer: its text, or its image's url. */
export function matchingAnswer(option: { text: string; image?: { url?: string | null } | null }) {
  return option.text.trim() || option.image?.url || '';
}

/**
 * Matching word: each left option's `answer` and the `correct_answers` derived from the right
 * side (option i pairs with matching option i). The server runs it again once the image urls come
 * from the media library.
 */
export function withMatchingAnswers<
  G extends {
    options: { answer: string | null }[];
    matching_options: { text: string; image?: { url?: string | null } | null }[];
    correct_answers: string[];
  },
>(g: G): G {
  const answers = g.matching_options.map(matchingAnswer);
  return {
    ...g,
    options: g.options.map((o, i) => ({ ...o, answer: answers[i] ?? null })),
    correct_answers: answers,
  };
}

/**
 * Where a message of `gameplayErrors` belongs in the body, so the server answers it on a field:
 * `question.text`, `options.1.text`, `matching_options`, `point`…
 */
function issuePath(message: string, g: GameplayShape): (string | number)[] {
  const base = message.trim();
  const n = (pattern: RegExp) => Number(pattern.exec(base)?.[1] ?? 1) - 1;
  if (base === quizMessages.questionEmpty) return ['question', 'text'];
  if (base === quizMessages.optionsEmpty || base === quizMessages.optionsDuplicate) {
    return ['options'];
  }
  if (
    base === quizMessages.pointNotNumber ||
    base === quizMessages.pointNegative ||
    base === popupMessages.pointTooLarge
  )
    return ['point'];
  if (base === quizMessages.correctEmpty) return ['correct_answers'];
  if (base === quizMessages.pointEmpty) return ['point'];
  if (/^Jawaban nomor \d+/.test(base)) return ['options', n(/nomor (\d+)/), 'text'];
  if (base === popupMessages.leftEmpty || base === popupMessages.wordsEmpty) return ['options'];
  if (base === popupMessages.rightEmpty) return ['matching_options'];
  if (/^Sesi Kiri opsi \d+/.test(base)) return ['options', n(/opsi (\d+)/)];
  if (/^Sesi Kanan opsi \d+/.test(base)) return ['matching_options', n(/opsi (\d+)/)];
  if (/^Kata nomor \d+/.test(base)) return ['options', n(/nomor (\d+)/), 'text'];
  if (base === popupMessages.textOrImage) {
    const left = g.options.findIndex((o) => matchingSideError(o));
    if (left >= 0) return ['options', left];
    return ['matching_options', Math.max(0, g.matching_options.findIndex(matchingSideError))];
  }
  return [];
}

/** Drops what a type does not use and derives the answers the server owns. */
function normalise(g: GameplayShape): GameplayShape {
  switch (g.type) {
    case 'multiple_choice':
    case 'jigsaw':
      return { ...g, duration: null, matching_options: [] };
    case 'matching_word':
      return { ...withMatchingAnswers(g), question: null, duration: null };
    case 'finding_word': {
      const words = g.options.map((o) => ({
        text: o.text,
        image: null,
        audio: null,
        answer: null,
      }));
      return {
        ...g,
        question: null,
        time: null,
        options: words,
        matching_options: [],
        correct_answers: words.map((w) => w.text),
      };
    }
  }
}

/** The checks of spec 02 §5 (shared `gameplayErrors`) plus the rules the spec leaves open. */
function checkGameplay(g: GameplayShape, ctx: z.RefinementCtx) {
  const draft: GameplayDraft = {
    type: g.type,
    question: g.question,
    point: g.point,
    time: g.time,
    options: g.options,
    correct_answers: g.correct_answers,
    matching_options: g.matching_options,
  };
  for (const message of gameplayErrors(draft)) {
    ctx.addIssue({ code: 'custom', path: issuePath(message, g), message });
  }
  if (
    g.type === 'matching_word' &&
    g.options.length > 0 &&
    g.matching_options.length > 0 &&
    g.options.length !== g.matching_options.length
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['matching_options'],
      message: gameplayMessages.pairsUneven,
    });
  }
  if (g.type === 'finding_word') {
    g.options.forEach((o, i) => {
      if (!o.text.trim()) return;
      const letters = normaliseWord(o.text);
      if (!letters) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'text'],
          message: gameplayMessages.wordLetters(i + 1),
        });
      } else if (letters.length > gameplayLimits.wordLength) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'text'],
          message: gameplayMessages.wordTooLong(i + 1),
        });
      }
    });
  }
}

/**
 * `POST /api/gameplay/v1/create`: a pop-up question of a video activity. The body is checked with
 * the rules of spec 02 §5 (same messages as the browser); unused fields of a type are dropped.
 */
export const gameplayCreateSchema = z
  .object({
    activity_id: z.uuid({ error: gameplayMessages.activityRequired }),
    ...gameplayShape,
  })
  .superRefine((g, ctx) => checkGameplay(g, ctx))
  .transform((g) => ({ ...normalise(g), activity_id: g.activity_id }));
export type GameplayCreateInput = z.input<typeof gameplayCreateSchema>;
export type GameplayCreate = z.output<typeof gameplayCreateSchema>;

/**
 * `PUT /api/gameplay/v1/update/{id}`: the whole question again (the spec's matching save sends
 * every field). `activity_id` may be sent but must stay the same; `id` in the body is ignored.
 */
export const gameplayUpdateSchema = z
  .object({
    activity_id: z
      .preprocess(blankAsNull, z.uuid({ error: 'Aktivitas tidak valid' }).nullable())
      .optional(),
    id: z.unknown().optional(),
    ...gameplayShape,
  })
  .superRefine((g, ctx) => checkGameplay(g, ctx))
  .transform((g) => ({ ...normalise(g), activity_id: g.activity_id ?? null }));
export type GameplayUpdateInput = z.input<typeof gameplayUpdateSchema>;
export type GameplayUpdate = z.output<typeof gameplayUpdateSchema>;

/** `GET /api/gameplay/v1/show_multi?ids=a,b`: ids joined by commas (spec 02 §7). */
export const gameplayShowMultiQuerySchema = z.object({
  ids: z.preprocess(
    (value: unknown) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : value,
    z
      .array(z.uuid({ error: gameplayMessages.idsInvalid }))
      .max(200, { error: 'Maksimal 200 soal' })
      .default([]),
  ),
});

/** Any string: an id that is not a UUID is simply not found (404). */
export const gameplayIdParamSchema = z.object({ id: z.string().max(100) });

// Responses ----------------------------------------------------------------------------------

const mediaOut = mediaRefSchema.nullable();
const optionOut = z.object({
  text: z.string(),
  image: mediaOut,
  audio: mediaOut,
  answer: z.string().nullable(),
});
const partOut = z.object({ text: z.string(), image: mediaOut, audio: mediaOut });

/** A pop-up question (gameplay) as the screens read it (spec 02 §3). */
export const gameplaySchema = z.object({
  id: z.uuid(),
  activity_id: z.uuid(),
  type: z.enum(gameplayTypes),
  question: partOut.nullable(),
  point: z.number(),
  time: z.number().nullable(),
  duration: z.number().nullable(),
  options: z.array(optionOut),
  matching_options: z.array(optionOut),
  correct_answers: z.array(z.string()),
  explanation: partOut.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Gameplay = z.infer<typeof gameplaySchema>;
export type GameplayOption = Gameplay['options'][number];
