import { randomInt } from 'node:crypto';
import type { Paged } from '@ajar/shared/common/envelope';
import {
  giftValues,
  resellerMessages,
  resellerStatuses,
  type GiftValue,
  type ResellerStatus,
} from '@ajar/shared/resellers/resellers.constants';
import type {
  RedeemMetaBody,
  Reseller,
  ResellerCreateBodyParsed,
  ResellerListQueryParsed,
  ResellerUpdateBodyParsed,
  ResellerUser,
  ResellerUserListQueryParsed,
} from '@ajar/shared/resellers/resellers.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/tokens';
import { recordAuditEvent } from '../records/audit-trail.service';
import * as repo from './resellers.repository';

/** No look-alike characters (0/O, 1/I/L), so a code read out over the phone is typed right. */
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const maxCodeRounds = 8;

/**
 * A readable referral code: up to four letters of the name, then four random characters
 * (`BUDI7K3P`). Uniqueness is the database's unique index; a clash draws again.
 */
export function newReferralCode(fullname: string): string {
  const letters = fullname
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 4);
  const prefix = letters.length >= 2 ? letters : 'RSL';
  const tail = Array.from({ length: 4 }, () => codeAlphabet[randomInt(codeAlphabet.length)]);
  return `${prefix}${tail.join('')}`;
}

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function toReseller(row: repo.ResellerRow): Reseller {
  return {
    id: row.id,
    fullname: row.fullname,
    phone: row.phone,
    email: row.email,
    status: pick<ResellerStatus>(resellerStatuses, row.status, 'active'),
    meta: {
      gift: pick<GiftValue>(giftValues, row.meta.gift, 'false'),
      domicile: text(row.meta.domicile),
      whatsapp_number: text(row.meta.whatsapp_number),
      commission_provider: text(row.meta.commission_provider),
    },
    referral: { code: row.referral_code, total_user: Number(row.total_user) },
    created_at: row.created_at.toISOString(),
  };
}

function toResellerUser(row: repo.ResellerUserRow): ResellerUser {
  return {
    id: row.id,
    license: row.license,
    program: { id: row.program_id, title: row.program_title },
    member: { id: row.member_id, fullname: row.member_fullname, phone: row.member_phone },
    start_test_at: row.start_test_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    meta: { gift: pick<GiftValue>(giftValues, row.meta.gift, 'false') },
  };
}

const emailTaken = () => AppError.validation({ email: resellerMessages.emailTaken });

/** `GET /api/reseller/v1/list`: resellers with their redeem counts; limit=-1 gives all. */
export async function listResellers(
  db: Db,
  query: ResellerListQueryParsed,
): Promise<Paged<Reseller>> {
  const { rows, total } = await repo.listResellers(db, query);
  return { list: rows.map(toReseller), page: query.page, limit: query.limit, total };
}

/** `GET /api/reseller/v1/detail/{id}`. */
export async function getReseller(db: Db, id: string): Promise<Reseller> {
  const row = await repo.findReseller(db, id);
  if (!row) throw AppError.notFound(resellerMessages.notFound);
  return toReseller(row);
}

/**
 * `POST /api/reseller/v1/create`: the password is stored hashed, the referral code generated.
 * A taken e-mail answers its field message; a referral code clash draws a new code.
 */
export async function createReseller(
  db: Db,
  body: ResellerCreateBodyParsed,
  drawCode: (fullname: string) => string = newReferralCode,
): Promise<Reseller> {
  if (await repo.emailTaken(db, body.email)) throw emailTaken();
  refuseCommonPassword(body.password, 'password');
  const passwordHash = await hashPassword(body.password);
  for (let round = 0; round < maxCodeRounds; round += 1) {
    const created = await repo.insertReseller(db, {
      fullname: body.fullname,
      phone: body.phone,
      email: body.email,
      password_hash: passwordHash,
      status: body.status,
      meta: { ...body.meta },
      referral_code: drawCode(body.fullname),
    });
    if (created) return getReseller(db, created.id);
    // The insert hit a unique key: the e-mail (taken meanwhile) or the drawn code.
    if (await repo.emailTaken(db, body.email)) throw emailTaken();
  }
  throw new Error('could not draw a unique referral code');
}

/**
 * `PUT /api/reseller/v1/update/{id}`: name, phone, status and meta. The e-mail is read-only: a
 * different one is refused on its field. A missing gift keeps the stored flag.
 */
export async function updateReseller(
  db: Db,
  id: string,
  body: ResellerUpdateBodyParsed,
): Promise<Reseller> {
  const current = await repo.findReseller(db, id);
  if (!current) throw AppError.notFound(resellerMessages.notFound);
  if (body.email !== undefined && body.email !== current.email.toLowerCase()) {
    throw AppError.validation({ email: resellerMessages.emailReadOnly });
  }
  const { gift, ...meta } = body.meta;
  await repo.updateReseller(db, id, {
    fullname: body.fullname,
    phone: body.phone,
    status: body.status,
    meta: {
      ...current.meta,
      ...meta,
      gift: gift ?? pick<GiftValue>(giftValues, current.meta.gift, 'false'),
    },
  });
  return getReseller(db, id);
}

/** The reseller of a referral code (any case), or 404. */
export async function resellerByCode(db: Db, code: string) {
  const row = await repo.findByCode(db, code.trim());
  if (!row) throw AppError.notFound(resellerMessages.notFound);
  return row;
}

/** `GET /api/reseller/v1/list-user`: the redeems made with a referral code. */
export async function listResellerUsers(
  db: Db,
  query: ResellerUserListQueryParsed,
): Promise<Paged<ResellerUser>> {
  const reseller = await resellerByCode(db, query.reseller_code);
  const { rows, total } = await repo.listResellerUsers(db, {
    resellerId: reseller.id,
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    limit: query.limit,
  });
  return { list: rows.map(toResellerUser), page: query.page, limit: query.limit, total };
}

/**
 * `PUT /api/users/v1/company/update_redeem_meta`: sets the gift flag of a redeem made through a
 * reseller (the only allowed field). Other meta keys stay.
 */
export async function updateRedeemMeta(db: Db, actor: { id: string }, body: RedeemMetaBody) {
  const redeem = await repo.findRedeem(db, body.member_redeem_id);
  if (!redeem) throw AppError.notFound(resellerMessages.redeemNotFound);
  if (!redeem.reseller_id) throw AppError.badRequest(resellerMessages.redeemWithoutReseller);
  const row = await db.transaction(async (tx) => {
    const updated = await repo.setRedeemMeta(tx, redeem.id, body.field, body.value);
    if (updated) {
      await recordAuditEvent(tx, {
        actorUserId: actor.id,
        action: 'redeem.gift_changed',
        subjectType: 'redeem',
        subjectId: redeem.id,
        before: { [body.field]: redeem.meta[body.field] ?? null },
        after: { [body.field]: body.value },
      });
    }
    return updated;
  });
  if (!row) throw AppError.notFound(resellerMessages.redeemNotFound);
  return { id: row.id, meta: { gift: pick<GiftValue>(giftValues, row.meta.gift, 'false') } };
}
