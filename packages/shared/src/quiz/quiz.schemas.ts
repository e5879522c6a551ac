import { z } from 'zod';
import { blankAsUndefined, toNumber } from '../common/form-input';
import { messages } from '../common/messages';
import { mediaRefSchema } from '../media/media.schemas';
import {
  type QuestionStatus,
  type QuestionType,
  questionStatuses,
  questionTypes,
  quizLimits,
  quizMessages,
  sectionLabels,
} from './quiz.constants';

// Input helpers ---------------------------------------------------------------------------------

const text = (label: string, max: number) =>
  z.preprocess(
    (value: unknown) => (value === null || value === undefined ? '' : value),
    z.string({ error: `${label} tidak valid` }).max(max, { error: messages.max(label, max) }),
  );

/** A media reference (`{id, url, type}`) or null; an empty object from a cleared field is null. */
const optionalMedia = z.preprocess(
  (value: unknown) =>
    value === undefined ||
    value === '' ||
    (typeof value === 'object' &&
      value !== null &&
      !(value as { url?: unknown }).url &&
      !(value as { id?: unknown }).id)
      ? null
      : value,
  mediaRefSchema.nullable(),
);

/**
 * A point as forms send it: a number, a numeric string with a dot or comma decimal, or empty.
 * Whether it may be empty depends on the question type, so the rules (`questionFieldErrors`)
 * decide; here only the shape is checked.
 */
export const pointInputSchema = z.union([z.number(), z.string().max(20), z.null()], {
  error: quizMessages.pointNotNumber,
});

/** null or absent reads as `fallback`. */
const orDefault = <S extends z.ZodType>(schema: S, fallback: unknown) =>
  z.preprocess((value: unknown) => value ?? fallback, schema);

const emptyBlock = { text: '', media: null };

const blockSchema = (label: string) =>
  orDefault(
    z.object({
      text: text(label, quizLimits.richText),
      media: optionalMedia.default(null),
    }),
    emptyBlock,
  );
const richBlockSchema = blockSchema('Teks');

// Question (bank) -------------------------------------------------------------------------------

export const questionOptionInputSchema = z.object({
  text: text('Opsi jawaban', quizLimits.optionText),
  media: optionalMedia.default(null),
  /** Weight of the option; 0 when empty. */
  point: pointInputSchema.optional(),
});

/** A media reference as the editor sends it. */
export type MediaRefInput = z.input<typeof mediaRefSchema>;

/** A text with an optional media item (question, instruction, explanation). */
export interface QuestionBlockInput {
  text?: string | null;
  media?: MediaRefInput | null;
}

/** One answer option as sent. */
export interface QuestionOptionInput {
  text?: string | null;
  media?: MediaRefInput | null;
  point?: number | string | null;
}

/**
 * A question as the editor and the bank calls send it (spec 02 §3). Shapes are checked here;
 * the rules of spec 02 §5 (empty text, options, correct answer, point) run through the shared
 * `questionFieldErrors` on the server, so their messages are the spec's and sit on the fields.
 */
export const questionInputSchema = z.object({
  /** Present when the question already exists (update); absent for a new one. */
  id: z.uuid({ error: 'Soal tidak valid' }).optional(),
  type: z.enum(questionTypes, { error: 'Tipe Soal tidak valid' }).default('multiple_choice'),
  question: blockSchema('Pertanyaan'),
  instruction: richBlockSchema,
  /** The audio attachment of the question. */
  audio: optionalMedia.default(null),
  question_type: z.literal('text').default('text'),
  answer_type: z.literal('text').default('text'),
  /** Multiple choice only (default 5); a survey question has no point. */
  point: pointInputSchema.optional(),
  options: orDefault(
    z
      .array(questionOptionInputSchema)
      .max(quizLimits.options, { error: `Opsi jawaban maksimal ${quizLimits.options}` }),
    [],
  ),
  /** One option text (multiple choice); empty for a survey. */
  correct_answer: z
    .preprocess(
      (value: unknown) => (typeof value === 'string' ? [value] : (value ?? undefined)),
      z.array(z.string().max(quizLimits.optionText)).max(1, { error: 'Jawaban benar hanya satu' }),
    )
    .default([]),
  status: z.preprocess(blankAsUndefined, z.enum(questionStatuses).default('publish')),
  explanation: orDefault(
    z.object({ correct: blockSchema('Pembahasan'), wrong: blockSchema('Pembahasan') }),
    { correct: emptyBlock, wrong: emptyBlock },
  ),
});
/** A question as a client sends it (every field but the content may be left out). */
export interface QuestionInput {
  id?: string;
  type?: QuestionType;
  question?: QuestionBlockInput | null;
  instruction?: QuestionBlockInput | null;
  audio?: MediaRefInput | null;
  question_type?: 'text';
  answer_type?: 'text';
  point?: number | string | null;
  options?: QuestionOptionInput[] | null;
  correct_answer?: string[] | string | null;
  status?: QuestionStatus;
  explanation?: { correct?: QuestionBlockInput | null; wrong?: QuestionBlockInput | null } | null;
}
export type QuestionInputParsed = z.output<typeof questionInputSchema>;

