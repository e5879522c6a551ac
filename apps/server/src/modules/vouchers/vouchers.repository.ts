import { and, asc, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  memberRedeems,
  members,
  resellers,
  users,
  voucherBatches,
  vouchers,
} from '../../db/schema';
import { countRows } from '../../lib/count-rows';
import { likePattern } from '../programs/programs.repository';

export type VoucherRow = typeof vouchers.$inferSelect;

export async function resellerExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: resellers.id }).from(resellers).where(eq(resellers.id, id));
  return Boolean(row);
}

export async function insertBatch(
  db: DbOrTx,
  values: { programId: string; resellerId: string | null; count: number; createdBy: string },
) {
  const [row] = await db
    .insert(voucherBatches)
    .values({
      program_id: values.programId,
      reseller_id: values.resellerId,
      count: values.count,
      created_by: values.createdBy,
    })
    .returning();
  return row!;
}

/** Inserts the codes that are still free; answers the codes inserted. */
export async function insertCodes(
  db: DbOrTx,
  batch: { id: string; program_id: string; reseller_id: string | null },
  codes: string[],
): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .insert(vouchers)
    .values(
      codes.map((code) => ({
        batch_id: batch.id,
        program_id: batch.program_id,
        reseller_id: batch.reseller_id,
        code,
      })),
    )
    .onConflictDoNothing()
    .returning({ code: vouchers.code });
  return rows.map((r) => r.code);
}

const redeemedCount = sql<number>`(
  select count(*) from ${vouchers} v
  where v.batch_id = ${voucherBatches.id} and v.redeemed_at is not null
)::int`.mapWith(Number);

const batchColumns = {
  id: voucherBatches.id,
  program_id: voucherBatches.program_id,
  count: voucherBatches.count,
  created_at: voucherBatches.created_at,
  redeemed: redeemedCount,
  reseller_id: resellers.id,
  reseller_fullname: resellers.fullname,
  reseller_referral_code: resellers.referral_code,
  created_by_id: users.id,
  created_by_fullname: users.fullname,
};

export type BatchRow = {
  id: string;
  program_id: string;
  count: number;
  created_at: Date;
  redeemed: number;
  reseller_id: string | null;
  reseller_fullname: string | null;
  reseller_referral_code: string | null;
  created_by_id: string | null;
  created_by_fullname: string | null;
};

function batchQuery(db: DbOrTx) {
  return db
    .select(batchColumns)
    .from(voucherBatches)
    .leftJoin(resellers, eq(resellers.id, voucherBatches.reseller_id))
    .leftJoin(users, eq(users.id, voucherBatches.created_by));
}

export async function findBatch(db: DbOrTx, id: string): Promise<BatchRow | null> {
  const [row] = await batchQuery(db).where(eq(voucherBatches.id, id)).limit(1);
  return row ?? null;
}

