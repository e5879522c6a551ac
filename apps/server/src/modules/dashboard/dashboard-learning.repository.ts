import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  activityProgress,
  certificates,
  learningEvents,
  memberRedeems,
  programs,
  questions,
  quizAttempts,
} from '../../db/schema';
import { facilitatedBy } from '../access/access.repository';

/** The learning figures of one program, or of every program in scope (`id` null). */
export interface LearningFiguresRow {
  id: string | null;
  title: string | null;
  active_this_week: number;
  completions: number;
  certificates: number;
  /** Median days from joining to finishing, over finished participants; null: none. */
  median_completion_days: number | null;
  /** Mean of post-test − pre-test best scores over participants with both; null: none. */
  average_gain: number | null;
  gain_participants: number;
  /** Flagged questions (a program's row), or programs with one (the total). */
  flagged: number;
}

/** Rules of a flagged question (docs/decisions.md, "The provider dashboard's learning figures"). */
export const flaggedQuestionRule = { minAttempts: 5, easyAbove: 0.9, hardBelow: 0.2 } as const;

/**
 * The learning figures per program and in total, in ONE statement: each figure is an aggregate
 * grouped by program and over all (`grouping sets`), joined to the programs of the scope; the
 * programs listed are the `limit` most active this week (then most finished).
 * - active this week: distinct participants with an own event in the learning record in the last
 *   7 days (staff-caused events carry an actor and are left out);
 * - completions: redemptions finished (progress 100 or the final test ended), as the dashboard's
 *   total counts them; their time runs from joining to the final test's end, else the latest
 *   activity completion;
 * - certificates in force (`valid`; a corrected one counts once, a revoked one not);
 * - learning gain: per participant the best pre-test and post-test scores (the progress row keeps
 *   the best attempt), post − pre averaged over participants with both;
 * - flagged questions: multiple-choice questions with at least 5 submitted attempts whose
 *   facility (share right) is above 0.9 or below 0.2, or whose point-biserial (correlation of
 *   right/wrong with the attempt's score) is negative.
 */
export async function learningFigures(
  db: DbOrTx,
  assignedUserId: string | undefined,
  limit: number,
): Promise<LearningFiguresRow[]> {
  const scope: SQL = assignedUserId ? facilitatedBy(sql`p.id`, assignedUserId) : sql`true`;
  const r = flaggedQuestionRule;
  const result = await db.execute(sql`
    with sp as (select p.id, p.title from ${programs} p where ${scope}),
    active as (
      select e.program_id, count(distinct e.member_id)::int as n
      from ${learningEvents} e
      where e.program_id in (select id from sp) and e.actor_user_id is null
        and e.created_at >= now() - interval '7 days'
      group by grouping sets ((e.program_id), ())
    ),
    finished as (
      select mr.program_id, count(*)::int as n,
        percentile_cont(0.5) within group (order by extract(epoch from (coalesce(
          mr.end_test_at,
          (select max(ap.completed_at) from ${activityProgress} ap where ap.member_redeem_id = mr.id),
          mr.updated_at
        ) - mr.created_at))) / 86400.0 as median_days
      from ${memberRedeems} mr
      where mr.program_id in (select id from sp) and (mr.progress >= 100 or mr.end_test_at is not null)
      group by grouping sets ((mr.program_id), ())
    ),
    certs as (
      select mr.program_id, count(*)::int as n
      from ${certificates} c join ${memberRedeems} mr on mr.id = c.member_redeem_id
      where mr.program_id in (select id from sp) and c.status = 'valid'
      group by grouping sets ((mr.program_id), ())
    ),
    gains as (
      select x.program_id, avg(x.post - x.pre)::float8 as avg, count(*)::int as n
      from (
        select ap.program_id, ap.member_redeem_id,
          max(ap.score) filter (where a.type = 'pre_test') as pre,
          max(ap.score) filter (where a.type = 'post_test') as post
        from ${activityProgress} ap join ${activities} a on a.id = ap.activity_id
        where ap.program_id in (select id from sp) and a.type in ('pre_test', 'post_test')
          and ap.score is not null
        group by 1, 2
      ) x
      where x.pre is not null and x.post is not null
      group by grouping sets ((x.program_id), ())
    ),
    items as (
      select a.program_id, qid, count(*) as n, avg(k.c) as facility,
        corr(k.c, t.score::float8) as pbis
      from ${quizAttempts} t
      join ${activities} a on a.id = t.activity_id
      cross join lateral jsonb_array_elements_text(t.question_ids) as qi(qid)
      join ${questions} q on q.id = qid::uuid
      cross join lateral (
        select case when jsonb_typeof(t.answers -> qid) = 'number'
          and (t.answers ->> qid)::int >= 0
          and q.correct_answer ? (q.options -> (t.answers ->> qid)::int ->> 'text')
        then 1.0 else 0.0 end::float8 as c
      ) k
      where a.program_id in (select id from sp) and t.submitted_at is not null
        and q.type = 'multiple_choice'
      group by a.program_id, qid
    ),
    flagged as (
      select program_id, count(*)::int as questions, count(distinct program_id)::int as programs
      from items
      where n >= ${r.minAttempts}
        and (facility > ${r.easyAbove} or facility < ${r.hardBelow} or pbis < 0)
      group by grouping sets ((program_id), ())
    ),
    per_program as (
      select sp.id, sp.title,
        coalesce(active.n, 0) as active_this_week,
        coalesce(finished.n, 0) as completions,
        coalesce(certs.n, 0) as certificates,
        finished.median_days as median_completion_days,
        gains.avg as average_gain,
        coalesce(gains.n, 0) as gain_participants,
        coalesce(flagged.questions, 0) as flagged
      from sp
      left join active on active.program_id = sp.id
      left join finished on finished.program_id = sp.id
      left join certs on certs.program_id = sp.id
      left join gains on gains.program_id = sp.id
      left join flagged on flagged.program_id = sp.id
    )
    select null::uuid as id, null::text as title,
      coalesce((select n from active where program_id is null), 0) as active_this_week,
      coalesce((select n from finished where program_id is null), 0) as completions,
      coalesce((select n from certs where program_id is null), 0) as certificates,
      (select median_days from finished where program_id is null) as median_completion_days,
      (select avg from gains where program_id is null) as average_gain,
      coalesce((select n from gains where program_id is null), 0) as gain_participants,
      coalesce((select programs from flagged where program_id is null), 0) as flagged
    union all
    (select * from per_program
      where active_this_week + completions + certificates + gain_participants + flagged > 0
      order by active_this_week desc, completions desc, title, id
      limit ${limit})`);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    id: (row.id as string | null) ?? null,
    title: (row.title as string | null) ?? null,
    active_this_week: Number(row.active_this_week),
    completions: Number(row.completions),
    certificates: Number(row.certificates),
    median_completion_days: num(row.median_completion_days),
    average_gain: num(row.average_gain),
    gain_participants: Number(row.gain_participants),
    flagged: Number(row.flagged),
  }));
}
