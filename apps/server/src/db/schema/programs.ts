import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CertificateValidity } from '@ajar/shared/certificates/certificates.constants';
import { id, timestamps } from './columns';
import { media } from './media';
import { studies } from './studies';
import { users } from './users';

export type ProgramStatus = 'draft' | 'publish' | 'archive';
export type ProgramType = 'online' | 'offline' | 'hybrid';

export const programs = pgTable(
  'programs',
  {
    id: id(),
    title: text('title').notNull(),
    type: text('type').$type<ProgramType>().notNull().default('online'),
    /** Sanitized HTML. */
    program_benefits: text('program_benefits').notNull().default(''),
    study_id: uuid('study_id').references(() => studies.id, { onDelete: 'set null' }),
    competence: jsonb('competence').$type<string[]>().notNull().default([]),
    cover_media_id: uuid('cover_media_id').references(() => media.id, { onDelete: 'set null' }),
    cover_url: text('cover_url'),
    discount_price: bigint('discount_price', { mode: 'number' }),
    selling_price: bigint('selling_price', { mode: 'number' }).notNull().default(0),
    selling_link: jsonb('selling_link')
      .$type<{ title: string; url: string }[]>()
      .notNull()
      .default([]),
    status: text('status').$type<ProgramStatus>().notNull().default('draft'),
    is_free: boolean('is_free').notNull().default(false),
    is_prakerja: boolean('is_prakerja').notNull().default(false),
    /** How long its certificates are valid, fixed on each at issue (`certificates.valid_until`). */
    certificate_validity: text('certificate_validity')
      .$type<CertificateValidity>()
      .notNull()
      .default('none'),
    end_test_at: timestamp('end_test_at', { withTimezone: true }),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Redeems of the program, kept by the trigger `member_redeems_participants` (migration 0004) so
     * the list sorts by it through an index instead of counting every program's redeems.
     */
    participants_count: integer('participants_count').notNull().default(0),
    /**
     * Raised by database triggers on every write of the program's activities or topics: the
     * members' states are computed from an in-memory outline of the program, valid while this
     * number holds, on every server (docs/decisions.md, "A cohort learns at once").
     */
    outline_version: integer('outline_version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('programs_status_created_idx').on(t.status, t.created_at),
    // The list's default order (newest first) without a status filter.
    index('programs_created_idx').on(t.created_at),
    index('programs_participants_idx').on(t.participants_count, t.created_at),
    index('programs_status_participants_idx').on(t.status, t.participants_count, t.created_at),
    index('programs_title_lower_idx').on(sql`lower(${t.title})`),
    index('programs_study_idx').on(t.study_id),
  ],
);

/** Facilitators of a program; one linked to a trainer account assigns that trainer. */
export const programFacilitators = pgTable(
  'program_facilitators',
  {
    id: id(),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Sanitized HTML. */
    description: text('description').notNull().default(''),
    picture_media_id: uuid('picture_media_id').references(() => media.id, { onDelete: 'set null' }),
    picture_url: text('picture_url'),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    seq: integer('seq').notNull().default(1),
    status: text('status').notNull().default('active'),
    ...timestamps(),
  },
  (t) => [
    index('program_facilitators_program_idx').on(t.program_id, t.seq),
    index('program_facilitators_user_idx').on(t.user_id, t.program_id),
  ],
);

export const topics = pgTable(
  'topics',
  {
    id: id(),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1..n without gaps within a program. */
    seq: integer('seq').notNull(),
    status: text('status').$type<'draft' | 'publish'>().notNull().default('publish'),
    ...timestamps(),
  },
  (t) => [index('topics_program_seq_idx').on(t.program_id, t.seq)],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    topic_id: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** 1..n without gaps within a topic. */
    seq: integer('seq').notNull(),
    status: text('status').$type<'draft' | 'publish'>().notNull().default('publish'),
    /** Activity settings of spec 02 §3, validated by the shared schema. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Activity content of spec 02 §3 (description, file, link_embed, meeting, meta_data, embed_youtube, type). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    /** Pop-up quiz of a video activity: setting and gameplay ids (spec 02 §3). */
    quiz: jsonb('quiz').$type<Record<string, unknown> | null>(),
    is_clone: boolean('is_clone').notNull().default(false),
    clone_of: uuid('clone_of'),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    /**
     * Raised by database triggers on every write of the activity's packets, groups, sections and
     * questions: what every attempt of the quiz starts from is cached in memory while it holds
     * (docs/decisions.md, "A cohort learns at once").
     */
    quiz_version: integer('quiz_version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('activities_topic_seq_idx').on(t.topic_id, t.seq),
    index('activities_program_idx').on(t.program_id, t.type),
    // The target of `activity_progress`'s one foreign key to its activity, topic and program.
    uniqueIndex('activities_id_topic_program_key').on(t.id, t.topic_id, t.program_id),
  ],
);
