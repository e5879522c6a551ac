import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { meetingActivityTypes } from '@ajar/shared/attendance/attendance.constants';
import type { ReminderKind } from '@ajar/shared/agenda/agenda.constants';
import type { AgendaSource, ProgramEnd } from '@ajar/shared/agenda/agenda.rules';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  activityProgress,
  attendances,
  memberRedeems,
  memberReminders,
  members,
  programs,
  topics,
} from '../../db/schema';

export type MemberAgendaSource = AgendaSource & { member_id: string };

/**
 * Activities that have a time: the meetings, and those whose meta_data carries a schedule
 * (`is_scheduled`; the rules read whether it is on). JSON containment keeps it to one index-free
 * test per activity row, and is false for content without a meta_data list.
 */
const timed = or(
  inArray(activities.type, [...meetingActivityTypes]),
  sql`${activities.content} -> 'meta_data' @> '[{"title":"is_scheduled"}]'::jsonb`,
);

/**
 * The timed activities a member can reach: published activities of published topics of the
 * programs they redeemed, with their completion and the occurrences they checked in to. `who`
 * narrows to one member, or to the members who keep reminders on (the reminder job).
 */
export async function agendaSources(
  db: DbOrTx,
  who: { memberId: string } | { remindersOn: true },
  activityId?: string,
): Promise<MemberAgendaSource[]> {
  const whom: SQL =
    'memberId' in who
      ? eq(memberRedeems.member_id, who.memberId)
      : eq(members.reminders_enabled, true);
  const rows = await db
    .select({
      member_id: memberRedeems.member_id,
      program_id: programs.id,
      program_title: programs.title,
      activity_id: activities.id,
      activity_name: activities.name,
      activity_type: activities.type,
      content: activities.content,
      is_complete: sql<boolean>`coalesce(${activityProgress.is_complete}, false)`,
      checked_in: sql<string[]>`coalesce((
        select json_agg(${attendances.schedule_key}) from ${attendances}
        where ${attendances.member_redeem_id} = ${memberRedeems.id}
          and ${attendances.activity_id} = ${activities.id}
      ), '[]'::json)`,
    })
    .from(memberRedeems)
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .innerJoin(programs, eq(programs.id, memberRedeems.program_id))
    .innerJoin(activities, eq(activities.program_id, memberRedeems.program_id))
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .leftJoin(
      activityProgress,
      and(
        eq(activityProgress.member_redeem_id, memberRedeems.id),
        eq(activityProgress.activity_id, activities.id),
      ),
    )
    .where(
      and(
        whom,
        activityId ? eq(activities.id, activityId) : undefined,
        eq(activities.status, 'publish'),
        eq(topics.status, 'publish'),
        timed,
      ),
    )
    .orderBy(
      asc(memberRedeems.member_id),
      asc(programs.title),
      asc(topics.seq),
      asc(activities.seq),
    );
  return rows;
}

/** The member's programs that end inside the window, unless the member already finished them. */
export async function programEnds(
  db: DbOrTx,
  memberId: string,
  from: Date,
  until: Date,
): Promise<ProgramEnd[]> {
  const rows = await db
    .selectDistinct({
      program_id: programs.id,
      program_title: programs.title,
      ends_at: programs.end_test_at,
    })
    .from(memberRedeems)
    .innerJoin(programs, eq(programs.id, memberRedeems.program_id))
    .where(
      and(
        eq(memberRedeems.member_id, memberId),
        isNull(memberRedeems.end_test_at),
        gt(programs.end_test_at, from),
        lte(programs.end_test_at, until),
      ),
    )
    .orderBy(asc(programs.end_test_at));
  return rows.flatMap((r) => (r.ends_at ? [{ ...r, ends_at: r.ends_at }] : []));
}

/**
 * Claims one reminder: true when this call wrote its row, false when it was sent already (by an
 * earlier run or another server). The unique key decides, so it is sent once.
 */
export async function claimReminder(
  db: DbOrTx,
  values: { memberId: string; activityId: string; kind: ReminderKind; occurrence: string },
): Promise<boolean> {
  const rows = await db
    .insert(memberReminders)
    .values({
      member_id: values.memberId,
      activity_id: values.activityId,
      kind: values.kind,
      occurrence: values.occurrence,
    })
    .onConflictDoNothing()
    .returning({ id: memberReminders.id });
  return rows.length > 0;
}

export async function remindersEnabled(db: DbOrTx, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: members.reminders_enabled })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.enabled ?? false;
}

export async function setRemindersEnabled(db: DbOrTx, memberId: string, enabled: boolean) {
  await db.update(members).set({ reminders_enabled: enabled }).where(eq(members.id, memberId));
}
