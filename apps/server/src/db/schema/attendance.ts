import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { memberRedeems, members } from './members';
import { activities, programs, topics } from './programs';

/**
 * A member's check-in ('presensi') to one occurrence of a meeting activity's schedule
 * (berdiskusi_daring / berdiskusi_luring). `schedule_key` names the occurrence: its WIB date and
 * time range (`2025-03-03 08:00-10:00`), so a weekly day schedule counts once per week and an
 * edit of the other time ranges does not change the key of a range already attended.
 */
export const attendances = pgTable(
  'attendances',
  {
    id: id(),
    member_redeem_id: uuid('member_redeem_id')
      .notNull()
      .references(() => memberRedeems.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    topic_id: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    activity_id: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    schedule_key: text('schedule_key').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('attendances_redeem_activity_schedule_key').on(
      t.member_redeem_id,
      t.activity_id,
      t.schedule_key,
    ),
    // The list and export, per program or per topic, newest first.
    index('attendances_program_created_idx').on(t.program_id, t.created_at),
    index('attendances_topic_created_idx').on(t.topic_id, t.created_at),
    // Deleting an activity cascades here.
    index('attendances_activity_idx').on(t.activity_id),
  ],
);
