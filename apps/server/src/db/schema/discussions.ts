import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { members } from './members';
import { activities, programs, topics } from './programs';
import { users } from './users';

export type DiscussionAuthorKind = 'member' | 'staff';

/**
 * Public discussion messages of an activity (spec 01 §3 Discussion message). A thread is a tree
 * by `parent_id`; a reply belongs to the same activity as its parent.
 */
export const discussions = pgTable(
  'discussions',
  {
    id: id(),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    topic_id: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    activity_id: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    // Cascade so removing an activity removes whole threads in one statement; the service refuses
    // to delete a single message that still has replies.
    parent_id: uuid('parent_id').references((): AnyPgColumn => discussions.id, {
      onDelete: 'cascade',
    }),
    author_kind: text('author_kind').$type<DiscussionAuthorKind>().notNull(),
    member_id: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    // A staff author's message stays when the account is removed; the name is kept beside it.
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    author_name: text('author_name').notNull(),
    /** Plain text (never HTML): the screens show it as text. */
    content: text('content').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('discussions_activity_created_idx').on(t.activity_id, t.created_at),
    index('discussions_parent_idx').on(t.parent_id),
    // Unread counts per program and per topic filter on these, member messages only.
    index('discussions_program_member_idx')
      .on(t.program_id, t.activity_id, t.created_at)
      .where(sql`${t.author_kind} = 'member'`),
    index('discussions_topic_idx').on(t.topic_id),
  ],
);

/** When a staff user last opened an activity's thread: later member messages are unread. */
export const discussionReads = pgTable(
  'discussion_reads',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activity_id: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    last_read_at: timestamp('last_read_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('discussion_reads_user_activity_key').on(t.user_id, t.activity_id),
    index('discussion_reads_activity_idx').on(t.activity_id),
  ],
);

/**
 * When a participant last opened an activity's thread (Ajar Belajar): later messages of
 * others are unread for them.
 */
export const memberDiscussionReads = pgTable(
  'member_discussion_reads',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    activity_id: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    last_read_at: timestamp('last_read_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_discussion_reads_member_activity_key').on(t.member_id, t.activity_id),
    index('member_discussion_reads_activity_idx').on(t.activity_id),
  ],
);
