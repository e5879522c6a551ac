import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EducationLevel } from '@ajar/shared/members/members.constants';
import { id, timestamps } from './columns';
import { media } from './media';
import { programs } from './programs';

/** Participants (learners). Their own app uses the member API; staff see them here. */
export const members = pgTable(
  'members',
  {
    id: id(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    date_of_birth: date('date_of_birth'),
    /** One of `educationLevels` (the product's list of education levels), or null when not given. */
    education_level: text('education_level').$type<EducationLevel>(),
    password_hash: text('password_hash'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
    /** When the member's last socket closed: offline from then until their next activity. */
    offline_at: timestamp('offline_at', { withTimezone: true }),
    /** Profile photo: a media row (stored like media) and its address. */
    photo_media_id: uuid('photo_media_id').references(() => media.id, { onDelete: 'set null' }),
    photo_url: text('photo_url'),
    /**
     * When the member proved `email` theirs (its verification link, or a password reset link
     * sent to it); null until then. Cleared when the address changes (docs/decisions.md).
     */
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    /** Whether the member gets agenda reminders ('Pengingat' in the profile); on by default. */
    reminders_enabled: boolean('reminders_enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('members_email_key').on(sql`lower(${t.email})`)],
);

export const resellers = pgTable(
  'resellers',
  {
    id: id(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    password_hash: text('password_hash').notNull(),
    status: text('status').notNull().default('active'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    referral_code: text('referral_code').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('resellers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('resellers_referral_code_key').on(t.referral_code),
    index('resellers_created_idx').on(t.created_at),
  ],
);

/** A member's redemption of a program (voucher `license`, redeem code `pmo_code`). */
export const memberRedeems = pgTable(
  'member_redeems',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    reseller_id: uuid('reseller_id').references(() => resellers.id, { onDelete: 'set null' }),
    license: text('license').notNull(),
    pmo_code: text('pmo_code'),
    /** Progress percent 0..100. */
    progress: integer('progress').notNull().default(0),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Scores computed by the server from quiz attempts (never sent by a client):
     * `{ pre_test: { score }, post_test: { score, final_score, passed }, list: [...] }`.
     */
    scores: jsonb('scores').$type<Record<string, unknown>>().notNull().default({}),
    start_test_at: timestamp('start_test_at', { withTimezone: true }),
    end_test_at: timestamp('end_test_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_redeems_license_key').on(t.license),
    // One redeem code (Kode Redeem) redeems a program once, whatever its letter case.
    uniqueIndex('member_redeems_program_pmo_key').on(t.program_id, sql`lower(${t.pmo_code})`),
    index('member_redeems_program_idx').on(t.program_id, t.created_at),
    // The participant list sorted by progress (spec 01 §7 sort=results.progress).
    index('member_redeems_program_progress_idx').on(t.program_id, t.progress, t.id),
    index('member_redeems_program_end_idx').on(t.program_id, t.end_test_at),
    index('member_redeems_member_idx').on(t.member_id),
    index('member_redeems_reseller_idx').on(t.reseller_id, t.created_at),
    // The dashboard's redeems per day over all programs.
    index('member_redeems_created_idx').on(t.created_at),
  ],
);
