import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RoleKey } from '@ajar/shared/common/roles';
import { id, timestamps } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    role: text('role').$type<RoleKey>().notNull(),
    password_hash: text('password_hash').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.token_hash),
    index('sessions_user_idx').on(t.user_id),
  ],
);

/** Web Push subscriptions, one per signed-in session that allowed notifications. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    subscription: jsonb('subscription').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.user_id),
    uniqueIndex('push_subscriptions_session_key').on(t.session_id),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.token_hash)],
);

/**
 * Sign-in links e-mailed to staff held back by the account-wide sign-in delay: hashed, short,
 * single use. Opening one makes the browser trusted by the throttle (login-link.service.ts).
 */
export const loginLinks = pgTable(
  'login_links',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('login_links_token_hash_key').on(t.token_hash),
    index('login_links_user_idx').on(t.user_id, t.created_at),
  ],
);

/**
 * One row per failed login, keyed by `account:<email>` or `address:<ip>`; the lockout counts rows
 * inside the window, so the count cannot drift from what really happened.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    key: text('key').notNull(),
    ...timestamps(),
  },
  (t) => [index('login_failures_key_created_idx').on(t.key, t.created_at)],
);
