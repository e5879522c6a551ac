import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ExportSortField } from '@ajar/shared/exports/exports.constants';
import type { EducationLevel } from '@ajar/shared/members/members.constants';
import type { DbOrTx } from '../../db/client';
import { countRows } from '../../lib/count-rows';
import {
  activities,
  activityProgress,
  memberRedeems,
  members,
  programs,
  resellers,
  topics,
} from '../../db/schema';

/** What narrows the redemptions of one program (SQL does all of it). */
export interface RedeemFilter {
  progressStart: number;
  progressEnd: number;
  /** The date column the range applies to. */
  rangeColumn: ExportSortField;
  /** Inclusive lower and exclusive upper instant of the range. */
  from?: Date;
  to?: Date;
}

/**
 * One pass of the keyset walk over one program: rows ordered by `keyColumn` then id. Sorting by
 * `end_test_at` walks the finished participants first (`dated`), then the unfinished ones by
 * redeem date (`undated`), so a null never sits inside a keyset comparison.
 */
export interface RedeemPhase {
  keyColumn: ExportSortField;
  onlyUnfinished: boolean;
}

/** Where a keyset walk stopped: the key in full microseconds (a JS Date has only ms) and the id. */
export interface RedeemCursor {
  key: string;
  id: string;
}

const column = (field: ExportSortField) =>
  field === 'created_at' ? memberRedeems.created_at : memberRedeems.end_test_at;

/** A number stored in the scores JSON, or null (a hand-edited non-number never breaks a cast). */
function scoreAt(path: string[]) {
  const at = sql.raw(`'{${path.join(',')}}'`);
  return sql<
    number | null
  >`case when jsonb_typeof(${memberRedeems.scores} #> ${at}) = 'number' then (${memberRedeems.scores} #>> ${at})::float8 end`;
}

export type RedeemExportRow = {
  id: string;
  license: string;
  pmo_code: string | null;
  fullname: string;
  email: string;
  phone: string | null;
  program_id: string;
  progress: number;
  pre_test: number | null;
  post_test: number | null;
  created_at: Date;
  start_test_at: Date | null;
  end_test_at: Date | null;
  reseller_name: string | null;
  referral_code: string | null;
  /** The member's education level (null: not given). */
  education_level: EducationLevel | null;
  /** The keyset key: the key column in UTC, `YYYY-MM-DDTHH:MI:SS.US` (fixed width, sortable). */
  sort_key: string;
};

/**
 * A page row as `redeemPage` reads it: one JSON array, in `RedeemExportRow`'s order, timestamps
 * as PostgreSQL writes them in JSON (ISO 8601 with the offset, which `Date` reads).
 */
type ExportRowJson = [
  id: string,
  license: string,
  pmo_code: string | null,
  fullname: string,
  email: string,
  phone: string | null,
  program_id: string,
  progress: number,
  pre_test: number | null,
  post_test: number | null,
  created_at: string,
  start_test_at: string | null,
  end_test_at: string | null,
  reseller_name: string | null,
  referral_code: string | null,
  sort_key: string,
  education_level: EducationLevel | null,
];

const dateOf = (text: string | null) => (text === null ? null : new Date(text));

function exportRowOf(json: string): RedeemExportRow {
  const r = JSON.parse(json) as ExportRowJson;
  return {
    id: r[0],
    license: r[1],
    pmo_code: r[2],
    fullname: r[3],
    email: r[4],
    phone: r[5],
    program_id: r[6],
    progress: r[7],
    pre_test: r[8],
    post_test: r[9],
    created_at: new Date(r[10]),
    start_test_at: dateOf(r[11]),
    end_test_at: dateOf(r[12]),
    reseller_name: r[13],
    referral_code: r[14],
    sort_key: r[15],
    education_level: r[16],
  };
}

/** The conditions of the export's filter (progress and date range), shared by pages and counts. */
function filterConditions(filter: RedeemFilter): (SQL | undefined)[] {
  const range = column(filter.rangeColumn);
  return [
    filter.progressStart > 0 ? gte(memberRedeems.progress, filter.progressStart) : undefined,
    filter.progressEnd < 100 ? lte(memberRedeems.progress, filter.progressEnd) : undefined,
    filter.from ? gte(range, filter.from) : undefined,
    filter.to ? lt(range, filter.to) : undefined,
  ];
}

/** The rows one keyset pass walks (the passes of an export never share a row). */
function phaseCondition(phase: RedeemPhase): SQL {
  return phase.onlyUnfinished
    ? isNull(memberRedeems.end_test_at)
    : isNotNull(column(phase.keyColumn));
}

/**
 * How many redemptions of the programs the export's passes walk, counted by SQL with the pages'
 * own conditions; with `atMost`, counting stops there (`count(*)` over a limited subquery), so
 * deciding whether an export is big reads at most that many index entries.
 */
export async function redeemCount(
  db: DbOrTx,
  input: { programIds: string[]; filter: RedeemFilter; phases: RedeemPhase[]; atMost?: number },
): Promise<number> {
  if (input.programIds.length === 0) return 0;
  const where = and(
    inArray(memberRedeems.program_id, input.programIds),
    ...filterConditions(input.filter),
    or(...input.phases.map(phaseCondition)),
  );
  const rows = db
    .select({ one: sql`1`.as('one') })
    .from(memberRedeems)
    .where(where)
    .$dynamic();
  return countRows(db, rows, input.atMost);
}

/**
 * One page of a program's redemptions after `cursor`, in keyset order. Served by
 * `member_redeems_program_idx` (program_id, created_at) or `member_redeems_program_end_idx`
 * (program_id, end_test_at): each page is one short index range scan, never the whole table.
 */
