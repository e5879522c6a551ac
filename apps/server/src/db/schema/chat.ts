import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { members } from './members';
import { activities, programs, topics } from './programs';
import { users } from './users';

/** A private discussion room: one member, one trainer, one program (spec 01 §3 Room). */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: id(),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    trainer_id: uuid('trainer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Sort key of the room lists (`updated_at`): the creation time until a message arrives. */
    last_message_at: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('chat_rooms_program_trainer_member_key').on(
      t.program_id,
      t.trainer_id,
      t.member_id,
    ),
    index('chat_rooms_trainer_last_idx').on(t.trainer_id, t.last_message_at),
    index('chat_rooms_member_last_idx').on(t.member_id, t.last_message_at),
    index('chat_rooms_last_idx').on(t.last_message_at),
  ],
);

/** One message of a room; `sender` says which side wrote it (spec type 1 = member). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    room_id: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['member', 'staff'] }).notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    member_id: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Sanitized HTML (lib/sanitize.ts). */
    message: text('message').notNull(),
    topic_id: uuid('topic_id').references(() => topics.id, { onDelete: 'set null' }),
    activity_id: uuid('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    license: text('license'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_room_created_idx').on(t.room_id, t.created_at, t.id)],
);

/** How far a reader (a staff user or the member) has read a room; unread is computed from it. */
export const chatReads = pgTable(
  'chat_reads',
  {
    id: id(),
    room_id: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    reader_kind: text('reader_kind', { enum: ['member', 'staff'] }).notNull(),
    reader_id: uuid('reader_id').notNull(),
    last_read_at: timestamp('last_read_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    ...timestamps(),
  },
  (t) => [uniqueIndex('chat_reads_room_reader_key').on(t.room_id, t.reader_kind, t.reader_id)],
);
