import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { members } from './members';
import { activities, programs, topics } from './programs';
import { users } from './users';

/**
 * A notification for one trainer about a member event in one of their programs (spec 01 §3
 * Trainer notification): a post or reply in a public thread, a chat message, uploaded work; and
 * to any staff member, that one of their jobs is done or failed.
 */
export const trainerNotifications = pgTable(
  'trainer_notifications',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'discussion' | 'chat' | 'work' | 'job' (a staff member's own job ended) */
    kind: text('kind', { enum: ['discussion', 'chat', 'work', 'job'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    program_id: uuid('program_id').references(() => programs.id, { onDelete: 'set null' }),
    topic_id: uuid('topic_id').references(() => topics.id, { onDelete: 'set null' }),
    activity_id: uuid('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    /**
     * The member whose post or work it is: one unread entry per member and activity is kept,
     * however many uploads or posts follow until it is read (trainer-notifications.repository.ts).
     */
    member_id: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Where a click goes (a web path). */
    link: text('link'),
    read_at: timestamp('read_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('trainer_notifications_user_idx').on(t.user_id, t.read_at, t.created_at)],
);