/** `POST /api/bank/v1/question/admin/create`, `PUT …/update/{id}`: a question of an activity. */
export const bankQuestionBodySchema = questionInputSchema.omit({ id: true }).extend({
  /** The quiz-type activity the question belongs to (permissions follow its program). */
  activity_id: z.uuid({ error: 'Aktivitas tidak valid' }),
});
export type BankQuestionBody = Omit<QuestionInput, 'id'> & { activity_id: string };
export type BankQuestionBodyParsed = z.output<typeof bankQuestionBodySchema>;

// Section ---------------------------------------------------------------------------------------

/** '-5' reads as -5 and gets the "at least 0" message (spec 01 §5), not "must be a number". */
const minScoreSchema = z.preprocess(
  toNumber,
  z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? messages.required(sectionLabels.minScore)
          : messages.number(sectionLabels.minScore),
    })
    .int({ error: messages.number(sectionLabels.minScore) })
    .min(0, { error: messages.numberMin(sectionLabels.minScore, 0) })
    .max(quizLimits.minScore, {
      error: messages.numberMax(sectionLabels.minScore, quizLimits.minScore),
    }),
);

const sectionNameSchema = z.preprocess(
  (value: unknown) => (typeof value === 'string' ? value.trim() : (value ?? '')),
  z
    .string({ error: messages.required(sectionLabels.name) })
    .min(1, { error: messages.required(sectionLabels.name) })
    .max(quizLimits.sectionName, {
      error: messages.max(sectionLabels.name, quizLimits.sectionName),
    }),
);

/** The section fields of the editor: 'Nama' and 'Minimal Score', both required. */
export const sectionFieldsSchema = z.object({
  name: sectionNameSchema,
  min_score: minScoreSchema,
});
/** The section form's values as sent ('Minimal Score' may come as a digit string). */
export interface SectionFields {
  name: string;
  min_score: number | string;
}

/** `POST /api/v1/section/{activity}/create` and `…/{section}/update`. */
export const sectionBodySchema = sectionFieldsSchema.extend({
  packet_id: z.uuid({ error: 'Paket soal tidak valid' }),
});
export type SectionBody = SectionFields & { packet_id: string };
export type SectionBodyParsed = z.output<typeof sectionBodySchema>;

// Group -----------------------------------------------------------------------------------------

/**
 * Group create/update (spec 02 §7). Version B sends `list_question` as ids of bank questions
 * and `section_id`; version A sends the whole group, `list_question` as question objects (with
 * or without id) and optionally the section itself. Both may be mixed.
 */
export const groupBodySchema = z.object({
  is_group: z.boolean().default(true),
  section_id: z.uuid({ error: 'Section tidak valid' }).nullish(),
  section: sectionFieldsSchema
    .extend({ id: z.uuid({ error: 'Section tidak valid' }).optional() })
    .nullish(),
  list_question: z
    .array(z.union([z.uuid({ error: 'Soal tidak valid' }), questionInputSchema]))
    .max(quizLimits.questionsPerGroup, {
      error: `Soal maksimal ${quizLimits.questionsPerGroup} per section`,
    })
    .default([]),
});
export interface GroupBody {
  is_group?: boolean;
  section_id?: string | null;
  section?: (SectionFields & { id?: string }) | null;
  list_question: (string | QuestionInput)[];
}
export type GroupBodyParsed = z.output<typeof groupBodySchema>;

/**
 * `PUT /api/v1/packet/{program}/{topic}/{activity}/{packet}/save-section`: the one call of the
 * editor. Section, questions (in order) and group are saved in one transaction.
 */
