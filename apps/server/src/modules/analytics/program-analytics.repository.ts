import { sql, type SQL } from 'drizzle-orm';
import type { ProgramAnalyticsFilters } from '@ajar/shared/analytics/program-analytics.schemas';
import type { DbOrTx } from '../../db/client';

/**
 * The program analytics' queries: each section is one SQL aggregate over the program's learning
 * record, taking (db, programId, filters) so a bench can call it as the screen does. Every figure
 * is counted per redemption ('peserta') the filters keep.
 */

/** Both drivers (node-postgres and PGlite) answer `{ rows }`. */
export async function rowsOf<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

export const num = (value: unknown) => Number(value);
export const numOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);

/** The redemptions of the program the filters keep (the participants every figure counts). */
export function participantsCte(programId: string, filters: ProgramAnalyticsFilters): SQL {
  const level = filters.education_level
    ? sql`and m.education_level = ${filters.education_level}`
    : sql``;
  return sql`part as (
    select r.id as redeem_id, r.member_id, m.fullname
    from member_redeems r join members m on m.id = r.member_id
    where r.program_id = ${programId} ${level}
  )`;
}

/** The program's published activities of published topics, in program order. */
export function activitiesCte(programId: string, types?: readonly string[]): SQL {
  const typeFilter = types
    ? sql`and a.type in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  return sql`acts as (
    select a.id, a.name, a.type, t.name as topic_name, t.seq as topic_seq, a.seq
    from activities a join topics t on t.id = a.topic_id
    where a.program_id = ${programId} and a.status = 'publish' and t.status = 'publish' ${typeFilter}
  )`;
}

export async function countParticipants(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with ${participantsCte(programId, filters)} select count(*)::int as n from part`,
  );
  return num(row?.n ?? 0);
}

/**
 * The pre-test is the program's first published pre_test activity, the post-test its last
 * post_test; each participant's score is their first submitted attempt of each.
 */
function pairsCtes(programId: string, filters: ProgramAnalyticsFilters): SQL {
  return sql`${participantsCte(programId, filters)},
  ${activitiesCte(programId, ['pre_test', 'post_test'])},
  pre_act as (select id, name from acts where type = 'pre_test' order by topic_seq, seq limit 1),
  post_act as (
    select id, name from acts where type = 'post_test' order by topic_seq desc, seq desc limit 1
  ),
  firsts as (
    select distinct on (q.member_redeem_id, q.activity_id)
      q.member_redeem_id, q.activity_id, q.score::float8 as score
    from quiz_attempts q join part p on p.redeem_id = q.member_redeem_id
    where q.activity_id in (select id from pre_act union all select id from post_act)
      and q.submitted_at is not null and q.score is not null
    order by q.member_redeem_id, q.activity_id, q.attempt_no
  ),
  pairs as (
    select p.redeem_id, p.fullname, pre.score as pre, post.score as post,
      post.score - pre.score as gain,
      case when pre.score < 100 then (post.score - pre.score) / (100 - pre.score) end as g
    from part p
    join firsts pre on pre.member_redeem_id = p.redeem_id
      and pre.activity_id = (select id from pre_act)
    join firsts post on post.member_redeem_id = p.redeem_id
      and post.activity_id = (select id from post_act)
  )`;
}

export interface GainSummaryRow {
  pre_id: string | null;
  pre_name: string | null;
  post_id: string | null;
  post_name: string | null;
  paired: number;
  mean_pre: number | null;
  mean_post: number | null;
  mean_gain: number | null;
  median_gain: number | null;
  class_normalized_gain: number | null;
  ceiling: number;
}

