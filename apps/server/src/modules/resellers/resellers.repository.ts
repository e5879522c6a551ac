import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  ResellerSortField,
  ResellerUserSortField,
} from '@ajar/shared/resellers/resellers.constants';
import type { DbOrTx } from '../../db/client';
import { countRows } from '../../lib/count-rows';
import { memberRedeems, members, programs, resellers } from '../../db/schema';
import { likePattern } from '../programs/programs.repository';

/**
 * Redeems made with the reseller's code: one index-only count on `member_redeems_reseller_idx`.
 * Written with qualified names: Drizzle leaves columns unqualified in a one-table select, and an
 * unqualified `id` inside the subquery would read member_redeems.id.
 */
const totalUser =
  sql<number>`(select count(*) from member_redeems mr where mr.reseller_id = "resellers"."id")`
    .mapWith(Number)
    .as('total_user');

// The password hash is never selected for a reply.
const resellerColumns = {
  id: resellers.id,
  fullname: resellers.fullname,
  phone: resellers.phone,
  email: resellers.email,
  status: resellers.status,
  meta: resellers.meta,
  referral_code: resellers.referral_code,
  created_at: resellers.created_at,
};

export interface ResellerRow {
  id: string;
  fullname: string;
  phone: string;
  email: string;
  status: string;
  meta: Record<string, unknown>;
  referral_code: string;
  created_at: Date;
  total_user: number;
}

/** Referral codes compare without case (the member API upper-cases what members type). */
const codeIs = (code: string) => eq(sql`upper(${resellers.referral_code})`, code.toUpperCase());

export async function emailTaken(db: DbOrTx, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: resellers.id })
    .from(resellers)
    .where(
      and(
        eq(sql`lower(${resellers.email})`, email.toLowerCase()),
        exceptId ? ne(resellers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A new reseller; null when a unique key (e-mail or referral code) is already taken. */
export async function insertReseller(
  db: DbOrTx,
  values: {
    fullname: string;
    phone: string;
    email: string;
    password_hash: string;
    status: string;
    meta: Record<string, unknown>;
    referral_code: string;
  },
): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(resellers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: resellers.id });
  return row ?? null;
}

export async function findReseller(db: DbOrTx, id: string): Promise<ResellerRow | undefined> {
  const [row] = await db
    .select({ ...resellerColumns, total_user: totalUser })
    .from(resellers)
    .where(eq(resellers.id, id));
  return row;
}

/** Resellers by referral code (any case), with what an export names. */
export async function findByCodes(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: resellers.id, fullname: resellers.fullname, code: resellers.referral_code })
    .from(resellers)
    .where(
      inArray(
        sql`upper(${resellers.referral_code})`,
        codes.map((c) => c.toUpperCase()),
      ),
    );
}

export async function findByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ id: resellers.id, fullname: resellers.fullname, code: resellers.referral_code })
    .from(resellers)
    .where(codeIs(code))
    .limit(1);
  return row;
}

