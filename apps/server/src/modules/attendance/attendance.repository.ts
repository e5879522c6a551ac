import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countRows } from '../../lib/count-rows';
import { activities, attendances, members, programs, topics } from '../../db/schema';
import { likePattern } from '../programs/programs.repository';
import { inAssignedPrograms } from '../access/access.repository';

/** Which attendances a list or an export reads. */
export interface AttendanceFilter {
  programId?: string;
  topicId?: string;
  /** Member name or phone. */
  q?: string;
  /** A trainer: only programs a facilitator entry links this user to. */
  assignedUserId?: string;
}

function whereOf(filter: AttendanceFilter): SQL | undefined {
  return and(
    filter.programId ? eq(attendances.program_id, filter.programId) : undefined,
    filter.topicId ? eq(attendances.topic_id, filter.topicId) : undefined,
    filter.q
      ? or(
          sql`lower(${members.fullname}) like ${likePattern(filter.q)}`,
          sql`lower(coalesce(${members.phone}, '')) like ${likePattern(filter.q)}`,
        )
      : undefined,
    inAssignedPrograms(attendances.program_id, filter.assignedUserId),
  );
}

const rowColumns = {
  id: attendances.id,
  schedule_key: attendances.schedule_key,
  created_at: attendances.created_at,
  cursor_at: sql<string>`${attendances.created_at}::text`,
  member_id: members.id,
  member_fullname: members.fullname,
  member_phone: members.phone,
  program_id: programs.id,
  program_title: programs.title,
  topic_id: topics.id,
  topic_name: topics.name,
  activity_id: activities.id,
  activity_name: activities.name,
};

export interface AttendanceRow {
  id: string;
  schedule_key: string;
  created_at: Date;
  /** `created_at` to the microsecond, for a keyset cursor (AttendanceCursor). */
  cursor_at: string;
  member_id: string;
  member_fullname: string;
  member_phone: string | null;
  program_id: string;
  program_title: string;
  topic_id: string;
  topic_name: string;
  activity_id: string;
  activity_name: string;
}

function joined(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(attendances)
    .innerJoin(members, eq(members.id, attendances.member_id))
    .innerJoin(programs, eq(programs.id, attendances.program_id))
    .innerJoin(topics, eq(topics.id, attendances.topic_id))
    .innerJoin(activities, eq(activities.id, attendances.activity_id))
    .$dynamic();
}

/** One page, filtered, sorted and counted by SQL. The member join is needed only to search. */
export async function listAttendances(
  db: DbOrTx,
  filter: AttendanceFilter & { dir: 'asc' | 'desc'; page: number; limit: number },
): Promise<{ rows: AttendanceRow[]; total: number }> {
  const dir = filter.dir === 'asc' ? asc : desc;
  const [rows, total] = await Promise.all([
    joined(db)
      .where(whereOf(filter))
      .orderBy(dir(attendances.created_at), dir(attendances.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    countAttendances(db, filter),
  ]);
  return { rows, total };
}

/**
 * The attendances the filter selects, counted by SQL (the member join only to search); with
 * `atMost`, counting stops there (`count(*)` over a limited subquery).
 */
export async function countAttendances(
  db: DbOrTx,
  filter: AttendanceFilter,
  atMost?: number,
): Promise<number> {
  const rows = db
    .select({ one: sql`1`.as('one') })
    .from(attendances)
    .$dynamic();
  const joined = filter.q ? rows.innerJoin(members, eq(members.id, attendances.member_id)) : rows;
  return countRows(db, joined.where(whereOf(filter)), atMost);
}

/**
 * Where a keyset page ended: the last row's `created_at` as PostgreSQL's own text, to the
 * microsecond (a JS Date keeps milliseconds, and rows of one statement share a timestamp).
 */
export interface AttendanceCursor {
  created_at: string;
  id: string;
}

/**
 * One keyset page of the export, newest first: after `cursor` (or from `offset` rows in, for
 * the first page of a paged export), along the (program_id|topic_id, created_at) indexes.
 */
export async function exportPage(
  db: DbOrTx,
  filter: AttendanceFilter,
  page: { cursor: AttendanceCursor | null; offset: number; limit: number },
): Promise<AttendanceRow[]> {
  const after = page.cursor
    ? sql`(${attendances.created_at}, ${attendances.id}) < (${page.cursor.created_at}::timestamptz, ${page.cursor.id}::uuid)`
    : undefined;
  return joined(db)
    .where(and(whereOf(filter), after))
    .orderBy(desc(attendances.created_at), desc(attendances.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** A new check-in; null when this occurrence was already attended (the unique key). */
export async function insertAttendance(
  db: DbOrTx,
  values: typeof attendances.$inferInsert,
): Promise<{ id: string; created_at: Date } | null> {
  const [row] = await db
    .insert(attendances)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: attendances.id, created_at: attendances.created_at });
  return row ?? null;
}
