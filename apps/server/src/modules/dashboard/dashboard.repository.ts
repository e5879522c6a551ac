import { asc, desc, eq, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  memberRedeems,
  programFacilitators,
  programs,
  resellers,
  topics,
} from '../../db/schema';

/** Whose programs count: every program, or those a trainer is assigned to (DESIGN §4). */
export interface DashboardScope {
  /** Only programs where a facilitator entry links this user. */
  assignedUserId?: string;
}

/** A condition on a program id column that keeps the scope's programs. */
function inScope(scope: DashboardScope, programId: AnyColumn | SQL): SQL {
  if (!scope.assignedUserId) return sql`true`;
  return sql`${programId} in (select ${programFacilitators.program_id} from ${programFacilitators} where ${programFacilitators.user_id} = ${scope.assignedUserId})`;
}

/**
 * Programs per status, topics, activities, distinct participants and redeems of the scope, in
 * one statement (uncorrelated sub-selects beside the program aggregate).
 */
export async function countTotals(db: DbOrTx, scope: DashboardScope) {
  const [row] = await db
    .select({
      programs: sql<number>`count(*)::int`,
      draft: sql<number>`(count(*) filter (where ${programs.status} = 'draft'))::int`,
      publish: sql<number>`(count(*) filter (where ${programs.status} = 'publish'))::int`,
      archive: sql<number>`(count(*) filter (where ${programs.status} = 'archive'))::int`,
      topics: sql<number>`(select count(*)::int from ${topics} where ${inScope(scope, topics.program_id)})`,
      activities: sql<number>`(select count(*)::int from ${activities} where ${inScope(scope, activities.program_id)})`,
      participants: sql<number>`(select count(distinct ${memberRedeems.member_id})::int from ${memberRedeems} where ${inScope(scope, memberRedeems.program_id)})`,
      redeems: sql<number>`(select count(*)::int from ${memberRedeems} where ${inScope(scope, memberRedeems.program_id)})`,
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
