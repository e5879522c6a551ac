import { asc, desc, eq, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  activityProgress,
  attendances,
  memberRedeems,
  programs,
  resellers,
  topics,
} from '../../db/schema';
import { totalUnreadSql } from '../discussions/unread.sql';
import { inAssignedPrograms } from '../access/access.repository';

/** Whose programs count: every program, or those a trainer is assigned to. */
export interface DashboardScope {
  /** Only programs where a facilitator entry links this user. */
  assignedUserId?: string;
}

/** A condition on a program id column that keeps the scope's programs. */
function inScope(scope: DashboardScope, programId: AnyColumn | SQL): SQL {
  return inAssignedPrograms(programId, scope.assignedUserId) ?? sql`true`;
}

/** The instant today (in `timeZone`, by the database's clock) starts, plus `days` days. */
function dayStart(timeZone: string, days: number): SQL {
  return sql`(((now() at time zone ${timeZone})::date + ${days}::int)::timestamp at time zone ${timeZone})`;
}

/** What the counts depend on besides the scope. */
export interface TotalsOptions {
  /** The viewer, whose unread discussion messages are counted. */
  viewerId: string;
  /** The zone 'today' is taken in (attendance today). */
  timeZone: string;
}

/**
 * Programs per status, topics, activities, participants, completions, redeems (all and through a
 * reseller), today's attendance, work waiting for feedback and the viewer's unread public
 * discussion messages of the scope, in one statement: sub-selects beside the program aggregate;
 * the unread count is summed over the scope's programs (the rows of this aggregate).
 */
export async function countTotals(db: DbOrTx, scope: DashboardScope, options: TotalsOptions) {
  const redeemsWhere = inScope(scope, memberRedeems.program_id);
  const [row] = await db
    .select({
      programs: sql<number>`count(*)::int`,
      draft: sql<number>`(count(*) filter (where ${programs.status} = 'draft'))::int`,
      publish: sql<number>`(count(*) filter (where ${programs.status} = 'publish'))::int`,
      archive: sql<number>`(count(*) filter (where ${programs.status} = 'archive'))::int`,
      topics: sql<number>`(select count(*)::int from ${topics} where ${inScope(scope, topics.program_id)})`,
      activities: sql<number>`(select count(*)::int from ${activities} where ${inScope(scope, activities.program_id)})`,
      participants: sql<number>`(select count(distinct ${memberRedeems.member_id})::int from ${memberRedeems} where ${redeemsWhere})`,
      redeems: sql<number>`(select count(*)::int from ${memberRedeems} where ${redeemsWhere})`,
      completions: sql<number>`(select count(*)::int from ${memberRedeems} where ${redeemsWhere} and (${memberRedeems.progress} >= 100 or ${memberRedeems.end_test_at} is not null))`,
      reseller_redeems: sql<number>`(select count(*)::int from ${memberRedeems} where ${redeemsWhere} and ${memberRedeems.reseller_id} is not null)`,
      attendance_today: sql<number>`(select count(*)::int from ${attendances} where ${inScope(scope, attendances.program_id)} and ${attendances.created_at} >= ${dayStart(options.timeZone, 0)} and ${attendances.created_at} < ${dayStart(options.timeZone, 1)})`,
      // The same condition as the partial index activity_progress_waiting_idx, so it is used.
      waiting_feedback: sql<number>`(select count(*)::int from ${activityProgress} where ${inScope(scope, activityProgress.program_id)} and ${activityProgress.work_file_key} is not null and ${activityProgress.feedback_at} is null)`,
      unread_discussions: sql<number>`coalesce(sum(${totalUnreadSql(options.viewerId, 'program_id', programs.id)}), 0)::int`,
    })
    .from(programs)
    .where(inScope(scope, programs.id));
  return row!;
}

/** Activities per type, most frequent first. */
export async function countActivitiesByType(db: DbOrTx, scope: DashboardScope) {
  const total = sql<number>`count(*)::int`;
  return db
    .select({ type: activities.type, total })
    .from(activities)
    .where(inScope(scope, activities.program_id))
    .groupBy(activities.type)
    .orderBy(desc(total), asc(activities.type));
}

/**
 * Redeems per day over the last `days` days (today included), days taken in `timeZone`; every
 * day is present, days without a redeem count 0. Today is the database's today, so every server
 * agrees.
 */
export async function countRedeemsPerDay(
  db: DbOrTx,
  scope: DashboardScope,
  days: number,
  timeZone: string,
): Promise<{ date: string; total: number }[]> {
  const result = await db.execute(sql`
    with bounds as (
      select (now() at time zone ${timeZone})::date as today
    ),
    days as (
      select b.today - g as day from bounds b, generate_series(${days - 1}::int, 0, -1) as g
    ),
    counts as (
      select (r.created_at at time zone ${timeZone})::date as day, count(*)::int as total
      from ${memberRedeems} r, bounds b
      where r.created_at >= ((b.today - ${days - 1}::int)::timestamp at time zone ${timeZone})
        and ${inScope(scope, sql`r.program_id`)}
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(c.total, 0)::int as total
    from days d left join counts c on c.day = d.day
    order by d.day
  `);
  // Both drivers (node-postgres and PGlite) answer `{ rows }`.
  return (result as unknown as { rows: { date: string; total: number }[] }).rows.map((r) => ({
    date: r.date,
    total: Number(r.total),
  }));
}

/** The resellers with the most redeems of the scope's programs (all time). */
export async function topResellers(db: DbOrTx, scope: DashboardScope, limit: number) {
  const total = sql<number>`count(*)::int`;
  return db
    .select({
      id: resellers.id,
      fullname: resellers.fullname,
      referral_code: resellers.referral_code,
      total,
    })
    .from(memberRedeems)
    .innerJoin(resellers, eq(resellers.id, memberRedeems.reseller_id))
    .where(inScope(scope, memberRedeems.program_id))
    .groupBy(resellers.id)
    .orderBy(desc(total), asc(resellers.fullname), asc(resellers.id))
    .limit(limit);
}

/**
 * The program's id written out with its table: a query on one table renders its columns without
 * the table name, so inside a sub-select `"id"` would mean the sub-select's own id.
 */
const qualifiedProgramId = sql`${sql.identifier(getTableName(programs))}.${sql.identifier(programs.id.name)}`;

/** The scope's programs changed most recently, with their participants (redeems). */
export async function latestPrograms(db: DbOrTx, scope: DashboardScope, limit: number) {
  return db
    .select({
      id: programs.id,
      title: programs.title,
      status: programs.status,
      total_participants: sql<number>`(select count(*)::int from ${memberRedeems} where ${memberRedeems.program_id} = ${qualifiedProgramId})`,
      updated_at: programs.updated_at,
    })
    .from(programs)
    .where(inScope(scope, programs.id))
    .orderBy(desc(programs.updated_at), asc(programs.id))
    .limit(limit);
}
