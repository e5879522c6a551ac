import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { members } from './members';
import { programs } from './programs';
import { users } from './users';

/**
 * A notification staff sent to participants (spec 01 §3 "Sent notification record"): to every
 * participant (`global`) or to those of one program, within a progress range.
 */
export const sentNotifications = pgTable(
  'sent_notifications',
  {
    id: id(),
    /** 'global' | 'program' */
    type: text('type').notNull(),
    program_id: uuid('program_id').references(() => programs.id, { onDelete: 'set null' }),
    progress_start: integer('progress_start').notNull().default(0),
    progress_end: integer('progress_end').notNull().default(100),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Members who got the in-app notification. */
    recipients: integer('recipients').notNull().default(0),
    /** Web Push messages the push services accepted. */
    delivered: integer('delivered').notNull().default(0),
    /**
     * The push fan-out is a job of the job queue; its progress is kept here for the
     * list: 'pending' → 'sending' → 'done'. `push_cursor` is the last member_push_subscriptions
     * id sent, so a retried job resumes there.
     */
    push_state: text('push_state').notNull().default('pending'),
    push_cursor: uuid('push_cursor'),
    ...timestamps(),
  },
  (t) => [index('sent_notifications_created_idx').on(t.created_at)],
);

/** The in-app copy of a sent notification for one member (what the member API lists). */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    id: id(),
    sent_notification_id: uuid('sent_notification_id')
      .notNull()
      .references(() => sentNotifications.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_notifications_member_idx').on(t.member_id, t.created_at),
    index('member_notifications_sent_idx').on(t.sent_notification_id),
  ],
);