export const saveSectionBodySchema = z.object({
  /** The group being edited; absent for a new section. */
  group_id: z.uuid({ error: 'Section tidak valid' }).optional(),
  section: sectionFieldsSchema.extend({
    id: z.uuid({ error: 'Section tidak valid' }).optional(),
  }),
  questions: z
    .array(questionInputSchema)
    .max(quizLimits.questionsPerGroup, {
      error: `Soal maksimal ${quizLimits.questionsPerGroup} per section`,
    })
    .default([]),
});
export interface SaveSectionBody {
  group_id?: string;
  section: SectionFields & { id?: string };
  questions: QuestionInput[];
}
export type SaveSectionBodyParsed = z.output<typeof saveSectionBodySchema>;

/** `POST /api/v1/packet/{program}/{topic}/{activity}/create`. */
export const packetCreateBodySchema = z
  .preprocess(
    (value: unknown) => value ?? {},
    z.object({
      status: z.preprocess(blankAsUndefined, z.enum(questionStatuses).default('publish')),
    }),
  )
  .default({ status: 'publish' });
export type PacketCreateBody = { status?: QuestionStatus } | undefined;

// Params ----------------------------------------------------------------------------------------

/** Ids that are not UUIDs are simply not found (404), not a validation error. */
const pathId = z.string().max(100);
export const packetListParamsSchema = z.object({
  program: pathId,
  topic: pathId,
  activity: pathId,
});
export const packetParamsSchema = packetListParamsSchema.extend({ packet: pathId });
export const groupParamsSchema = packetParamsSchema.extend({ group_id: pathId });
export const sectionActivityParamsSchema = z.object({ activity: pathId });
export const sectionParamsSchema = sectionActivityParamsSchema.extend({ section: pathId });
export const questionIdParamsSchema = z.object({ id: pathId });

// Responses (plain shapes, no transforms) -------------------------------------------------------

const mediaOut = z
  .object({ id: z.string().nullable(), url: z.string(), type: z.string() })
  .nullable();
const blockOut = z.object({ text: z.string(), media: mediaOut });

export const questionSchema = z.object({
  id: z.uuid(),
  activity_id: z.uuid().nullable(),
  group_id: z.uuid().nullable(),
  /** Position in the group, 1..n. */
  seq: z.number().int(),
  type: z.enum(questionTypes),
  question: blockOut,
  instruction: blockOut,
  audio: mediaOut,
  question_type: z.string(),
  answer_type: z.string(),
  /** 0 for a survey question. */
  point: z.number(),
  options: z.array(z.object({ text: z.string(), media: mediaOut, point: z.number() })),
  correct_answer: z.array(z.string()),
  status: z.string(),
  explanation: z.object({ correct: blockOut, wrong: blockOut }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Question = z.infer<typeof questionSchema>;

export const sectionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  min_score: z.number().int(),
  packet_id: z.uuid(),
  activity_id: z.uuid(),
  /** The group showing this section, if any. */
  group_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Section = z.infer<typeof sectionSchema>;

const groupSectionSchema = z
  .object({ id: z.uuid(), name: z.string(), min_score: z.number().int() })
  .nullable();

/** A group of the group list: its section and its questions in order. */
export const groupSchema = z.object({
  group_id: z.uuid(),
  /** Same as group_id. */
  id: z.uuid(),
  is_group: z.boolean(),
  program_id: z.uuid(),
  topic_id: z.uuid(),
  activity_id: z.uuid(),
  packet_id: z.uuid(),
  section: groupSectionSchema,
  list_question: z.array(questionSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** A group inside the packet list: question ids only. */
export const packetGroupSchema = z.object({
  group_id: z.uuid(),
  is_group: z.boolean(),
  section: groupSectionSchema,
  list_question: z.array(z.uuid()),
  total_question: z.number().int(),
});

export const packetSchema = z.object({
  id: z.uuid(),
  status: z.string(),
  total_question: z.number().int(),
  program_id: z.uuid(),
  topic_id: z.uuid(),
  activity_id: z.uuid(),
  groups: z.array(packetGroupSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Packet = z.infer<typeof packetSchema>;

export const packetListSchema = z.object({ list: z.array(packetSchema) });
export const groupListSchema = z.object({ list: z.array(groupSchema) });
export const sectionListSchema = z.object({ list: z.array(sectionSchema) });

/** Bank create answers `data.data.id` (spec 02 §7); the question itself sits beside it. */
export const bankCreatedSchema = z.object({
  data: z.object({ id: z.uuid() }),
  question: questionSchema,
});
export type BankCreated = z.infer<typeof bankCreatedSchema>;
