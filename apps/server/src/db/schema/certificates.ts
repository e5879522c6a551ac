import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CertificateStatus,
  CertificateTemplate,
} from '@ajar/shared/certificates/certificates.constants';
import { id, timestamps } from './columns';
import { memberRedeems } from './members';
import { users } from './users';

export type CertificateKind = 'participant' | 'graduation';

/**
 * A certificate issued for a member redemption: made at its first download and
 * reused afterwards, so the same redemption and kind always print the same `number`, which the
 * public verification page looks up. It keeps its own copy of what it states (name, program,
 * learning time, date, template): later edits of the profile or the program never change it. A
 * correction replaces it by a new row with a new number; a revocation keeps the row, `revoked`.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    member_redeem_id: uuid('member_redeem_id')
      .notNull()
      .references(() => memberRedeems.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CertificateKind>().notNull(),
    /** `AJR-2026-11-7K3QX9MD`: issue year and month (WIB) and 8 random characters. */
    number: text('number').notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The participant's name as printed. */
    fullname: text('fullname').notNull(),
    program_title: text('program_title').notNull(),
    /** The program's learning time printed, in minutes (0: none printed). */
    program_minutes: integer('program_minutes').notNull().default(0),
    competences: jsonb('competences').$type<string[]>().notNull().default([]),
    template: text('template').$type<CertificateTemplate>().notNull(),
    /** The date printed: completion for graduation, first issue for participation. */
    certificate_date: timestamp('certificate_date', { withTimezone: true }).notNull(),
    /** End of its validity from the program's setting at issue; null: valid without end. */
    valid_until: timestamp('valid_until', { withTimezone: true }),
    status: text('status').$type<CertificateStatus>().notNull().default('valid'),
    /** The certificate this one corrects (it is `replaced`). */
    replaces_id: uuid('replaces_id').references((): AnyPgColumn => certificates.id, {
      onDelete: 'set null',
    }),
    /** Why, when and by whom it was replaced or revoked. */
    status_reason: text('status_reason'),
    status_changed_at: timestamp('status_changed_at', { withTimezone: true }),
    status_changed_by: uuid('status_changed_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('certificates_number_key').on(t.number),
    // One certificate in force (valid or revoked) per redemption and kind; replaced ones stay.
    uniqueIndex('certificates_redeem_kind_key')
      .on(t.member_redeem_id, t.kind)
      .where(sql`${t.status} <> 'replaced'`),
    uniqueIndex('certificates_replaces_key').on(t.replaces_id),
    index('certificates_issued_idx').on(t.issued_at),
  ],
);
