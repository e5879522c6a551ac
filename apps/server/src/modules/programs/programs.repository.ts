import { and, asc, count, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { CertificateValidity } from '@ajar/shared/certificates/certificates.constants';
import type { ProgramSortField, ProgramStatus } from '@ajar/shared/programs/programs.constants';
import type { DbOrTx } from '../../db/client';
import { orderBy, pageWindow, type OrderTerm } from '../../lib/paging';
import { programFacilitators, programs, studies, users } from '../../db/schema';
import { totalUnreadSql } from '../discussions/unread.sql';
import { inAssignedPrograms } from '../access/access.repository';

/** `%`, `_` and `\` typed by the user are literal characters, not wildcards. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The program columns with the viewer's unread member messages (a correlated subquery, so no extra
 * statement); no viewer (the public page, which never shows it) counts nothing.
 */
function programColumns(viewerId: string | null) {
  return {
    ...programBaseColumns,
    total_unread: viewerId
      ? totalUnreadSql(viewerId, 'program_id', programs.id)
      : sql<number>`0::int`,
  };
}

const programBaseColumns = {
  id: programs.id,
  title: programs.title,
  type: programs.type,
  program_benefits: programs.program_benefits,
  study_id: programs.study_id,
  study_title: studies.title,
  competence: programs.competence,
  cover_media_id: programs.cover_media_id,
  cover_url: programs.cover_url,
  discount_price: programs.discount_price,
  selling_price: programs.selling_price,
  selling_link: programs.selling_link,
  status: programs.status,
  is_free: programs.is_free,
  is_prakerja: programs.is_prakerja,
  certificate_validity: programs.certificate_validity,
  end_test_at: programs.end_test_at,
  created_at: programs.created_at,
  updated_at: programs.updated_at,
  // Kept by a trigger on member_redeems (migration 0004).
  total_participants: programs.participants_count,
};

export type ProgramRow = {
  id: string;
  title: string;
  type: 'online' | 'offline' | 'hybrid';
  program_benefits: string;
  study_id: string | null;
  study_title: string | null;
  competence: string[];
  cover_media_id: string | null;
  cover_url: string | null;
  discount_price: number | null;
  selling_price: number;
  selling_link: { title: string; url: string }[];
  status: ProgramStatus;
  is_free: boolean;
  is_prakerja: boolean;
  certificate_validity: CertificateValidity;
  end_test_at: Date | null;
  created_at: Date;
  updated_at: Date;
  total_participants: number;
  total_unread: number;
};

export type FacilitatorRow = typeof programFacilitators.$inferSelect;

export interface ProgramListFilter {
  /** Whose unread messages `total_unread` counts. */
  viewerId: string;
  status?: ProgramStatus;
  q?: string;
  /** Only programs this trainer is assigned to. */
  assignedUserId?: string;
  sort: ProgramSortField;
  sortType: 'asc' | 'desc';
  page: number;
  /** -1 = all. */
  limit: number;
}

function listWhere(filter: ProgramListFilter): SQL | undefined {
  return and(
    filter.status ? eq(programs.status, filter.status) : undefined,
    filter.q ? sql`lower(${programs.title}) like ${likePattern(filter.q)}` : undefined,
    inAssignedPrograms(programs.id, filter.assignedUserId),
  );
}

/**
 * One page of programs, filtered, sorted and counted by SQL. The page's ids are picked first from
 * `programs` alone (no join; from the nearer end of the order, `pageWindow`), then the columns,
 * the study and `total_unread` (a subquery per row) are read for those rows only: a deep page
 * costs what the first one does, instead of computing the unread count of every skipped row
 *.
 */
export async function listPrograms(db: DbOrTx, filter: ProgramListFilter) {
  const where = listWhere(filter);
  const terms: OrderTerm[] =
    filter.sort === 'total_participants'
      ? [
          { column: programs.participants_count, dir: filter.sortType },
          { column: programs.created_at, dir: 'desc' },
          { column: programs.id, dir: 'asc' },
        ]
      : [
          { column: programs.created_at, dir: filter.sortType },
          { column: programs.id, dir: 'asc' },
        ];
  if (filter.limit === -1) {
    const rows = (await db
      .select(programColumns(filter.viewerId))
      .from(programs)
      .leftJoin(studies, eq(studies.id, programs.study_id))
      .where(where)
      .orderBy(...orderBy(terms))) as ProgramRow[];
    return { rows, total: rows.length };
  }
  const total = (await db.select({ n: count() }).from(programs).where(where))[0]?.n ?? 0;
  const window = pageWindow(filter.page, filter.limit, total);
  const pageIds = db
    .select({ id: programs.id })
    .from(programs)
    .where(where)
    .orderBy(...orderBy(terms, window.reversed))
    .limit(window.limit)
    .offset(window.offset)
    .as('page_ids');
  const rows = (await db
    .select(programColumns(filter.viewerId))
    .from(pageIds)
    .innerJoin(programs, eq(programs.id, pageIds.id))
    .leftJoin(studies, eq(studies.id, programs.study_id))
    .orderBy(...orderBy(terms))) as ProgramRow[];
  return { rows, total };
}

/** `viewerId`: whose unread messages `total_unread` counts; null counts none. */
export async function findProgram(
  db: DbOrTx,
  id: string,
  viewerId: string | null,
): Promise<ProgramRow | undefined> {
  const [row] = await db
    .select(programColumns(viewerId))
    .from(programs)
    .leftJoin(studies, eq(studies.id, programs.study_id))
    .where(eq(programs.id, id));
  return row as ProgramRow | undefined;
}

/** Locks the program row for the rest of the transaction; undefined when it does not exist. */
export async function lockProgram(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: programs.id, status: programs.status, title: programs.title })
    .from(programs)
    .where(eq(programs.id, id))
    .for('update');
  return row;
}

