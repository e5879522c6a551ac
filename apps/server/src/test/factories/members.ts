import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MemberLoginData, MyProgram } from '@ajar/shared/members/members.schemas';
import type { Db } from '../../db/client';
import {
  questionGroups,
  questionPackets,
  questions,
  quizSections,
  resellers,
  voucherBatches,
  vouchers,
} from '../../db/schema';
import { sharedPasswordHash } from '../../lib/tokens';
import { newVoucherCode } from '../../modules/vouchers/vouchers.service';
import { uniqueAddress } from './auth';
import { nextFactoryTime } from './clock';

/**
 * Participants made through the real member API (register → redeem), so tests of grading,
 * imports and exports get the same rows a learner would make. Exports here are kept stable for
 * other modules' tests.
 */

let phoneCounter = 0;

/** A batch of `count` issued voucher codes for the program (straight into the tables). */
export async function buildVouchers(
  db: Db,
  programId: string,
  options: { count?: number; resellerId?: string | null; createdBy?: string | null } = {},
) {
  const count = options.count ?? 1;
  const [batch] = await db
    .insert(voucherBatches)
    .values({
      program_id: programId,
      reseller_id: options.resellerId ?? null,
      count,
      created_by: options.createdBy ?? null,
    })
    .returning();
  return db
    .insert(vouchers)
    .values(
      Array.from({ length: count }, () => ({
        batch_id: batch!.id,
        program_id: programId,
        reseller_id: options.resellerId ?? null,
        code: newVoucherCode(),
      })),
    )
    .returning();
}

/** One issued voucher code for the program. */
export async function buildVoucher(
  db: Db,
  programId: string,
  options: { resellerId?: string | null } = {},
) {
  const [row] = await buildVouchers(db, programId, { count: 1, resellerId: options.resellerId });
  return row!;
}

/** An active reseller with a unique referral code. */
export async function buildReseller(
  db: Db,
  overrides: Partial<{ fullname: string; referral_code: string; status: string }> = {},
) {
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  const [row] = await db
    .insert(resellers)
    .values({
      fullname: overrides.fullname ?? `Mitra ${suffix}`,
      email: `mitra-${suffix.toLowerCase()}@contoh.id`,
      phone: '6281311119999',
      password_hash: await sharedPasswordHash('Rahasia123'),
      referral_code: overrides.referral_code ?? `REF${suffix}`,
      status: overrides.status ?? 'active',
    })
    .returning();
  return row!;
}

export interface TestMember {
  id: string;
  email: string;
  password: string;
  fullname: string;
  phone: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` of the member's session. */
  headers: { authorization: string };
}

/** Registers a member through `POST /api/member/v1/register` and keeps the session. */
export async function registerMember(
  app: FastifyInstance,
  overrides: Partial<{
    fullname: string;
    email: string;
    phone: string;
    password: string;
    date_of_birth: string;
  }> = {},
): Promise<TestMember> {
  phoneCounter += 1;
  const body = {
    fullname: overrides.fullname ?? 'Peserta Uji',
    email: overrides.email ?? `peserta-${randomUUID().slice(0, 8)}@contoh.id`,
    phone:
      overrides.phone ??
      `62812${String((process.pid % 1000) * 10000 + phoneCounter).padStart(8, '0')}`,
    password: overrides.password ?? 'Rahasia123',
    consent: true,
    ...(overrides.date_of_birth ? { date_of_birth: overrides.date_of_birth } : {}),
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/member/v1/register',
    payload: body,
    // Registrations are limited per address: each test member comes from its own.
    remoteAddress: uniqueAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const data = res.json<{ data: MemberLoginData }>().data;
  return {
    id: data.member.id,
    email: data.member.email,
    password: body.password,
    fullname: body.fullname,
    phone: body.phone,
    token: data.token,
    headers: { authorization: `Bearer ${data.token}` },
  };
}

/** `POST /api/member/v1/redeem` as the member; answers the raw reply (for refusal tests). */
export function postRedeem(
  app: FastifyInstance,
  member: Pick<TestMember, 'headers'>,
  body: { license: string; pmo_code?: string; referral_code?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/member/v1/redeem',
    headers: member.headers,
    payload: { pmo_code: `PMO${randomUUID().slice(0, 8).toUpperCase()}`, ...body },
  });
}

/** Redeems the code through the API; throws unless it succeeds. */
export async function redeemVoucher(
  app: FastifyInstance,
  member: Pick<TestMember, 'headers'>,
  body: { license: string; pmo_code?: string; referral_code?: string },
): Promise<MyProgram> {
  const res = await postRedeem(app, member, body);
  if (res.statusCode !== 200) throw new Error(`redeem failed: ${res.body}`);
  return res.json<{ data: MyProgram }>().data;
}

/**
 * A participant of a (published) program in one call: a voucher is issued, a member registered
 * (or the given one used) and the voucher redeemed. `redeem.id` is the member_redeem id.
 */
export async function joinProgram(
  app: FastifyInstance,
  programId: string,
  options: { member?: TestMember; resellerId?: string | null; referral_code?: string } = {},
) {
  const voucher = await buildVoucher(app.db, programId, { resellerId: options.resellerId });
  const member = options.member ?? (await registerMember(app));
  const redeem = await redeemVoucher(app, member, {
    license: voucher.code,
    ...(options.referral_code ? { referral_code: options.referral_code } : {}),
  });
  return { member, voucher, redeem };
}

/**
 * A question packet straight into the tables: sections (each its own group) with multiple
 * choice questions whose right answer is the option at `correct`.
 */
export async function buildQuizPacket(
  db: Db,
  activityId: string,
  sections: {
    name: string;
    min_score?: number;
    questions: {
      options?: string[];
      correct?: number;
      point?: number;
      type?: string;
      /** 'Pembahasan' HTML for a right and for a wrong answer. */
      explanation?: { correct: string; wrong: string };
    }[];
  }[],
) {
  const [packet] = await db
    .insert(questionPackets)
    .values({ activity_id: activityId, created_at: nextFactoryTime() })
    .returning();
  const questionIds: string[][] = [];
  for (const [i, s] of sections.entries()) {
    const [section] = await db
      .insert(quizSections)
      .values({
        activity_id: activityId,
        packet_id: packet!.id,
        name: s.name,
        min_score: s.min_score ?? 0,
        // Created one after another so the list order is the given order.
        created_at: new Date(Date.now() + i),
      })
      .returning();
    const [group] = await db
      .insert(questionGroups)
      .values({
        packet_id: packet!.id,
        section_id: section!.id,
        created_at: new Date(Date.now() + i),
      })
      .returning();
    const rows = await db
      .insert(questions)
      .values(
        s.questions.map((q, n) => {
          const options = q.options ?? ['A', 'B', 'C', 'D'];
          const type = q.type ?? 'multiple_choice';
          return {
            activity_id: activityId,
            group_id: group!.id,
            seq: n + 1,
            type,
            question: { text: `<p>Soal ${n + 1}</p>`, media: null },
            point: q.point ?? 5,
            options: options.map((text) => ({ text, media: null, point: 0 })),
            correct_answer: type === 'multiple_choice' ? [options[q.correct ?? 0]!] : [],
            explanation: q.explanation && {
              correct: { text: q.explanation.correct, media: null },
              wrong: { text: q.explanation.wrong, media: null },
            },
          };
        }),
      )
      .returning({ id: questions.id });
    questionIds.push(rows.map((r) => r.id));
  }
  return { packet: packet!, questionIds };
}
