import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { members } from './members';
import { users } from './users';

/**
 * A participant's copy of their own data ('Unduh data saya', docs/personal-data.md): made by a
 * queued job into one zip, downloadable once within `memberExportHours` of being made; the file
 * is removed when it is downloaded or expires. The row stays as the record that it was asked for.
 */
export const memberDataExports = pgTable(
  'member_data_exports',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    storage_key: text('storage_key'),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** Past this the file is gone and the link answers 404. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    /** Set by the one download that the row allows. */
    downloaded_at: timestamp('downloaded_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('member_data_exports_member_idx').on(t.member_id, t.created_at)],
);

/**
 * A participant's request to erase their account ('Hapus akun'): erased when staff confirm it or
 * by itself at `due_at`, 14 days after it was asked (docs/decisions.md, "Erasing a participant's
 * account"). The row stays as the record that the erasure was asked for and done.
 */
export const memberDeletionRequests = pgTable(
  'member_deletion_requests',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** 'pending' | 'erased' | 'cancelled' */
    status: text('status').notNull().default('pending'),
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    erased_at: timestamp('erased_at', { withTimezone: true }),
    /** The staff member who confirmed it; null when it completed by itself or was cancelled. */
    confirmed_by: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('member_deletion_requests_member_idx').on(t.member_id),
    index('member_deletion_requests_due_idx')
      .on(t.due_at)
      .where(sql`${t.status} = 'pending'`),
  ],
);