export async function facilitatorsOf(db: DbOrTx, programIds: string[]): Promise<FacilitatorRow[]> {
  if (programIds.length === 0) return [];
  return db
    .select()
    .from(programFacilitators)
    .where(inArray(programFacilitators.program_id, programIds))
    .orderBy(asc(programFacilitators.program_id), asc(programFacilitators.seq));
}

export type ProgramValues = Omit<
  typeof programs.$inferInsert,
  'id' | 'created_at' | 'updated_at' | 'end_test_at'
>;

export async function insertProgram(db: DbOrTx, values: ProgramValues) {
  const [row] = await db.insert(programs).values(values).returning({ id: programs.id });
  return row!.id;
}

export async function updateProgram(db: DbOrTx, id: string, values: Partial<ProgramValues>) {
  await db
    .update(programs)
    .set({ ...values, updated_at: new Date() })
    .where(eq(programs.id, id));
}

export async function setProgramStatus(db: DbOrTx, id: string, status: ProgramStatus) {
  await db.update(programs).set({ status, updated_at: new Date() }).where(eq(programs.id, id));
}

/** Deletes the program; topics, activities, facilitators and redemptions go with it (FK cascade). */
export async function deleteProgram(db: DbOrTx, id: string) {
  const rows = await db.delete(programs).where(eq(programs.id, id)).returning({ id: programs.id });
  return rows.length > 0;
}

export type FacilitatorValues = Omit<
  typeof programFacilitators.$inferInsert,
  'id' | 'created_at' | 'updated_at'
>;

export async function facilitatorIdsOf(db: DbOrTx, programId: string) {
  const rows = await db
    .select({ id: programFacilitators.id })
    .from(programFacilitators)
    .where(eq(programFacilitators.program_id, programId));
  return rows.map((r) => r.id);
}

export async function insertFacilitators(db: DbOrTx, values: FacilitatorValues[]) {
  if (values.length === 0) return;
  await db.insert(programFacilitators).values(values);
}

export async function updateFacilitator(db: DbOrTx, id: string, values: FacilitatorValues) {
  await db
    .update(programFacilitators)
    .set({ ...values, updated_at: new Date() })
    .where(eq(programFacilitators.id, id));
}

/** Removes the program's facilitators whose ids are not kept. */
export async function deleteFacilitatorsExcept(db: DbOrTx, programId: string, keep: string[]) {
  await db
    .delete(programFacilitators)
    .where(
      and(
        eq(programFacilitators.program_id, programId),
        keep.length > 0 ? notInArray(programFacilitators.id, keep) : undefined,
      ),
    );
}

/** Which of these ids are active trainer accounts. */
export async function activeTrainerIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'trainer'), eq(users.is_active, true)));
  return new Set(rows.map((r) => r.id));
}

export async function studyExists(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: studies.id }).from(studies).where(eq(studies.id, id));
  return row !== undefined;
}
