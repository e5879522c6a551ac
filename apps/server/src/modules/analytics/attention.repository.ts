import type { AuditAction } from '@ajar/shared/audit/audit.constants';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  activityProgress,
  auditEvents,
  learningEvents,
  memberRedeems,
  members,
  programs,
  topics,
} from '../../db/schema';

/** What flags a participant of the program (docs/decisions.md, "'Perlu perhatian'"). */
export interface AttentionFilter {
  programId: string;
  /** Last activity (or joining, without any) before this instant: inactive. */
  inactiveBefore: Date;
  /** Activities that should be complete by now. */
  dueActivityIds: string[];
}

export interface AttentionRowDb {
  redeem_id: string;
  member_id: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  progress: number;
  joined_at: Date;
  last_activity_at: Date | null;
  behind: number;
  quiz_failed: string[];
  last_reminded_at: Date | null;
  total: number;
}

type Rows<T> = { rows: T[] };

/** Quiz-type activities a participant fails for good: passing completes them (a pre-test always completes). */
const gradedQuizTypes = ['quiz', 'post_test', 'exam'];

/** The audit action a reminder is recorded as; 'Terakhir diingatkan' reads it back. */
export const reminderAction: AuditAction = 'member.reminded';

/**
 * Every redemption of the program not yet finished, with what flags it: its last own event in the
 * learning record (events staff caused, such as feedback, carry an actor and are not activity),
 * due activities not complete, and graded quizzes not complete with every attempt used (the
 * setting 'Kesempatan mengulang': N retakes after the first; -1 unlimited never runs out).
 * Kept to the flagged ones; one statement, the per-redemption aggregates grouped once.
 */
function flaggedSql(f: AttentionFilter): SQL {
  const due = `{${f.dueActivityIds.join(',')}}`;
  return sql`
    with r as (
      select mr.id, mr.member_id, mr.created_at, mr.progress,
        (select max(e.created_at) from ${learningEvents} e
          where e.member_id = mr.member_id and e.program_id = mr.program_id
            and e.actor_user_id is null) as last_at
      from ${memberRedeems} mr
      where mr.program_id = ${f.programId}::uuid
        and mr.progress < 100 and mr.end_test_at is null
    ),
    done as (
      select ap.member_redeem_id as id, count(*)::int as n
      from ${activityProgress} ap
      where ap.program_id = ${f.programId}::uuid and ap.is_complete
        and ap.activity_id = any(${due}::uuid[])
      group by 1
    ),
    failed as (
      select ap.member_redeem_id as id, array_agg(a.name order by t.seq, a.seq) as names
      from ${activityProgress} ap
      join ${activities} a on a.id = ap.activity_id
      join ${topics} t on t.id = a.topic_id
      where ap.program_id = ${f.programId}::uuid and not ap.is_complete
        and a.type in (${sql.join(
          gradedQuizTypes.map((type) => sql`${type}`),
          sql`, `,
        )})
        and coalesce((a.settings ->> 'opportunity_repeat_test')::numeric, 0) >= 0
        and ap.attempts >= 1 + coalesce((a.settings ->> 'opportunity_repeat_test')::numeric, 0)
      group by 1
    ),
    flagged as (
      select r.id, r.member_id, r.created_at, r.progress, r.last_at,
        (cardinality(${due}::uuid[]) - coalesce(done.n, 0))::int as behind,
        coalesce(failed.names, '{}') as quiz_failed
      from r
      left join done on done.id = r.id
      left join failed on failed.id = r.id
      where coalesce(r.last_at, r.created_at) < ${f.inactiveBefore.toISOString()}::timestamptz
        or cardinality(${due}::uuid[]) > coalesce(done.n, 0)
        or failed.names is not null
    )`;
}

/** The last reminder of the member about this program (a correlated read of the page's rows). */
function lastRemindedSql(programId: string, memberId: SQL): SQL {
  return sql`(select max(ae.created_at) from ${auditEvents} ae
    where ae.subject_type = 'member' and ae.subject_id = ${memberId}
      and ae.action = ${reminderAction} and ae.after ->> 'program_id' = ${programId})`;
}

