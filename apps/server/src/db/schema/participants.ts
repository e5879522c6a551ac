import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { memberRedeems, members, resellers } from './members';
import { activities, programs } from './programs';
import { gameplays, questionPackets } from './quiz';
import { users } from './users';

/**
 * Sign-ins of members: a second audience beside staff `sessions`. A member token is
 * looked up here only, so it can never pass the staff guard, and the reverse.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_sessions_token_hash_key').on(t.token_hash),
    index('member_sessions_member_idx').on(t.member_id),
  ],
);

/** Web Push subscriptions of members, one per member session. */
export const memberPushSubscriptions = pgTable(
  'member_push_subscriptions',
  {
    id: id(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => memberSessions.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    subscription: jsonb('subscription').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('member_push_subscriptions_member_idx').on(t.member_id),
    uniqueIndex('member_push_subscriptions_session_key').on(t.session_id),
  ],
);

/** A batch of voucher codes issued by staff for one program (optionally for one reseller). */
export const voucherBatches = pgTable(
  'voucher_batches',
  {
    id: id(),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    reseller_id: uuid('reseller_id').references(() => resellers.id, { onDelete: 'set null' }),
    count: integer('count').notNull(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('voucher_batches_program_idx').on(t.program_id, t.created_at)],
);

/** One issued voucher code (`license`); redeemed once, then it points at the redemption. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    batch_id: uuid('batch_id')
      .notNull()
      .references(() => voucherBatches.id, { onDelete: 'cascade' }),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    reseller_id: uuid('reseller_id').references(() => resellers.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    member_redeem_id: uuid('member_redeem_id').references(() => memberRedeems.id, {
      onDelete: 'set null',
    }),
    redeemed_at: timestamp('redeemed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    index('vouchers_batch_idx').on(t.batch_id, t.code),
    // (created_at, id) in full: the export's keyset page starts inside the index (a page is one
    // index range, not a scan from the program's first code); the codes of a batch share created_at.
    index('vouchers_program_idx').on(t.program_id, t.created_at, t.id),
  ],
);

/**
 * A member's state in one activity of a redeemed program: completion, best quiz score, the
 * practice work uploaded (praktek_mandiri) and the staff feedback on it (score + text, also set
 * by the UK/TPM score import).
 */
export const activityProgress = pgTable(
  'activity_progress',
  {
    id: id(),
    member_redeem_id: uuid('member_redeem_id')
      .notNull()
      .references(() => memberRedeems.id, { onDelete: 'cascade' }),
    // program_id, topic_id and activity_id are one foreign key to the activity (below).
    program_id: uuid('program_id').notNull(),
    topic_id: uuid('topic_id').notNull(),
    activity_id: uuid('activity_id').notNull(),
    is_complete: boolean('is_complete').notNull().default(false),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    /** Best score (0..100) of the quiz-type activity's submitted attempts. */
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    /** Practice work: storage key, original name, size and detected type of the file. */
    work_file_key: text('work_file_key'),
    work_file_name: text('work_file_name'),
    work_file_size: bigint('work_file_size', { mode: 'number' }),
    work_file_type: text('work_file_type'),
    work_note: text('work_note'),
    work_uploaded_at: timestamp('work_uploaded_at', { withTimezone: true }),
    /** Staff feedback (`upload.note` of spec 01 §3): score 0..100, text up to 250. */
    feedback_score: integer('feedback_score'),
    feedback_text: text('feedback_text'),
    feedback_by: uuid('feedback_by').references(() => users.id, { onDelete: 'set null' }),
    feedback_at: timestamp('feedback_at', { withTimezone: true }),
    /** Video resume: last position, furthest point watched (never goes back) and length (s). */
    video_position: doublePrecision('video_position'),
    video_max_position: doublePrecision('video_max_position'),
    video_duration: doublePrecision('video_duration'),
    /**
     * Seconds actually watched: merged [from, to) intervals accepted from the progress reports,
     * and the server time of the last report. A report counts from the last counted one, as far
     * as the time since its run of reports began allows (`countReport` in
     * packages/shared/src/members/completion.rules.ts; docs/decisions.md, completion).
     */
    video_watched: jsonb('video_watched').$type<Array<[number, number]>>().notNull().default([]),
    video_reported_at: timestamp('video_reported_at', { withTimezone: true }),
    video_counted_position: doublePrecision('video_counted_position'),
    video_counted_at: timestamp('video_counted_at', { withTimezone: true }),
    video_run_position: doublePrecision('video_run_position'),
    video_run_at: timestamp('video_run_at', { withTimezone: true }),
    /** Reading: first time the member's page or PDF was served, first time its link was followed. */
    content_opened_at: timestamp('content_opened_at', { withTimezone: true }),
    link_followed_at: timestamp('link_followed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // One check a row instead of three (the score import writes 100,000), and a row's program
    // and topic are always its activity's.
    foreignKey({
      name: 'activity_progress_activity_fk',
      columns: [t.activity_id, t.topic_id, t.program_id],
      foreignColumns: [activities.id, activities.topic_id, activities.program_id],
    }).onDelete('cascade'),
    uniqueIndex('activity_progress_redeem_activity_key').on(t.member_redeem_id, t.activity_id),
    index('activity_progress_activity_idx').on(t.activity_id),
    // Work waiting for feedback, per program (dashboard, grading queues).
    index('activity_progress_waiting_idx')
      .on(t.program_id, t.work_uploaded_at)
      .where(sql`${t.work_file_key} is not null and ${t.feedback_at} is null`),
  ],
);

/**
 * One try at a quiz-type activity (pre_test, quiz, post_test, exam). Started on the server so the
 * timer is the server's; answers are scored on the server against the packet.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    member_redeem_id: uuid('member_redeem_id')
      .notNull()
      .references(() => memberRedeems.id, { onDelete: 'cascade' }),
    activity_id: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    packet_id: uuid('packet_id').references(() => questionPackets.id, { onDelete: 'set null' }),
    attempt_no: integer('attempt_no').notNull(),
    /** The question ids served, in the order served (random order and packet size applied). */
    question_ids: jsonb('question_ids').$type<string[]>().notNull().default([]),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadline_at: timestamp('deadline_at', { withTimezone: true }),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }),
    passed: boolean('passed'),
    /** Per-section results: [{ section_id, name, score, min_score, passed }]. */
    details: jsonb('details').$type<Record<string, unknown>[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_redeem_activity_no_key').on(
      t.member_redeem_id,
      t.activity_id,
      t.attempt_no,
    ),
    // Question statistics read an activity's submitted attempts, by submission time.
    index('quiz_attempts_activity_submitted_idx')
      .on(t.activity_id, t.submitted_at)
      .where(sql`${t.submitted_at} is not null`),
  ],
);