/** A program's batches, newest first. */
export async function listBatches(
  db: DbOrTx,
  programId: string,
  page: { page: number; limit: number },
): Promise<{ rows: BatchRow[]; total: number }> {
  const where = eq(voucherBatches.program_id, programId);
  let query = batchQuery(db)
    .where(where)
    .orderBy(desc(voucherBatches.created_at), desc(voucherBatches.id))
    .$dynamic();
  query = query.limit(page.limit).offset((page.page - 1) * page.limit);
  const [rows, [total]] = await Promise.all([
    query,
    db.select({ n: count() }).from(voucherBatches).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface VoucherFilter {
  programId: string;
  batchId?: string;
  status: 'all' | 'redeemed' | 'available';
  q?: string;
}

function voucherWhere(filter: VoucherFilter): SQL | undefined {
  return and(
    eq(vouchers.program_id, filter.programId),
    filter.batchId ? eq(vouchers.batch_id, filter.batchId) : undefined,
    filter.status === 'redeemed' ? isNotNull(vouchers.redeemed_at) : undefined,
    filter.status === 'available' ? isNull(vouchers.redeemed_at) : undefined,
    filter.q ? ilike(vouchers.code, likePattern(filter.q)) : undefined,
  );
}

const voucherColumns = {
  id: vouchers.id,
  code: vouchers.code,
  batch_id: vouchers.batch_id,
  redeemed_at: vouchers.redeemed_at,
  created_at: vouchers.created_at,
  cursor_at: sql<string>`${vouchers.created_at}::text`,
  member_redeem_id: vouchers.member_redeem_id,
  reseller_id: resellers.id,
  reseller_fullname: resellers.fullname,
  reseller_referral_code: resellers.referral_code,
  member_id: members.id,
  member_fullname: members.fullname,
  member_email: members.email,
};

export type VoucherListRow = {
  id: string;
  code: string;
  batch_id: string;
  redeemed_at: Date | null;
  created_at: Date;
  /**
   * `created_at` to the microsecond, for a keyset cursor: a JS Date keeps milliseconds, and the
   * codes of one batch share one timestamp.
   */
  cursor_at: string;
  member_redeem_id: string | null;
  reseller_id: string | null;
  reseller_fullname: string | null;
  reseller_referral_code: string | null;
  member_id: string | null;
  member_fullname: string | null;
  member_email: string | null;
};

function voucherQuery(db: DbOrTx) {
  return db
    .select(voucherColumns)
    .from(vouchers)
    .leftJoin(resellers, eq(resellers.id, vouchers.reseller_id))
    .leftJoin(memberRedeems, eq(memberRedeems.id, vouchers.member_redeem_id))
    .leftJoin(members, eq(members.id, memberRedeems.member_id));
}

/** One page of a program's codes, newest batch first, then by code. */
export async function listVouchers(
  db: DbOrTx,
  filter: VoucherFilter,
  page: { page: number; limit: number },
): Promise<{ rows: VoucherListRow[]; total: number }> {
  const where = voucherWhere(filter);
  let query = voucherQuery(db)
    .where(where)
    .orderBy(desc(vouchers.created_at), asc(vouchers.code))
    .$dynamic();
  query = query.limit(page.limit).offset((page.page - 1) * page.limit);
  const [rows, [total]] = await Promise.all([
    query,
    db.select({ n: count() }).from(vouchers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The filter's codes, counted; with `atMost`, counting stops there. */
export function countVouchers(db: DbOrTx, filter: VoucherFilter, atMost?: number) {
  return countRows(
    db,
    db.select({ id: vouchers.id }).from(vouchers).where(voucherWhere(filter)).$dynamic(),
    atMost,
  );
}

/**
 * The next `size` codes after `after` in (created_at, id) order: the export reads keyset pages so
 * it never holds the whole list. A page is one range of `vouchers_program_idx`; its codes' members
 * are found by primary key. Without statistics (PGlite has no autovacuum) the planner would rather
 * sort every remaining code, or hash every redemption, for each page: as in the participants'
 * export (`exports.repository.ts`) those plans are off for the page's query.
 */
export async function voucherPageAfter(
  db: DbOrTx,
  filter: VoucherFilter,
  after: { cursor_at: string; id: string } | null,
  size: number,
): Promise<VoucherListRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true),
      set_config('enable_sort', 'off', true), set_config('jit', 'off', true),
      set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`);
    return voucherPage(tx, filter, after, size);
  });
}

function voucherPage(
  db: DbOrTx,
  filter: VoucherFilter,
  after: { cursor_at: string; id: string } | null,
  size: number,
): Promise<VoucherListRow[]> {
  return voucherQuery(db)
    .where(
      and(
        voucherWhere(filter),
        after
          ? sql`(${vouchers.created_at}, ${vouchers.id}) > (${after.cursor_at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(vouchers.created_at), asc(vouchers.id))
    .limit(size);
}

// Redeem ----------------------------------------------------------------------------------------

/** The voucher of a code with its program's status, locked for the rest of the transaction. */
export async function lockVoucherByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code)).for('update');
  return row ?? null;
}

/**
 * Claims a free voucher: only one caller ever gets the row back, whatever runs at the same time
 * (the update re-checks `redeemed_at is null` after any concurrent claim commits).
 */
export async function claimVoucher(
  db: DbOrTx,
  voucherId: string,
  memberRedeemId: string,
): Promise<boolean> {
  const rows = await db
    .update(vouchers)
    .set({ redeemed_at: new Date(), member_redeem_id: memberRedeemId, updated_at: new Date() })
    .where(and(eq(vouchers.id, voucherId), isNull(vouchers.redeemed_at)))
    .returning({ id: vouchers.id });
  return rows.length > 0;
}