/** Mean pre, post and gain, median gain and the class normalised gain of the paired participants. */
export async function gainSummary(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<GainSummaryRow> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${pairsCtes(programId, filters)},
    agg as (
      select count(*)::int as paired, avg(pre) as mean_pre, avg(post) as mean_post,
        avg(gain) as mean_gain,
        percentile_cont(0.5) within group (order by gain) as median_gain,
        count(*) filter (where pre >= 100)::int as ceiling
      from pairs
    )
    select (select id from pre_act) as pre_id, (select name from pre_act) as pre_name,
      (select id from post_act) as post_id, (select name from post_act) as post_name,
      agg.*,
      case when agg.mean_pre < 100
        then (agg.mean_post - agg.mean_pre) / (100 - agg.mean_pre) end as class_normalized_gain
    from agg`,
  );
  return {
    pre_id: (row!.pre_id as string | null) ?? null,
    pre_name: (row!.pre_name as string | null) ?? null,
    post_id: (row!.post_id as string | null) ?? null,
    post_name: (row!.post_name as string | null) ?? null,
    paired: num(row!.paired),
    mean_pre: numOrNull(row!.mean_pre),
    mean_post: numOrNull(row!.mean_post),
    mean_gain: numOrNull(row!.mean_gain),
    median_gain: numOrNull(row!.median_gain),
    class_normalized_gain: numOrNull(row!.class_normalized_gain),
    ceiling: num(row!.ceiling),
  };
}

export interface GainParticipantRow {
  redeem_id: string;
  fullname: string;
  pre: number;
  post: number;
  gain: number;
  normalized_gain: number | null;
}

/** One page of the paired participants by name (`limit` -1: all), and how many there are. */
export async function gainParticipants(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: GainParticipantRow[]; total: number }> {
  const limit = page.limit < 0 ? sql`all` : sql`${page.limit}`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${pairsCtes(programId, filters)}
    select redeem_id, fullname, pre, post, gain, g, count(*) over ()::int as total
    from pairs order by lower(fullname), redeem_id
    limit ${limit} offset ${page.offset}`,
  );
  const total =
    rows.length > 0
      ? num(rows[0]!.total)
      : page.offset > 0
        ? await countPairs(db, programId, filters)
        : 0;
  return {
    total,
    rows: rows.map((r) => ({
      redeem_id: r.redeem_id as string,
      fullname: r.fullname as string,
      pre: num(r.pre),
      post: num(r.post),
      gain: num(r.gain),
      normalized_gain: numOrNull(r.g),
    })),
  };
}

async function countPairs(db: DbOrTx, programId: string, filters: ProgramAnalyticsFilters) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with ${pairsCtes(programId, filters)} select count(*)::int as n from pairs`,
  );
  return num(row?.n ?? 0);
}

export interface FunnelRow {
  activity_id: string;
  topic_name: string;
  activity_name: string;
  type: string;
  opened: number;
  started: number;
  completed: number;
  drop: number;
  largest_drop: boolean;
}

/**
 * Per activity in program order, the participants who reached it (opened its detail, or did
 * anything in it), started it (a progress row or a quiz attempt) and completed it; the drop is how
 * many fewer reached it than the activity before, and the largest positive drop is marked (the
 * first of equals).
 */
export async function funnel(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<FunnelRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${participantsCte(programId, filters)}, ${activitiesCte(programId)},
    touch as (
      select e.activity_id, p.redeem_id, 1 as level
      from learning_events e join part p on p.member_id = e.member_id
      where e.program_id = ${programId} and e.kind = 'activity_opened'
      union all
      select ap.activity_id, ap.member_redeem_id, case when ap.is_complete then 3 else 2 end
      from activity_progress ap join part p on p.redeem_id = ap.member_redeem_id
      where ap.program_id = ${programId}
      union all
      select q.activity_id, q.member_redeem_id, 2
      from quiz_attempts q join part p on p.redeem_id = q.member_redeem_id
    ),
    reach as (select activity_id, redeem_id, max(level) as level from touch group by 1, 2),
    steps as (
      select a.id, a.topic_name, a.name, a.type, a.topic_seq, a.seq,
        count(r.redeem_id)::int as opened,
        count(r.redeem_id) filter (where r.level >= 2)::int as started,
        count(r.redeem_id) filter (where r.level >= 3)::int as completed
      from acts a left join reach r on r.activity_id = a.id
      group by a.id, a.topic_name, a.name, a.type, a.topic_seq, a.seq
    ),
    drops as (
      select s.*, coalesce(lag(opened) over (order by topic_seq, seq) - opened, 0) as drop
      from steps s
    ),
    ranked as (
      select d.*, row_number() over (order by drop desc, topic_seq, seq) as drop_rank from drops d
    )
    select id, topic_name, name, type, opened, started, completed, drop,
      (drop_rank = 1 and drop > 0) as largest_drop
    from ranked order by topic_seq, seq`,
  );
  return rows.map((r) => ({
    activity_id: r.id as string,
    topic_name: r.topic_name as string,
    activity_name: r.name as string,
    type: r.type as string,
    opened: num(r.opened),
    started: num(r.started),
    completed: num(r.completed),
    drop: num(r.drop),
    largest_drop: Boolean(r.largest_drop),
  }));
}