/**
 * Files made for download (exports, zips): unguessable token stored hashed, owned by the staff
 * user who asked, expiring.
 */
export const downloads = pgTable(
  'downloads',
  {
    id: id(),
    token_hash: text('token_hash').notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('downloads_token_hash_key').on(t.token_hash),
    index('downloads_expires_idx').on(t.expires_at),
  ],
);

/** A member's answer to one pop-up question of a video: scored once on the server, kept once. */
export const popupAnswers = pgTable(
  'popup_answers',
  {
    id: id(),
    member_redeem_id: uuid('member_redeem_id')
      .notNull()
      .references(() => memberRedeems.id, { onDelete: 'cascade' }),
    activity_id: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    gameplay_id: uuid('gameplay_id')
      .notNull()
      .references(() => gameplays.id, { onDelete: 'cascade' }),
    /** The answer as sent (indexes as served). */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    correct: boolean('correct').notNull(),
    points: numeric('points', { mode: 'number' }).notNull().default(0),
    /** The question's points when answered (the denominator of the video's score). */
    max_points: numeric('max_points', { mode: 'number' }).notNull().default(0),
    idempotency_key: uuid('idempotency_key').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('popup_answers_redeem_gameplay_key').on(t.member_redeem_id, t.gameplay_id),
    uniqueIndex('popup_answers_redeem_idempotency_key').on(t.member_redeem_id, t.idempotency_key),
    index('popup_answers_activity_idx').on(t.activity_id),
  ],
);

/** Password reset links of members (as `password_resets` of staff): hashed, expiring, single use. */
export const memberPasswordResets = pgTable(
  'member_password_resets',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_password_resets_token_hash_key').on(t.token_hash),
    index('member_password_resets_member_idx').on(t.member_id, t.created_at),
  ],
);

/**
 * E-mail verification links of members: hashed, expiring, single use, for the address they were
 * sent to (a link to an address the member no longer has verifies nothing).
 */
export const memberEmailVerifications = pgTable(
  'member_email_verifications',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_email_verifications_token_hash_key').on(t.token_hash),
    index('member_email_verifications_member_idx').on(t.member_id, t.created_at),
  ],
);

/**
 * Idempotency keys of member requests made offline and sent again (quiz submit, check-in): the
 * first answer is kept and a resend with the same key gets it back without running again.
 */
export const memberIdempotencyKeys = pgTable(
  'member_idempotency_keys',
  {
    id: id(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    /** Which request the key belongs to (`quiz-submit:{attemptId}`, `attendance:{activityId}`). */
    scope: text('scope').notNull(),
    /** The envelope's data and message of the first answer. */
    response: jsonb('response').$type<{ data: unknown; message: string | null }>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('member_idempotency_keys_member_key').on(t.member_id, t.key)],
);
