import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LearningEventKind } from '@ajar/shared/learning-record/learning-events';
import { id } from './columns';
import { members } from './members';
import { programs, activities } from './programs';
import { users } from './users';

/**
 * The learning record: what a participant did, in server time, append only (an update is refused
 * by a trigger in the migration; rows go only with their member or program). The evidence behind
 * a completion and a certificate (docs/decisions.md, 'The learning record').
 */
export const learningEvents = pgTable(
  'learning_events',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    program_id: uuid('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    activity_id: uuid('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    kind: text('kind').$type<LearningEventKind>().notNull(),
    /** What the event states (score, interval, answer…); small, never a file. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The staff user behind an event a participant did not make (feedback, certificate). */
    actor_user_id: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('learning_events_member_program_idx').on(t.member_id, t.program_id, t.created_at),
    index('learning_events_program_idx').on(t.program_id, t.created_at),
  ],
);

/**
 * Staff actions on data a provider is audited on (a participant's login e-mail changed, …): who,
 * when, what it was before and after. Append only, as `learning_events`.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    actor_user_id: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's role when it acted (a role changes later; the entry keeps what it was). */
    actor_role: text('actor_role'),
    /** The address the request came from (Fastify's `request.ip`, behind `TRUST_PROXY`). */
    actor_ip: text('actor_ip'),
    action: text('action').notNull(),
    subject_type: text('subject_type').notNull(),
    subject_id: uuid('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('audit_events_subject_idx').on(t.subject_type, t.subject_id, t.created_at),
    index('audit_events_created_idx').on(t.created_at),
    index('audit_events_actor_idx').on(t.actor_user_id, t.created_at),
  ],
);

/**
 * Server secrets made once, at first use, and shared by every server on the database (the key
 * that signs the participants' links to their PDF and external links).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