export interface AttendanceRow {
  activity_id: string;
  topic_name: string;
  activity_name: string;
  schedule_key: string | null;
  checked_in: number;
}

/**
 * Per meeting activity and occurrence, the participants who checked in; a meeting nobody has
 * checked in to yet is one row without an occurrence.
 */
export async function attendancePerMeeting(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<AttendanceRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${participantsCte(programId, filters)},
    ${activitiesCte(programId, ['berdiskusi_daring', 'berdiskusi_luring'])},
    checks as (
      select at.activity_id, at.schedule_key, count(distinct at.member_redeem_id)::int as n
      from attendances at join part p on p.redeem_id = at.member_redeem_id
      where at.program_id = ${programId}
      group by 1, 2
    )
    select a.id, a.topic_name, a.name, c.schedule_key, coalesce(c.n, 0)::int as checked_in
    from acts a left join checks c on c.activity_id = a.id
    order by a.topic_seq, a.seq, c.schedule_key`,
  );
  return rows.map((r) => ({
    activity_id: r.id as string,
    topic_name: r.topic_name as string,
    activity_name: r.name as string,
    schedule_key: (r.schedule_key as string | null) ?? null,
    checked_in: num(r.checked_in),
  }));
}

export interface PracticeRow {
  activity_id: string;
  topic_name: string;
  activity_name: string;
  submitted: number;
  graded: number;
  median_feedback_hours: number | null;
}

/**
 * Per practice activity, the work uploaded, the uploads with feedback given after them, and the
 * median hours between the two (a score import without an upload counts in neither).
 */
export async function practiceWork(
  db: DbOrTx,
  programId: string,
  filters: ProgramAnalyticsFilters,
): Promise<PracticeRow[]> {
  const graded = sql`ap.work_uploaded_at is not null and ap.feedback_at >= ap.work_uploaded_at`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${participantsCte(programId, filters)}, ${activitiesCte(programId, ['praktek_mandiri'])},
    work as (
      select ap.activity_id, ap.work_uploaded_at, ap.feedback_at
      from activity_progress ap join part p on p.redeem_id = ap.member_redeem_id
      where ap.program_id = ${programId} and ap.work_uploaded_at is not null
    )
    select a.id, a.topic_name, a.name,
      count(ap.work_uploaded_at)::int as submitted,
      count(*) filter (where ${graded})::int as graded,
      percentile_cont(0.5) within group (
        order by extract(epoch from ap.feedback_at - ap.work_uploaded_at) / 3600.0
      ) filter (where ${graded}) as median_hours
    from acts a left join work ap on ap.activity_id = a.id
    group by a.id, a.topic_name, a.name, a.topic_seq, a.seq
    order by a.topic_seq, a.seq`,
  );
  return rows.map((r) => ({
    activity_id: r.id as string,
    topic_name: r.topic_name as string,
    activity_name: r.name as string,
    submitted: num(r.submitted),
    graded: num(r.graded),
    median_feedback_hours: numOrNull(r.median_hours),
  }));
}

/** The program's title (the caller has checked it exists). */
export async function programTitle(db: DbOrTx, programId: string): Promise<string> {
  const [row] = await rowsOf<{ title: string }>(
    db,
    sql`select title from programs where id = ${programId}`,
  );
  return row?.title ?? '';
}