export async function updateReseller(
  db: DbOrTx,
  id: string,
  values: { fullname: string; phone: string; status: string; meta: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db
    .update(resellers)
    .set({ ...values, updated_at: new Date() })
    .where(eq(resellers.id, id))
    .returning({ id: resellers.id });
  return rows.length > 0;
}

export interface ResellerListFilter {
  q?: string;
  sort: ResellerSortField;
  dir: 'asc' | 'desc';
  page: number;
  /** -1 = all. */
  limit: number;
}

/** One page of resellers with their redeem counts, filtered, sorted and counted by SQL. */
export async function listResellers(db: DbOrTx, filter: ResellerListFilter) {
  const where = filter.q
    ? or(
        sql`lower(${resellers.fullname}) like ${likePattern(filter.q)}`,
        sql`lower(${resellers.email}) like ${likePattern(filter.q)}`,
        sql`lower(${resellers.referral_code}) like ${likePattern(filter.q)}`,
      )
    : undefined;
  const dir = filter.dir === 'asc' ? asc : desc;
  const key: SQL =
    filter.sort === 'fullname'
      ? sql`lower(${resellers.fullname})`
      : filter.sort === 'total_user'
        ? sql`total_user`
        : sql`${resellers.created_at}`;
  let query = db
    .select({ ...resellerColumns, total_user: totalUser })
    .from(resellers)
    .where(where)
    .orderBy(dir(key), dir(resellers.id))
    .$dynamic();
  if (filter.limit > 0) query = query.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  const [rows, [total]] = await Promise.all([
    query,
    db.select({ n: count() }).from(resellers).where(where),
  ]);
  return { rows: rows as ResellerRow[], total: Number(total?.n ?? 0) };
}

export interface ResellerUserRow {
  id: string;
  license: string;
  program_id: string;
  program_title: string;
  member_id: string;
  member_fullname: string;
  member_phone: string | null;
  start_test_at: Date | null;
  created_at: Date;
  meta: Record<string, unknown>;
}

const userColumns = {
  id: memberRedeems.id,
  license: memberRedeems.license,
  program_id: programs.id,
  program_title: programs.title,
  member_id: members.id,
  member_fullname: members.fullname,
  member_phone: members.phone,
  start_test_at: memberRedeems.start_test_at,
  created_at: memberRedeems.created_at,
  meta: memberRedeems.meta,
};

export interface ResellerUserFilter {
  resellerId: string;
  q?: string;
  sort: ResellerUserSortField;
  dir: 'asc' | 'desc';
  page: number;
  limit: number;
}

/**
 * One page of a reseller's redeems. Without a search the page's ids are picked from
 * `member_redeems` alone along `member_redeems_reseller_idx` (reseller_id, created_at); members
 * and programs are joined for the page's rows only. A search needs the member's name and phone.
 */
export async function listResellerUsers(db: DbOrTx, filter: ResellerUserFilter) {
  const dir = filter.dir === 'asc' ? asc : desc;
  const key =
    filter.sort === 'start_test_at'
      ? sql`${memberRedeems.start_test_at} ${sql.raw(filter.dir === 'asc' ? 'asc nulls first' : 'desc nulls last')}`
      : dir(memberRedeems.created_at);
  const order = [key, dir(memberRedeems.id)];
  const search = filter.q
    ? or(
        sql`lower(${memberRedeems.license}) like ${likePattern(filter.q)}`,
        sql`lower(${members.fullname}) like ${likePattern(filter.q)}`,
        sql`${members.phone} like ${likePattern(filter.q)}`,
      )
    : undefined;
  const where = and(eq(memberRedeems.reseller_id, filter.resellerId), search);
  const base = filter.q
    ? db
        .select({ id: memberRedeems.id })
        .from(memberRedeems)
        .innerJoin(members, eq(members.id, memberRedeems.member_id))
    : db.select({ id: memberRedeems.id }).from(memberRedeems);
  const pageIds = base
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .as('page_ids');
  const rows = await db
    .select(userColumns)
    .from(pageIds)
    .innerJoin(memberRedeems, eq(memberRedeems.id, pageIds.id))
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .innerJoin(programs, eq(programs.id, memberRedeems.program_id))
    .orderBy(...order);
  const counted = filter.q
    ? db
        .select({ n: count() })
        .from(memberRedeems)
        .innerJoin(members, eq(members.id, memberRedeems.member_id))
    : db.select({ n: count() }).from(memberRedeems);
  const [total] = await counted.where(where);
  return { rows: rows as ResellerUserRow[], total: Number(total?.n ?? 0) };
}

export async function findRedeem(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: memberRedeems.id,
      reseller_id: memberRedeems.reseller_id,
      meta: memberRedeems.meta,
    })
    .from(memberRedeems)
    .where(eq(memberRedeems.id, id));
  return row;
}

