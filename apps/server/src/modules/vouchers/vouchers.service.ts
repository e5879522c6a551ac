import { randomInt } from 'node:crypto';
import type { Paged } from '@ajar/shared/common/envelope';
import {
  voucherCodeAlphabet,
  voucherCodePrefix,
  voucherMessages,
} from '@ajar/shared/vouchers/vouchers.constants';
import type {
  VoucherBatch,
  VoucherItem,
  VoucherListQuery,
} from '@ajar/shared/vouchers/vouchers.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { requireProgram, type Viewer } from '../access/access.service';
import * as repo from './vouchers.repository';

export interface VoucherDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'PUBLIC_URL'>;
}

/** A fresh code `AJR-XXXX-XXXX` (cryptographic random, no look-alike characters). */
export function newVoucherCode(): string {
  const part = () =>
    Array.from(
      { length: 4 },
      () => voucherCodeAlphabet[randomInt(voucherCodeAlphabet.length)],
    ).join('');
  return `${voucherCodePrefix}-${part()}-${part()}`;
}

function toBatch(row: repo.BatchRow): VoucherBatch {
  return {
    id: row.id,
    program_id: row.program_id,
    count: row.count,
    redeemed: Number(row.redeemed),
    reseller:
      row.reseller_id && row.reseller_fullname !== null && row.reseller_referral_code !== null
        ? {
            id: row.reseller_id,
            fullname: row.reseller_fullname,
            referral_code: row.reseller_referral_code,
          }
        : null,
    created_by:
      row.created_by_id && row.created_by_fullname !== null
        ? { id: row.created_by_id, fullname: row.created_by_fullname }
        : null,
    created_at: row.created_at.toISOString(),
  };
}

function toItem(row: repo.VoucherListRow): VoucherItem {
  return {
    id: row.id,
    code: row.code,
    batch_id: row.batch_id,
    status: row.redeemed_at ? 'redeemed' : 'available',
    reseller:
      row.reseller_id && row.reseller_fullname !== null && row.reseller_referral_code !== null
        ? {
            id: row.reseller_id,
            fullname: row.reseller_fullname,
            referral_code: row.reseller_referral_code,
          }
        : null,
    redeemed_at: row.redeemed_at?.toISOString() ?? null,
    member:
      row.member_id && row.member_fullname !== null && row.member_email !== null
        ? { id: row.member_id, fullname: row.member_fullname, email: row.member_email }
        : null,
    member_redeem_id: row.member_redeem_id,
    created_at: row.created_at.toISOString(),
  };
}

/** Collisions are astronomically rare at 32^8 codes; a few rounds always fill a batch. */
const maxGenerateRounds = 10;

/**
 * Issues `count` new codes for a program (optionally for a reseller) in one transaction: a batch
 * row and its codes, unique across all vouchers (a code already taken is drawn again).
 */
export async function generateVouchers(
  deps: Pick<VoucherDeps, 'db'>,
  actor: Viewer,
  programId: string,
  body: { count: number; reseller_id?: string | null },
) {
  const { db } = deps;
  await requireProgram(db, actor, programId);
  const resellerId = body.reseller_id ?? null;
  if (resellerId && !(await repo.resellerExists(db, resellerId))) {
    throw AppError.validation({ reseller_id: voucherMessages.resellerNotFound });
  }
  return db.transaction(async (tx) => {
    const batch = await repo.insertBatch(tx, {
      programId,
      resellerId,
      count: body.count,
      createdBy: actor.id,
    });
    const codes: string[] = [];
    for (let round = 0; codes.length < body.count; round += 1) {
      if (round >= maxGenerateRounds) throw new Error('could not draw unique voucher codes');
      const wanted = new Set<string>();
      while (wanted.size < body.count - codes.length) wanted.add(newVoucherCode());
      codes.push(...(await repo.insertCodes(tx, batch, [...wanted])));
    }
    const row = await repo.findBatch(tx, batch.id);
    return { ...toBatch(row!), codes };
  });
}

/** A program's batches, newest first (trainers: assigned programs only, else 404). */
export async function listVoucherBatches(
  db: Db,
  viewer: Viewer,
  programId: string,
  query: { page: number; limit: number },
): Promise<Paged<VoucherBatch>> {
  await requireProgram(db, viewer, programId);
  const { rows, total } = await repo.listBatches(db, programId, query);
  return { list: rows.map(toBatch), page: query.page, limit: query.limit, total };
}

export async function assertBatchOfProgram(db: Db, programId: string, batchId: string | undefined) {
  if (!batchId) return;
  const batch = await repo.findBatch(db, batchId);
  if (!batch || batch.program_id !== programId) {
    throw AppError.notFound(voucherMessages.batchNotFound);
  }
}

/** A program's codes with paging, by batch and status (redeemed or not) and code search. */
export async function listVouchers(
  db: Db,
  viewer: Viewer,
  programId: string,
  query: VoucherListQuery,
): Promise<Paged<VoucherItem>> {
  await requireProgram(db, viewer, programId);
  await assertBatchOfProgram(db, programId, query.batch_id);
  const { rows, total } = await repo.listVouchers(
    db,
    { programId, batchId: query.batch_id, status: query.status, q: query.q },
    query,
  );
  return { list: rows.map(toItem), page: query.page, limit: query.limit, total };
}
