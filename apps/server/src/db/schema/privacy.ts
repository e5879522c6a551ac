import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The privacy notice, one row per version (docs/decisions.md, "Consent to the privacy notice"):
 * a save of a changed text adds the next version; earlier ones stay readable, never rewritten.
 */
export const privacyNotices = pgTable('privacy_notices', {
  id: id(),
  version: integer('version').notNull().unique(),
  content: text('content').notNull(),
  /** The superadmin who saved it; null for the text every installation starts with. */
  created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A participant's consent to one version of the privacy notice: when, and from which address. */
export const memberConsents = pgTable(
  'member_consents',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    notice_version: integer('notice_version').notNull(),
    /** The request's address, as the audit trail keeps it (`request.ip`); cleared by erasure. */
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_consents_member_idx').on(t.member_id, t.notice_version)],
);