/** Sets one key of the redeem's meta, keeping the others. */
export async function setRedeemMeta(db: DbOrTx, id: string, field: string, value: string) {
  const [row] = await db
    .update(memberRedeems)
    .set({
      meta: sql`${memberRedeems.meta} || jsonb_build_object(${field}::text, ${value}::text)`,
      updated_at: new Date(),
    })
    .where(eq(memberRedeems.id, id))
    .returning({ id: memberRedeems.id, meta: memberRedeems.meta });
  return row;
}

/** Where an export's keyset walk stopped: created_at in full microseconds, and the id. */
export interface UserCursor {
  key: string;
  id: string;
}

export interface ResellerUserExportRow {
  id: string;
  license: string;
  fullname: string;
  phone: string | null;
  email: string;
  program_title: string;
  created_at: Date;
  start_test_at: Date | null;
  meta: Record<string, unknown>;
  sort_key: string;
}

/**
 * One keyset page of a reseller's redeems by redeem date (ascending), within `from`..`to`: one
 * short range scan of `member_redeems_reseller_idx` (reseller_id, created_at) per page. `offset`
 * skips rows once, on the first page of a paged export.
 */
export async function userExportPage(
  db: DbOrTx,
  input: {
    resellerId: string;
    from?: Date;
    to?: Date;
    cursor: UserCursor | null;
    offset: number;
    limit: number;
  },
): Promise<ResellerUserExportRow[]> {
  const { cursor } = input;
  const key = memberRedeems.created_at;
  const rows = await db
    .select({
      id: memberRedeems.id,
      license: memberRedeems.license,
      fullname: members.fullname,
      phone: members.phone,
      email: members.email,
      program_title: programs.title,
      created_at: memberRedeems.created_at,
      start_test_at: memberRedeems.start_test_at,
      meta: memberRedeems.meta,
      sort_key: sql<string>`to_char(${key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    })
    .from(memberRedeems)
    .innerJoin(members, eq(members.id, memberRedeems.member_id))
    .innerJoin(programs, eq(programs.id, memberRedeems.program_id))
    .where(
      and(
        userExportWhere({ resellerIds: [input.resellerId], from: input.from, to: input.to }),
        // The plain bound lets the index range start at the cursor; the row comparison breaks ties.
        cursor ? sql`${key} >= (${cursor.key}::timestamp at time zone 'UTC')` : undefined,
        cursor
          ? sql`(${key}, ${memberRedeems.id}) > ((${cursor.key}::timestamp at time zone 'UTC'), ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(key), asc(memberRedeems.id))
    .limit(input.limit)
    .offset(input.offset);
  return rows as ResellerUserExportRow[];
}

/** Redeems of a reseller within `from`..`to` (an index-only count). */
export function userExportCount(
  db: DbOrTx,
  resellerId: string,
  from?: Date,
  to?: Date,
): Promise<number> {
  return usersExportCount(db, { resellerIds: [resellerId], from, to });
}

/**
 * Redeems of the resellers within `from`..`to`: the rows an export of them holds. With
 * `atMost`, counting stops there (`count(*)` over a limited subquery).
 */
export async function usersExportCount(
  db: DbOrTx,
  input: { resellerIds: string[]; from?: Date; to?: Date },
  atMost?: number,
): Promise<number> {
  if (input.resellerIds.length === 0) return 0;
  const rows = db
    .select({ one: sql`1`.as('one') })
    .from(memberRedeems)
    .where(userExportWhere(input))
    .$dynamic();
  return countRows(db, rows, atMost);
}

/** The redeems of the resellers an export holds: by reseller and redeem date. */
function userExportWhere(input: { resellerIds: string[]; from?: Date; to?: Date }) {
  return and(
    inArray(memberRedeems.reseller_id, input.resellerIds),
    input.from ? gte(memberRedeems.created_at, input.from) : undefined,
    input.to ? lt(memberRedeems.created_at, input.to) : undefined,
  );
}
