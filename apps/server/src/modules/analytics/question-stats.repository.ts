import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { questionGroups, questionPackets, questions, quizAttempts } from '../../db/schema';

/**
 * Which submitted attempts of the activity count: each participant's first only, or all; and
 * the submission instants `[from, to)`.
 */
export interface QuestionStatsFilter {
  firstAttemptOnly: boolean;
  from?: Date | undefined;
  to?: Date | undefined;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The attempts the filter keeps, over `quiz_attempts_activity_submitted_idx`. */
function keptAttempts(activityId: string, filter: QuestionStatsFilter): SQL {
  const a = quizAttempts;
  const parts = [sql`${a.activity_id} = ${activityId}::uuid`, sql`${a.submitted_at} is not null`];
  if (filter.firstAttemptOnly) parts.push(sql`${a.attempt_no} = 1`);
  if (filter.from) parts.push(sql`${a.submitted_at} >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`${a.submitted_at} < ${filter.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

export interface ListedQuestion {
  id: string;
  packet_no: number;
  question_no: number;
  text: string;
  options: { text: string }[];
  correct_answer: string[];
}

/**
 * The activity's scored (multiple-choice) questions in the editor's order: packets oldest first,
 * their groups oldest first, questions by seq; numbered per packet.
 */
export async function listScoredQuestions(
  db: DbOrTx,
  activityId: string,
): Promise<ListedQuestion[]> {
  const result = await db.execute(sql`
    select q.id,
      dense_rank() over (order by p.created_at, p.id)::int as packet_no,
      row_number() over (partition by p.id order by g.created_at, g.id, q.seq, q.id)::int
        as question_no,
      q.question ->> 'text' as text, q.options, q.correct_answer
    from ${questions} q
    join ${questionGroups} g on g.id = q.group_id
    join ${questionPackets} p on p.id = g.packet_id
    where p.activity_id = ${activityId}::uuid and q.type = 'multiple_choice'
    order by packet_no, question_no
  `);
  return rowsOf<ListedQuestion>(result).map((r) => ({ ...r, text: r.text ?? '' }));
}

/** Per question (`option` null, `total` true) and per chosen option (null = unanswered). */
export interface QuestionStatRow {
  question_id: string;
  total: boolean;
  option: number | null;
  attempts: number;
  correct: number;
  discrimination: number | null;
}

/**
 * Item statistics of the kept attempts, in one pass: every (attempt, served question) pair is
 * scored 0/1 in SQL (the chosen option is one whose text is among the right answers, as
 * `scoreQuestion` in packages/shared/src/quiz/quiz.scoring.ts decides), the attempt's other
 * questions right are its rest score, and GROUPING SETS give per question the attempts, the
 * right answers and corr(item, rest) (corrected point-biserial), and per option the choices.
 */
export async function questionStatRows(
  db: DbOrTx,
  activityId: string,
  filter: QuestionStatsFilter,
): Promise<QuestionStatRow[]> {
  // The window and the grouping sort a row per answer: room in memory spares a sort on disk.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return tx.execute(sql`
      with kept as (
        select id, answers, question_ids from ${quizAttempts}
        where ${keptAttempts(activityId, filter)}
      ),
      item as (
        select q.id::text as id, jsonb_array_length(q.options) as n,
          array(
            select (o.ord - 1)::int
            from jsonb_array_elements(q.options) with ordinality as o(v, ord)
            where btrim(o.v ->> 'text') <> '' and jsonb_exists(q.correct_answer, o.v ->> 'text')
          ) as keys
        from ${questions} q
        where q.activity_id = ${activityId}::uuid and q.type = 'multiple_choice'
      ),
      served as (
        select k.id as attempt_id, i.id as question_id, i.n, i.keys,
          case when jsonb_typeof(k.answers -> s.qid) = 'number'
            then (k.answers ->> s.qid)::numeric end as given
        from kept k
        cross join lateral jsonb_array_elements_text(k.question_ids) as s(qid)
        join item i on i.id = s.qid
      ),
      chosen as (
        select attempt_id, question_id, keys,
          case when given >= 0 and given < n and given = trunc(given) then given::int end as choice
        from served
      ),
      scored as (
        select attempt_id, question_id, choice, coalesce(choice = any(keys), false)::int as right_
        from chosen
      ),
      rested as (
        select question_id, choice, right_,
          sum(right_) over (partition by attempt_id) - right_ as rest
        from scored
      )
      select question_id, grouping(choice) = 1 as total, choice as option,
        count(*)::int as attempts, sum(right_)::int as correct,
        corr(right_, rest) as discrimination
      from rested
      group by grouping sets ((question_id), (question_id, choice))
    `);
  });
  return rowsOf<QuestionStatRow>(result).map((r) => ({
    ...r,
    discrimination: r.discrimination === null ? null : Number(r.discrimination),
  }));
}

export interface AttemptSummaryRow {
  attempts: number;
  participants: number;
  mean_score: number | null;
  passed: number;
  scored: number;
  median_seconds: number | null;
}

/**
 * The kept attempts in figures: how many, by how many participants, the mean score, how many
 * reach `minimum` (0..100; none counted when null) among those with a score, and the median time
 * from start to submission.
 */
export async function attemptSummary(
  db: DbOrTx,
  activityId: string,
  filter: QuestionStatsFilter,
  minimum: number | null,
): Promise<AttemptSummaryRow> {
  const a = quizAttempts;
  const result = await db.execute(sql`
    select count(*)::int as attempts,
      count(distinct ${a.member_redeem_id})::int as participants,
      avg(${a.score})::float8 as mean_score,
      ${minimum === null ? sql`0` : sql`count(*) filter (where ${a.score} >= ${minimum}::numeric)`}::int
        as passed,
      count(${a.score})::int as scored,
      percentile_cont(0.5) within group (
        order by extract(epoch from ${a.submitted_at} - ${a.started_at})
      )::float8 as median_seconds
    from ${a}
    where ${keptAttempts(activityId, filter)}
  `);
  const [row] = rowsOf<AttemptSummaryRow>(result);
  return row!;
}

/**
 * The score distribution of the kept attempts: `bins` bins of equal width over 0..100, every bin
 * listed (0 when empty); 100 falls in the last bin.
 */
export async function scoreHistogram(
  db: DbOrTx,
  activityId: string,
  filter: QuestionStatsFilter,
  bins: number,
): Promise<{ bin: number; count: number }[]> {
  const a = quizAttempts;
  const result = await db.execute(sql`
    with counted as (
      select least(width_bucket(${a.score}, 0, 100, ${bins}::int), ${bins}::int) as bin,
        count(*)::int as n
      from ${a}
      where ${keptAttempts(activityId, filter)} and ${a.score} is not null
      group by 1
    )
    select b.bin::int as bin, coalesce(c.n, 0)::int as count
    from generate_series(1, ${bins}::int) as b(bin)
    left join counted c on c.bin = b.bin
    order by b.bin
  `);
  return rowsOf<{ bin: number; count: number }>(result);
}