function mapRow(r: Record<string, unknown>): AttentionRowDb {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    redeem_id: r.redeem_id as string,
    member_id: r.member_id as string,
    fullname: r.fullname as string,
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    progress: Number(r.progress),
    joined_at: date(r.joined_at)!,
    last_activity_at: date(r.last_activity_at),
    behind: Number(r.behind),
    quiz_failed: (r.quiz_failed as string[] | null) ?? [],
    last_reminded_at: date(r.last_reminded_at),
    total: Number(r.total ?? 0),
  };
}

const rowColumns = (programId: string) => sql`
  f.id as redeem_id, f.member_id, m.fullname, m.email, m.phone, f.progress,
  f.created_at as joined_at, f.last_at as last_activity_at, f.behind, f.quiz_failed,
  ${lastRemindedSql(programId, sql`f.member_id`)} as last_reminded_at`;

/**
 * One page of the flagged participants, longest without activity first (those who never
 * started count from joining), with the total.
 */
export async function attentionPage(
  db: DbOrTx,
  f: AttentionFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AttentionRowDb[]; total: number }> {
  const result = await db.execute(sql`
    ${flaggedSql(f)}
    select ${rowColumns(f.programId)}, count(*) over () as total
    from flagged f join ${members} m on m.id = f.member_id
    order by coalesce(f.last_at, f.created_at), f.id
    limit ${page.limit} offset ${page.offset}`);
  const rows = (result as unknown as Rows<Record<string, unknown>>).rows.map(mapRow);
  if (rows.length > 0 || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // A page past the end: the total from a count.
  return { rows, total: await countAttention(db, f) };
}

/** How many participants are flagged (stopping at `atMost` when given). */
export async function countAttention(db: DbOrTx, f: AttentionFilter, atMost?: number) {
  const result = await db.execute(sql`
    ${flaggedSql(f)}
    select count(*)::int as n from (select 1 from flagged ${
      atMost === undefined ? sql`` : sql`limit ${atMost}`
    }) x`);
  return Number((result as unknown as Rows<{ n: number }>).rows[0]?.n ?? 0);
}

/** Where an export page starts: after this row of the list's order. */
export interface AttentionCursor {
  since: Date;
  id: string;
}

/** The export's page: the list's order, by keyset after `after` (never an offset). */
export async function attentionExportPage(
  db: DbOrTx,
  f: AttentionFilter,
  after: AttentionCursor | null,
  limit: number,
): Promise<AttentionRowDb[]> {
  const result = await db.execute(sql`
    ${flaggedSql(f)}
    select ${rowColumns(f.programId)}
    from flagged f join ${members} m on m.id = f.member_id
    where ${
      after
        ? sql`(coalesce(f.last_at, f.created_at), f.id) > (${after.since.toISOString()}::timestamptz, ${after.id}::uuid)`
        : sql`true`
    }
    order by coalesce(f.last_at, f.created_at), f.id
    limit ${limit}`);
  return (result as unknown as Rows<Record<string, unknown>>).rows.map(mapRow);
}

/** The program's title and end, and its published activities of published topics. */
export async function programOutline(db: DbOrTx, programId: string) {
  const [program] = await db
    .select({ title: programs.title, end_test_at: programs.end_test_at })
    .from(programs)
    .where(eq(programs.id, programId));
  const rows = await db
    .select({ id: activities.id, content: activities.content })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(
      and(
        eq(activities.program_id, programId),
        eq(activities.status, 'publish'),
        eq(topics.status, 'publish'),
      ),
    )
    .orderBy(asc(topics.seq), asc(activities.seq));
  return { program, activities: rows };
}

/**
 * The named redemptions of the program with their member and when that member was last
 * reminded about it; redemptions of another program are left out.
 */
export async function redeemsToRemind(db: DbOrTx, programId: string, redeemIds: string[]) {
  const result = await db.execute(sql`
    select mr.id, mr.member_id, ${lastRemindedSql(programId, sql`mr.member_id`)} as last_reminded_at
    from ${memberRedeems} mr
    where mr.program_id = ${programId}::uuid and mr.id = any(${`{${redeemIds.join(',')}}`}::uuid[])
    order by mr.id`);
  return (
    result as unknown as Rows<{ id: string; member_id: string; last_reminded_at: unknown }>
  ).rows.map((r) => ({
    id: r.id,
    member_id: r.member_id,
    last_reminded_at: r.last_reminded_at ? new Date(r.last_reminded_at as string) : null,
  }));
}
