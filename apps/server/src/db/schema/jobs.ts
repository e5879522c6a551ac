import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { users } from './users';

/**
 * Long work a staff member started: what they see in 'Unduhan'. The work itself is a
 * pg-boss job (lib/job-queue.ts) with the same id; this row keeps the owner, the progress, the
 * reason of a failure and the file made, which expires (with the row's file) 24 h after it is done.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of `jobKinds` (packages/shared/src/jobs/jobs.constants.ts). */
    kind: text('kind').notNull(),
    /** The name shown in the list (the file's name). */
    name: text('name').notNull(),
    /** 'queued' | 'running' | 'done' | 'failed' | 'cancelled' */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** Why a failed job failed, in Indonesian for the user. */
    message: text('message'),
    /** What the worker needs to do the work again after a restart. */
    input: jsonb('input').notNull(),
    /**
     * Where the work stood when it last reported (`{ done }`): a run after a restart starts its
     * progress there, and a zip skips the certificates its work folder holds already.
     */
    checkpoint: jsonb('checkpoint'),
    storage_key: text('storage_key'),
    filename: text('filename'),
    content_type: text('content_type'),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** When the finished job's file is removed (24 h after it was done). */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('jobs_user_idx').on(t.user_id, t.created_at),
    index('jobs_expires_idx').on(t.expires_at),
    // The per-user limits and the de-duplication read a user's queued and running jobs.
    index('jobs_active_idx')
      .on(t.user_id, t.kind)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
