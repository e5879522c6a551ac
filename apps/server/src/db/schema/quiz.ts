import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { activities } from './programs';

export interface MediaRefJson {
  id?: string | null;
  url?: string | null;
  type?: string | null;
}

/** A packet ('Paket Soal N') of a quiz-type activity; listed by created_at ascending. */
export const questionPackets = pgTable(
  'question_packets',
  {
    id: id(),
    activity_id: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('publish'),
    ...timestamps(),
  },
  (t) => [index('question_packets_activity_created_idx').on(t.activity_id, t.created_at)],
);

/** A section of a packet: name and minimum score (version B). */
export const quizSections = pgTable(
  'quiz_sections',
  {
    id: id(),
    activity_id: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    packet_id: uuid('packet_id')
      .notNull()
      .references(() => questionPackets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    min_score: integer('min_score').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('quiz_sections_packet_idx').on(t.packet_id, t.created_at)],
);

/** A group of questions in a packet, tied to at most one section. */
export const questionGroups = pgTable(
  'question_groups',
  {
    id: id(),
    packet_id: uuid('packet_id')
      .notNull()
      .references(() => questionPackets.id, { onDelete: 'cascade' }),
    section_id: uuid('section_id').references(() => quizSections.id, { onDelete: 'cascade' }),
    is_group: boolean('is_group').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('question_groups_packet_idx').on(t.packet_id, t.created_at),
    index('question_groups_section_idx').on(t.section_id),
  ],
);

/**
 * Questions of the bank. A question belongs to an activity; once listed by a group it carries that
 * group and its position, and goes when the group goes (no orphans).
 */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    activity_id: uuid('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    group_id: uuid('group_id').references(() => questionGroups.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
    type: text('type').notNull(),
    question: jsonb('question').$type<{ text: string; media: MediaRefJson | null }>().notNull(),
    instruction: jsonb('instruction').$type<{ text: string; media: MediaRefJson | null }>(),
    audio: jsonb('audio').$type<MediaRefJson | null>(),
    question_type: text('question_type').notNull().default('text'),
    answer_type: text('answer_type').notNull().default('text'),
    point: numeric('point', { mode: 'number' }).notNull().default(5),
    options: jsonb('options')
      .$type<{ text: string; media: MediaRefJson | null; point: number }[]>()
      .notNull()
      .default([]),
    correct_answer: jsonb('correct_answer').$type<string[]>().notNull().default([]),
    explanation: jsonb('explanation').$type<{
      correct: { text: string; media: MediaRefJson | null };
      wrong: { text: string; media: MediaRefJson | null };
    }>(),
    status: text('status').notNull().default('publish'),
    ...timestamps(),
  },
  (t) => [
    index('questions_group_seq_idx').on(t.group_id, t.seq),
    index('questions_activity_idx').on(t.activity_id),
  ],
);

/** A pop-up quiz question (gameplay) of a video activity. */
export const gameplays = pgTable(
  'gameplays',
  {
    id: id(),
    activity_id: uuid('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    question: jsonb('question').$type<{
      text: string;
      image: MediaRefJson | null;
      audio: MediaRefJson | null;
    } | null>(),
    point: numeric('point', { mode: 'number' }).notNull().default(0),
    time: integer('time'),
    duration: integer('duration'),
    options: jsonb('options').$type<Record<string, unknown>[]>().notNull().default([]),
    correct_answers: jsonb('correct_answers').$type<string[]>().notNull().default([]),
    matching_options: jsonb('matching_options')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default([]),
    explanation: jsonb('explanation').$type<{
      text: string;
      image: MediaRefJson | null;
      audio: MediaRefJson | null;
    } | null>(),
    ...timestamps(),
  },
  (t) => [index('gameplays_activity_idx').on(t.activity_id)],
);