export async function redeemPage(
  db: DbOrTx,
  input: {
    programId: string;
    filter: RedeemFilter;
    phase: RedeemPhase;
    cursor: RedeemCursor | null;
    limit: number;
  },
): Promise<RedeemExportRow[]> {
  const { filter, phase, cursor } = input;
  const key = column(phase.keyColumn);
  const conditions: (SQL | undefined)[] = [
    eq(memberRedeems.program_id, input.programId),
    ...filterConditions(filter),
    phaseCondition(phase),
    // The plain bound lets the index range start at the cursor; the row comparison breaks ties.
    cursor ? sql`${key} >= (${cursor.key}::timestamp at time zone 'UTC')` : undefined,
    cursor
      ? sql`(${key}, ${memberRedeems.id}) > ((${cursor.key}::timestamp at time zone 'UTC'), ${cursor.id}::uuid)`
      : undefined,
  ];
  // The page is cut from member_redeems alone (an index range in key order, stopping at the
  // limit), then joined by primary key: nothing outside the page is joined or sorted.
  const page = db
    .select({
      id: memberRedeems.id,
      member_id: memberRedeems.member_id,
      reseller_id: memberRedeems.reseller_id,
      license: memberRedeems.license,
      pmo_code: memberRedeems.pmo_code,
      program_id: memberRedeems.program_id,
      progress: memberRedeems.progress,
      pre_test: scoreAt(['pre_test', 'score']).as('pre_test'),
      post_test: scoreAt(['post_test', 'final_score']).as('post_test'),
      created_at: memberRedeems.created_at,
      start_test_at: memberRedeems.start_test_at,
      end_test_at: memberRedeems.end_test_at,
      sort_key: sql<string>`to_char(${key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as(
        'sort_key',
      ),
    })
    .from(memberRedeems)
    .where(and(...conditions))
    .orderBy(asc(key), asc(memberRedeems.id))
    .limit(input.limit)
    .as('page');
  // Each row comes as one JSON text: PGlite's driver copies every field of every row into a new
  // buffer, and with sixteen fields that was a third of reading a page; drizzle's mapping of
  // sixteen columns was another part.
  const query = (tx: DbOrTx) =>
    tx
      .select({
        row: sql<string>`json_build_array(${page.id}, ${page.license}, ${page.pmo_code},
          ${members.fullname}, ${members.email}, ${members.phone}, ${page.program_id},
          ${page.progress}, ${page.pre_test}, ${page.post_test}, ${page.created_at},
          ${page.start_test_at}, ${page.end_test_at}, ${resellers.fullname},
          ${resellers.referral_code}, ${page.sort_key}, ${members.education_level})::text`,
      })
      .from(page)
      .innerJoin(members, eq(members.id, page.member_id))
      .leftJoin(resellers, eq(resellers.id, page.reseller_id))
      .orderBy(asc(page.sort_key), asc(page.id));
  // Without fresh statistics (PGlite has no autovacuum, so a table filled in bulk is never
  // analyzed) the planner guesses a handful of rows and answers each page with a bitmap scan and
  // a sort of every remaining row: pages get as slow as the whole table. Forbidding those two for
  // this one query keeps it on the index range in key order, which is right with any statistics.
  // The disabled paths inflate the plan's cost past PostgreSQL's JIT threshold, and compiling
  // each page then costs more than reading it (40 s instead of 8 s for 100,000 rows): no JIT here.
  // The page's members (and resellers) are found by primary key: with hash and merge joins the
  // planner hashed every member for each page (on PGlite, 3,500 page reads a page).
  const rows = await db.transaction(async (tx) => {
    // The `set local`s in one statement: one round trip, not five, for every page.
    await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true),
      set_config('enable_sort', 'off', true), set_config('jit', 'off', true),
      set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`);
    return query(tx);
  });
  return rows.map(({ row }) => exportRowOf(row));
}

/**
 * The TPM/UK activities of the programs, each with its activity number: its 1-based place among
 * all the program's activities in course order (topic seq, activity seq), the number the score
 * import reads (`programActivitiesInOrder` of imports).
 */
export async function gradedActivities(db: DbOrTx, programIds: string[], types: string[]) {
  if (programIds.length === 0) return [];
  const numbered = db
    .select({
      id: activities.id,
      program_id: activities.program_id,
      type: activities.type,
      name: activities.name,
      number: sql<number>`(row_number() over (partition by ${activities.program_id}
        order by ${topics.seq}, ${activities.seq}, ${activities.id}))::int`.as('number'),
    })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(inArray(activities.program_id, programIds))
    .as('numbered');
  return db
    .select()
    .from(numbered)
    .where(inArray(numbered.type, types))
    .orderBy(asc(numbered.program_id), asc(numbered.number));
}

/** Staff feedback of some redemptions on some activities (one page of an export at a time). */
export async function feedbackOf(db: DbOrTx, redeemIds: string[], activityIds: string[]) {
  if (redeemIds.length === 0 || activityIds.length === 0) return [];
  return db
    .select({
      member_redeem_id: activityProgress.member_redeem_id,
      activity_id: activityProgress.activity_id,
      score: activityProgress.feedback_score,
      text: activityProgress.feedback_text,
    })
    .from(activityProgress)
    .where(
      and(
        inArray(activityProgress.member_redeem_id, redeemIds),
        inArray(activityProgress.activity_id, activityIds),
      ),
    );
}

/** Titles of programs, read once per export rather than joined to every row. */
export async function programTitles(db: DbOrTx, programIds: string[]) {
  if (programIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: programs.id, title: programs.title })
    .from(programs)
    .where(inArray(programs.id, programIds));
  return new Map(rows.map((r) => [r.id, r.title]));
}
