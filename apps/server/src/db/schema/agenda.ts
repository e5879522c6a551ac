import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { members } from './members';
import { activities } from './programs';

/**
 * Agenda reminders sent: one row per member, activity, kind and occurrence. Its unique key is
 * what makes a reminder go out once, whichever server runs the job and however often it runs.
 */
export const memberReminders = pgTable(
  'member_reminders',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    activity_id: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** 'meeting_start' | 'checkin_close' | 'deadline' */
    kind: text('kind').notNull(),
    /** The occurrence's key (`2026-12-05 19:00-21:00`, WIB). */
    occurrence: text('occurrence').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_reminders_once_key').on(t.member_id, t.activity_id, t.kind, t.occurrence),
    // Deleting an activity cascades here.
    index('member_reminders_activity_idx').on(t.activity_id),
  ],
);
