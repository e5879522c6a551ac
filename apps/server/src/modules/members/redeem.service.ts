import type { Paged } from '@ajar/shared/common/envelope';
import { memberMessages } from '@ajar/shared/members/members.constants';
import {
  emptyScores,
  memberScoresSchema,
  type MemberScores,
  type MyProgram,
} from '@ajar/shared/members/members.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { beginAttempt, type ThrottlePolicy } from '../auth/attempt-counter.service';
import { claimVoucher, lockVoucherByCode } from '../vouchers/vouchers.repository';
import { statesOfRedeem, statesOfRedeems } from './activity-states.service';
import * as repo from './redeem.repository';

/** Who is redeeming: the signed-in member (only their id matters here). */
export interface MemberRef {
  id: string;
}

/** Wrong codes a member may type in a window before redeeming pauses (guessing codes). */
export const redeemPolicy: ThrottlePolicy = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 };

export function readScores(value: unknown): MemberScores {
  const parsed = memberScoresSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyScores;
}

export function toMyProgram(
  row: repo.MyProgramRow,
  next: MyProgram['next_activity'] = null,
): MyProgram {
  return {
    id: row.id,
    license: row.license,
    pmo_code: row.pmo_code,
    program: {
      id: row.program_id,
      title: row.program_title,
      type: row.program_type,
      cover: row.program_cover,
      is_prakerja: row.program_is_prakerja,
      competence: row.program_competence,
    },
    cover_url: row.program_cover,
    progress: row.progress,
    next_activity: next,
    reseller:
      row.reseller_id && row.reseller_fullname !== null && row.reseller_referral_code !== null
        ? {
            id: row.reseller_id,
            fullname: row.reseller_fullname,
            referral_code: row.reseller_referral_code,
          }
        : null,
    results: { progress: row.progress, scores: readScores(row.scores) },
    start_test_at: row.start_test_at?.toISOString() ?? null,
    end_test_at: row.end_test_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

const refuse = (field: 'license' | 'pmo_code' | 'referral_code', message: string) =>
  AppError.badRequest(message, { [field]: message });

/**
 * Redeems a voucher code for the member: the program comes from the voucher, the reseller from
 * the voucher (issued for them) or else from `referral_code`. One code redeems once, even under
 * concurrent requests: the voucher row is locked and claimed with a conditional update inside one
 * transaction. Every refusal is 400 with its field: unknown code 'Kode voucher tidak ditemukan',
 * used code 'Kode voucher sudah digunakan', program not published, program already joined,
 * unknown referral code, a redeem code (pmo_code) another redemption of the program already has
 * (the unique index decides, so two concurrent requests cannot both pass). Wrong codes are throttled per member (429).
 */
export async function redeemVoucher(
  db: Db,
  member: MemberRef,
  body: { license: string; pmo_code: string; referral_code?: string },
): Promise<MyProgram> {
  const attempt = await beginAttempt(
    db,
    [{ key: `redeem:${member.id}`, policy: redeemPolicy, message: memberMessages.tooManyRedeems }],
    'license',
  );
  try {
    const programId = await db.transaction(async (tx) => {
      await repo.lockMember(tx, member.id);
      const voucher = await lockVoucherByCode(tx, body.license.trim().toUpperCase());
      if (!voucher) throw refuse('license', memberMessages.voucherNotFound);
      if (voucher.redeemed_at) throw refuse('license', memberMessages.voucherUsed);
      if ((await repo.programStatus(tx, voucher.program_id)) !== 'publish') {
        throw refuse('license', memberMessages.programUnavailable);
      }
      if (await repo.memberHasProgram(tx, member.id, voucher.program_id)) {
        throw refuse('license', memberMessages.alreadyJoined);
      }
      let resellerId = voucher.reseller_id;
      if (body.referral_code) {
        const reseller = await repo.findActiveResellerByReferral(tx, body.referral_code);
        if (!reseller) throw refuse('referral_code', memberMessages.referralNotFound);
        resellerId ??= reseller.id;
      }
      const redeem = await repo.insertRedeem(tx, {
        memberId: member.id,
        programId: voucher.program_id,
        resellerId,
        license: voucher.code,
        pmoCode: body.pmo_code,
      });
      if (!redeem && (await repo.pmoCodeTaken(tx, voucher.program_id, body.pmo_code))) {
        throw refuse('pmo_code', memberMessages.pmoCodeUsed);
      }
      if (!redeem || !(await claimVoucher(tx, voucher.id, redeem.id))) {
        throw refuse('license', memberMessages.voucherUsed);
      }
      await attempt.succeed(tx);
      return voucher.program_id;
    });
    const row = (await repo.findMyRedeem(db, member.id, programId))!;
    return toMyProgram(row, (await statesOfRedeem(db, row.id)).next);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) await attempt.recordFailure();
    throw error;
  }
}

/** The member's programs (redemptions) with progress and scores, newest first. */
export async function listMyPrograms(
  db: Db,
  member: MemberRef,
  query: { page: number; limit: number },
): Promise<Paged<MyProgram>> {
  const { rows, total } = await repo.listMyRedeems(db, member.id, query);
  const states = await statesOfRedeems(
    db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => toMyProgram(r, states.get(r.id)?.next ?? null)),
    page: query.page,
    limit: query.limit,
    total,
  };
}

/**
 * The member's redemption of a program; 404 when the member has not redeemed it (every member
 * route of a program answers so, the same whether the program exists or not).
 */
export async function findMyProgram(db: Db, member: MemberRef, programId: string) {
  const row = await repo.findMyRedeem(db, member.id, programId);
  if (!row) throw AppError.notFound(memberMessages.programNotJoined);
  return row;
}
