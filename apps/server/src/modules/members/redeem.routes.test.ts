import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRedeems, vouchers } from '../../db/schema';
import {
  buildReseller,
  buildVoucher,
  joinProgram,
  postRedeem,
  registerMember,
} from '../../test/factories/members';
import { buildProgram } from '../../test/factories/programs';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('member redeem API', () => {
  let t: TestApp;
  let programId: string;

  beforeAll(async () => {
    t = await createTestApp();
    programId = (await buildProgram(t.db, { status: 'publish' })).id;
  });
  afterAll(() => t.close());

  it('redeems a voucher: creates the redemption, marks the voucher, answers the program', async () => {
    const voucher = await buildVoucher(t.db, programId);
    const member = await registerMember(t.app);
    const res = await postRedeem(t.app, member, {
      license: ` ${voucher.code.toLowerCase()} `,
      pmo_code: 'PMO12345',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Voucher berhasil digunakan');
    const data = res.json().data;
    expect(data).toMatchObject({
      license: voucher.code,
      pmo_code: 'PMO12345',
      program: { id: programId },
      reseller: null,
      results: { progress: 0, scores: { pre_test: { score: null }, list: [] } },
      start_test_at: null,
      end_test_at: null,
    });
    const [v] = await t.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(v!.member_redeem_id).toBe(data.id);
    expect(v!.redeemed_at).not.toBeNull();

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/program/list',
      headers: member.headers,
    });
    expect(list.json().data).toMatchObject({ total: 1, list: [{ id: data.id }] });
  });

  it('refuses an unknown code, a used code, and a missing redeem code', async () => {
    const member = await registerMember(t.app);
    const unknown = await postRedeem(t.app, member, { license: 'AJR-ZZZZ-ZZZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'Kode voucher tidak ditemukan',
      validation: { license: 'Kode voucher tidak ditemukan' },
    });

    const { voucher } = await joinProgram(t.app, programId);
    const used = await postRedeem(t.app, member, { license: voucher.code });
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe('Kode voucher sudah digunakan');

    const fresh = await buildVoucher(t.db, programId);
    const noPmo = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/redeem',
      headers: member.headers,
      payload: { license: fresh.code },
    });
    expect(noPmo.statusCode).toBe(400);
    expect(noPmo.json().validation).toEqual({ pmo_code: 'Kode redeem tidak boleh kosong' });
  });

  it('lets exactly one of two concurrent redeems of a code win', async () => {
    const voucher = await buildVoucher(t.db, programId);
    const [a, b] = await Promise.all([registerMember(t.app), registerMember(t.app)]);
    const results = await Promise.all([
      postRedeem(t.app, a!, { license: voucher.code }),
      postRedeem(t.app, b!, { license: voucher.code }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().message).toBe(
      'Kode voucher sudah digunakan',
    );
    const rows = await t.db
      .select()
      .from(memberRedeems)
      .where(eq(memberRedeems.license, voucher.code));
    expect(rows).toHaveLength(1);
  });

  it('refuses a redeem code (pmo_code) already used in the program, also under a race', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const other = await buildProgram(t.db, { status: 'publish' });
    const [first, second] = await Promise.all([registerMember(t.app), registerMember(t.app)]);
    const taken = await postRedeem(t.app, first!, {
      license: (await buildVoucher(t.db, program.id)).code,
      pmo_code: 'PMO-DUA-KALI',
    });
    expect(taken.statusCode).toBe(200);

    const voucher = await buildVoucher(t.db, program.id);
    const again = await postRedeem(t.app, second!, {
      license: voucher.code,
      pmo_code: 'pmo-dua-kali',
    });
    expect(again.statusCode).toBe(400);
    const refusal = 'Kode redeem sudah digunakan di program ini. Periksa kembali kode redeem Anda';
    expect(again.json()).toMatchObject({ message: refusal, validation: { pmo_code: refusal } });
    // The refused redeem did not use the voucher; the same code is fine in another program.
    const [v] = await t.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(v!.redeemed_at).toBeNull();
    const elsewhere = await postRedeem(t.app, second!, {
      license: (await buildVoucher(t.db, other.id)).code,
      pmo_code: 'PMO-DUA-KALI',
    });
    expect(elsewhere.statusCode).toBe(200);

    const [c, d] = await Promise.all([registerMember(t.app), registerMember(t.app)]);
    const [vc, vd] = await Promise.all([
      buildVoucher(t.db, program.id),
      buildVoucher(t.db, program.id),
    ]);
    const race = await Promise.all([
      postRedeem(t.app, c!, { license: vc.code, pmo_code: 'PMO-BALAPAN' }),
      postRedeem(t.app, d!, { license: vd.code, pmo_code: 'PMO-BALAPAN' }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(race.find((r) => r.statusCode === 400)!.json().message).toBe(refusal);
  });

  it('takes the reseller from a referral code, and refuses an unknown one clearly', async () => {
    const reseller = await buildReseller(t.db, { referral_code: 'JKTUJI01' });
    const voucher = await buildVoucher(t.db, programId);
    const member = await registerMember(t.app);
    const bad = await postRedeem(t.app, member, { license: voucher.code, referral_code: 'NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation).toEqual({ referral_code: 'Kode referral tidak ditemukan' });
    // The refused attempt did not use the voucher.
    const good = await postRedeem(t.app, member, {
      license: voucher.code,
      referral_code: 'jktuji01',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data.reseller).toMatchObject({ id: reseller.id, referral_code: 'JKTUJI01' });
  });

  it("keeps the voucher's own reseller over a referral code", async () => {
    const owner = await buildReseller(t.db);
    const other = await buildReseller(t.db);
    const voucher = await buildVoucher(t.db, programId, { resellerId: owner.id });
    const member = await registerMember(t.app);
    const res = await postRedeem(t.app, member, {
      license: voucher.code,
      referral_code: other.referral_code,
    });
    expect(res.json().data.reseller.id).toBe(owner.id);
  });

  it('refuses a voucher of an unpublished program, and a second voucher of a joined program', async () => {
    const draft = await buildProgram(t.db, { status: 'draft' });
    const voucher = await buildVoucher(t.db, draft.id);
    const member = await registerMember(t.app);
    const res = await postRedeem(t.app, member, { license: voucher.code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Program belum tersedia');

    const { member: joined } = await joinProgram(t.app, programId);
    const second = await buildVoucher(t.db, programId);
    const again = await postRedeem(t.app, joined, { license: second.code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Anda sudah terdaftar di program ini');
  });

  it('pauses redeeming after 10 wrong codes', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await postRedeem(t.app, member, { license: `AJR-AAAA-AA${i}A` })).statusCode).toBe(
        400,
      );
    }
    const voucher = await buildVoucher(t.db, programId);
    const locked = await postRedeem(t.app, member, { license: voucher.code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().validation.license).toMatch(/Terlalu banyak percobaan kode voucher/);
  });
});
