import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resellerUserExportHeaders } from '@ajar/shared/resellers/resellers.constants';
import { exportMessages } from '@ajar/shared/exports/exports.constants';
import { resellerCreateBodySchema, type Reseller } from '@ajar/shared/resellers/resellers.schemas';
import { resellers } from '../../db/schema';
import { verifyPassword } from '../../lib/tokens';
import { downloadSheet, type SheetValue } from '../../test/factories/exports';
import { buildReseller, joinProgram, registerMember } from '../../test/factories/members';
import { buildProgram } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createReseller, newReferralCode } from './resellers.service';

type Headers = { authorization: string };

let counter = 0;
function resellerBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    fullname: `Budi Santoso ${counter}`,
    phone: '081234567890',
    email: `Budi.${counter}.${Date.now()}@Contoh.id`,
    password: 'Rahasia123',
    status: 'active',
    meta: {
      gift: 'false',
      domicile: 'Bandung',
      whatsapp_number: '6281234567890',
      commission_provider: 'Bank BCA',
    },
    ...overrides,
  };
}

/** Any reply text containing a password or its hash fails the test. */
function expectNoPassword(body: string) {
  expect(body).not.toMatch(/password/i);
  expect(body).not.toContain('scrypt$');
}

describe('resellers API', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = (await signedIn(t.db, 'trainer')).headers;
  });
  afterAll(() => t.close());

  const create = (body: unknown, headers: Headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reseller/v1/create',
      headers,
      payload: body as object,
    });

  async function created(overrides: Record<string, unknown> = {}): Promise<Reseller> {
    const res = await create(resellerBody(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Reseller }>().data;
  }

  const get = (url: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url, headers });

  it('refuses a common password for a reseller account', async () => {
    const res = await create(resellerBody({ password: 'Password1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({
      password:
        'Password ini terlalu umum dan mudah ditebak. Gunakan password lain, misalnya gabungan beberapa kata dan angka',
    });
  });

  it('creates a reseller: hashed password, generated code, defaults, no password in the reply', async () => {
    const body = resellerBody({
      status: undefined,
      meta: { ...resellerBody().meta, gift: undefined },
    });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Successfully added data reseller');
    expectNoPassword(res.body);
    const reseller = res.json<{ data: Reseller }>().data;
    expect(reseller).toMatchObject({
      fullname: body.fullname,
      email: body.email.toLowerCase(),
      phone: '081234567890',
      status: 'active',
      meta: {
        gift: 'false',
        domicile: 'Bandung',
        whatsapp_number: '6281234567890',
        commission_provider: 'Bank BCA',
      },
      referral: { total_user: 0 },
    });
    expect(reseller.referral.code).toMatch(/^BUDI[A-HJ-NP-Z2-9]{4}$/);
    const [row] = await t.db.select().from(resellers).where(eq(resellers.id, reseller.id));
    expect(row!.password_hash).not.toContain('Rahasia123');
    expect(await verifyPassword('Rahasia123', row!.password_hash)).toBe(true);

    const detail = await get(`/api/reseller/v1/detail/${reseller.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual(reseller);
    expectNoPassword(detail.body);
  });

  it('answers the messages of spec 01 §5 for an empty form', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'error validation',
      validation: {
        fullname: 'Nama Lengkap tidak boleh kosong',
        phone: 'No Handphone tidak boleh kosong',
        email: 'E-mail tidak boleh kosong',
        password: 'Password tidak boleh kosong',
        'meta.domicile': 'Domisili tidak boleh kosong',
        'meta.whatsapp_number': 'No WA tidak boleh kosong',
        'meta.commission_provider': 'Provider Komisi tidak boleh kosong',
      },
    });
    const blank = await create(
      resellerBody({
        fullname: '  ',
        email: '',
        meta: { domicile: '', whatsapp_number: '', commission_provider: '' },
      }),
    );
    expect(blank.json().validation).toMatchObject({
      fullname: 'Nama Lengkap tidak boleh kosong',
      email: 'E-mail tidak boleh kosong',
      'meta.domicile': 'Domisili tidak boleh kosong',
    });
  });

  it('checks the e-mail, the WhatsApp number (62…), the phone, status and gift', async () => {
    const bad = await create(
      resellerBody({
        email: 'bukan-email',
        phone: '08-12',
        status: 'deleted',
        meta: { ...resellerBody().meta, whatsapp_number: '081234567890', gift: 'yes' },
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation).toEqual({
      email: 'E-mail tidak valid',
      phone: 'No Handphone harus terdiri dari 9 sampai 15 angka',
      status: 'Status harus active atau inactive',
      'meta.whatsapp_number': 'No WA harus diawali 62 dan terdiri dari 10 sampai 15 angka',
      'meta.gift': "Nilai harus 'true' atau 'false'",
    });
    const weak = await create(resellerBody({ password: 'abc' }));
    expect(weak.json().validation.password).toBe(
      'Password harus berada diantara 8 dan 128 karakter',
    );
  });

  it('refuses a second reseller with the same e-mail (any case)', async () => {
    const first = await created({ email: 'sama@contoh.id' });
    const again = await create(resellerBody({ email: 'SAMA@contoh.id' }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'error validation',
      validation: { email: 'E-mail sudah terdaftar sebagai reseller' },
    });
    expect(first.email).toBe('sama@contoh.id');
  });

  it('draws readable, unique referral codes', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 200; i += 1) codes.add(newReferralCode('Ani'));
    expect(codes.size).toBeGreaterThan(195);
    expect(newReferralCode('  ')).toMatch(/^RSL[A-Z2-9]{4}$/);

    // Every code of 'Zz' shares the prefix ZZ: fill many so a clash is likely, all still unique.
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        created({ fullname: 'Zz', email: `zz${i}.${Date.now()}@contoh.id` }),
      ),
    );
    const zz = made.map((r) => r.referral.code);
    expect(new Set(zz).size).toBe(zz.length);
  });

  it('draws again when the drawn referral code is taken', async () => {
    await buildReseller(t.db, { referral_code: 'TAKEN123' });
    const drawn = ['TAKEN123', 'TAKEN123', 'FRESH456'];
    const body = resellerCreateBodySchema.parse(resellerBody());
    const reseller = await createReseller(t.db, body, () => drawn.shift()!);
    expect(reseller.referral.code).toBe('FRESH456');
    expect(drawn).toEqual([]);
  });

  it('updates name, phone, status and meta; the e-mail is read-only', async () => {
    const r = await created();
    const body = {
      fullname: 'Budi Baru',
      phone: '6289999999999',
      email: r.email.toUpperCase(),
      status: 'active',
      meta: {
        domicile: 'Jakarta',
        whatsapp_number: '6281111111111',
        commission_provider: 'Bank BRI',
      },
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/reseller/v1/update/${r.id}`,
      headers: admin,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Successfully update data reseller');
    expectNoPassword(res.body);
    expect(res.json().data).toMatchObject({
      fullname: 'Budi Baru',
      phone: '6289999999999',
      email: r.email,
      meta: { gift: 'false', domicile: 'Jakarta', commission_provider: 'Bank BRI' },
      referral: { code: r.referral.code },
    });

    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/reseller/v1/update/${r.id}`,
      headers: admin,
      payload: { ...body, email: 'lain@contoh.id' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().validation).toEqual({ email: 'E-mail tidak dapat diubah' });

    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/reseller/v1/update/${r.id}`,
      headers: admin,
      payload: { ...body, fullname: '', meta: { ...body.meta, whatsapp_number: '0812345678' } },
    });
    expect(empty.json().validation).toEqual({
      fullname: 'Nama Lengkap tidak boleh kosong',
      'meta.whatsapp_number': 'No WA harus diawali 62 dan terdiri dari 10 sampai 15 angka',
    });

    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/reseller/v1/update/00000000-0000-4000-8000-000000000000',
      headers: admin,
      payload: body,
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await get('/api/reseller/v1/detail/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('counts redeems made through the member API with the referral code', async () => {
    const program = await buildProgram(t.db, { status: 'publish', title: 'Kelas Roti' });
    const other = await buildProgram(t.db, { status: 'publish', title: 'Kelas Kopi' });
    const r = await created({ fullname: 'Sari Hitung' });
    const quiet = await created({ fullname: 'Sari Sepi' });
    const member = await registerMember(t.app, { fullname: 'Dewi Lestari' });
    await joinProgram(t.app, program.id, { member, referral_code: r.referral.code.toLowerCase() });
    await joinProgram(t.app, other.id, { member, referral_code: r.referral.code });
    await joinProgram(t.app, program.id); // no referral: counted for nobody

    const detail = await get(`/api/reseller/v1/detail/${r.id}`);
    expect(detail.json().data.referral).toEqual({ code: r.referral.code, total_user: 2 });

    const list = await get('/api/reseller/v1/list?q=sari&sort=total_user&dir=desc&limit=10');
    expect(list.statusCode, list.body).toBe(200);
    expectNoPassword(list.body);
    const rows = list.json<{ data: { list: Reseller[]; total: number } }>().data;
    expect(rows.total).toBe(2);
    expect(rows.list.map((x) => [x.id, x.referral.total_user])).toEqual([
      [r.id, 2],
      [quiet.id, 0],
    ]);
    const asc = await get('/api/reseller/v1/list?q=sari&sort=total_user&dir=asc');
    expect(asc.json().data.list.map((x: Reseller) => x.id)).toEqual([quiet.id, r.id]);
  });

  it('lists with search over name, e-mail and code, sorting and paging; limit=-1 is all', async () => {
    const a = await created({ fullname: 'Paging Anton', email: `anton.${Date.now()}@paging.id` });
    const b = await created({ fullname: 'Paging Bima', email: `bima.${Date.now()}@paging.id` });
    const c = await created({ fullname: 'Paging Citra', email: `citra.${Date.now()}@paging.id` });
    const page1 = await get('/api/reseller/v1/list?q=paging&sort=fullname&dir=asc&limit=2&page=1');
    expect(page1.json().data).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(page1.json().data.list.map((x: Reseller) => x.id)).toEqual([a.id, b.id]);
    const page2 = await get('/api/reseller/v1/list?q=paging&sort=fullname&dir=asc&limit=2&page=2');
    expect(page2.json().data.list.map((x: Reseller) => x.id)).toEqual([c.id]);
    const byCode = await get(`/api/reseller/v1/list?q=${b.referral.code.toLowerCase()}`);
    expect(byCode.json().data.list.map((x: Reseller) => x.id)).toEqual([b.id]);
    const byMail = await get('/api/reseller/v1/list?q=citra.');
    expect(byMail.json().data.list.map((x: Reseller) => x.id)).toEqual([c.id]);
    const newest = await get('/api/reseller/v1/list?q=paging');
    expect(newest.json().data.list.map((x: Reseller) => x.id)).toEqual([c.id, b.id, a.id]);
    const all = await get('/api/reseller/v1/list?limit=-1');
    expect(all.json().data.list.length).toBe(all.json().data.total);
    expect(all.json().data.total).toBeGreaterThan(5);
    const defaults = await get('/api/reseller/v1/list');
    expect(defaults.json().data).toMatchObject({ page: 1, limit: 5 });
    expect(defaults.json().data.list).toHaveLength(5);

    const badSort = await get('/api/reseller/v1/list?sort=password_hash');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().validation).toEqual({ sort: 'sort tidak valid' });
    expect((await get('/api/reseller/v1/list?limit=0')).statusCode).toBe(400);
  });

  it("lists a reseller's users, toggles the gift flag, and searches", async () => {
    const program = await buildProgram(t.db, { status: 'publish', title: 'Kelas Batik' });
    const r = await created({ fullname: 'Rina Batik' });
    const m1 = await registerMember(t.app, { fullname: 'Agus Salim', phone: '6281200000001' });
    const m2 = await registerMember(t.app, { fullname: 'Putri Ayu', phone: '6281200000002' });
    const j1 = await joinProgram(t.app, program.id, { member: m1, referral_code: r.referral.code });
    const j2 = await joinProgram(t.app, program.id, { member: m2, referral_code: r.referral.code });

    const url = `/api/reseller/v1/list-user?reseller_code=${r.referral.code}`;
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 2, page: 1, limit: 5 });
    expect(data.list[0]).toEqual({
      id: j2.redeem.id,
      license: j2.voucher.code,
      program: { id: program.id, title: 'Kelas Batik' },
      member: { id: m2.id, fullname: 'Putri Ayu', phone: '6281200000002' },
      start_test_at: null,
      created_at: expect.any(String),
      meta: { gift: 'false' },
    });
    expect(data.list[1].id).toBe(j1.redeem.id);
    const searched = await get(`${url}&q=agus`);
    expect(searched.json().data.list.map((x: { id: string }) => x.id)).toEqual([j1.redeem.id]);
    const byPhone = await get(`${url}&q=6281200000002&sort=start_test_at&dir=asc`);
    expect(byPhone.json().data.total).toBe(1);

    const toggle = (value: unknown, id: string = j1.redeem.id, field: unknown = 'gift') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/v1/company/update_redeem_meta',
        headers: admin,
        payload: { member_redeem_id: id, field, value },
      });
    const on = await toggle('true');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      message: 'Successfully change status gift',
      data: { id: j1.redeem.id, meta: { gift: 'true' } },
    });
    const after = await get(`${url}&q=agus`);
    expect(after.json().data.list[0].meta.gift).toBe('true');
    expect((await toggle('false')).json().data.meta.gift).toBe('false');

    expect((await toggle('maybe')).json().validation).toEqual({
      value: "Nilai harus 'true' atau 'false'",
    });
    expect((await toggle('true', j1.redeem.id, 'progress')).json().validation).toEqual({
      field: 'Field yang dapat diubah hanya gift',
    });
    const missing = await toggle('true', '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const plain = await joinProgram(t.app, program.id);
    const noReseller = await toggle('true', plain.redeem.id);
    expect(noReseller.statusCode).toBe(400);
    expect(noReseller.json().message).toBe('Pengguna ini tidak terdaftar melalui reseller');

    const unknown = await get('/api/reseller/v1/list-user?reseller_code=TIDAKADA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Reseller tidak ditemukan');
    const noCode = await get('/api/reseller/v1/list-user');
    expect(noCode.json().validation).toEqual({ reseller_code: 'Kode Referral tidak boleh kosong' });
  });

  it('exports one reseller and several referral codes over a date range (data.data.public_url)', async () => {
    const program = await buildProgram(t.db, { status: 'publish', title: 'Kelas Ekspor' });
    const r1 = await created({ fullname: 'Eko Ekspor' });
    const r2 = await created({ fullname: 'Fani Ekspor' });
    const m1 = await registerMember(t.app, { fullname: 'Gita Satu', phone: '6281300000001' });
    const j1 = await joinProgram(t.app, program.id, {
      member: m1,
      referral_code: r1.referral.code,
    });
    const j2 = await joinProgram(t.app, program.id, { referral_code: r1.referral.code });
    const j3 = await joinProgram(t.app, program.id, { referral_code: r2.referral.code });
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/v1/company/update_redeem_meta',
      headers: admin,
      payload: { member_redeem_id: j1.redeem.id, field: 'gift', value: 'true' },
    });

    const one = await get(
      `/api/reseller/v1/export/list-user-reseller?reseller_code=${r1.referral.code}&limit=-1`,
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe('Successfully export data');
    const url = one.json().data.data.public_url as string;
    expect(url).toMatch(/\/api\/download\//);
    const { res, rows } = await downloadSheet(t.app, url);
    expect(res.headers['content-disposition']).toContain('pengguna-reseller-');
    expect(rows[0]).toEqual([...resellerUserExportHeaders]);
    expect(rows.slice(1).map((r) => r[1])).toEqual([j1.voucher.code, j2.voucher.code]);
    const first = rows[1]!;
    expect(first.slice(0, 6)).toEqual([
      1,
      j1.voucher.code,
      'Gita Satu',
      '6281300000001',
      m1.email,
      'Kelas Ekspor',
    ]);
    expect(first[6]).toBeInstanceOf(Date);
    expect(first.slice(7)).toEqual([null, 'Sudah', 'Eko Ekspor', r1.referral.code]);
    expect(rows[2]![8]).toBe('Belum');

    const post = (codes: unknown, query = 'limit=-1') =>
      t.app.inject({
        method: 'POST',
        url: `/api/reseller/v1/export/list-user-reseller?${query}`,
        headers: admin,
        payload: { referral_code: codes },
      });
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const both = await post(
      [r2.referral.code, r1.referral.code.toLowerCase()],
      `limit=-1&page=1&start_date=${today}&end_date=${today}`,
    );
    expect(both.statusCode, both.body).toBe(200);
    const sheet = (await downloadSheet(t.app, both.json().data.data.public_url)).rows;
    const licenses = (s: SheetValue[][]) => s.slice(1).map((r) => r[1]);
    expect(licenses(sheet)).toEqual([j3.voucher.code, j1.voucher.code, j2.voucher.code]);
    expect(sheet.slice(1).map((r) => r[0])).toEqual([1, 2, 3]);

    const paged = await post([r2.referral.code, r1.referral.code], 'limit=1&page=2');
    const pagedRows = (await downloadSheet(t.app, paged.json().data.data.public_url)).rows;
    expect(licenses(pagedRows)).toEqual([j1.voucher.code]);

    // No row in the range: no empty file, a clear message.
    const past = await post([r1.referral.code], 'start_date=2001-01-01&end_date=2001-01-31');
    expect(past.statusCode).toBe(404);
    expect(past.json().message).toBe(exportMessages.empty);

    const unknown = await post(['NOPE9999']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().validation).toEqual({
      referral_code: 'Kode referral NOPE9999 tidak ditemukan',
    });
    const none = await post([]);
    expect(none.json().validation).toEqual({ referral_code: 'Pilih minimal satu reseller' });
    const early = await post([r1.referral.code], 'start_date=1949-12-31');
    expect(early.json().validation).toEqual({
      start_date: 'Tanggal Mulai tidak boleh sebelum 01-01-1950',
    });
    const missing = await get('/api/reseller/v1/export/list-user-reseller?reseller_code=NOPE9999');
    expect(missing.statusCode).toBe(404);
  });

  it('refuses trainers (403) and guests (401) on every route', async () => {
    const r = await created();
    const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/reseller/v1/list' },
      { method: 'GET', url: `/api/reseller/v1/detail/${r.id}` },
      { method: 'POST', url: '/api/reseller/v1/create', payload: resellerBody() },
      { method: 'PUT', url: `/api/reseller/v1/update/${r.id}`, payload: resellerBody() },
      { method: 'GET', url: `/api/reseller/v1/list-user?reseller_code=${r.referral.code}` },
      {
        method: 'PUT',
        url: '/api/users/v1/company/update_redeem_meta',
        payload: { member_redeem_id: r.id, field: 'gift', value: 'true' },
      },
      {
        method: 'GET',
        url: `/api/reseller/v1/export/list-user-reseller?reseller_code=${r.referral.code}`,
      },
      {
        method: 'POST',
        url: '/api/reseller/v1/export/list-user-reseller',
        payload: { referral_code: [r.referral.code] },
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: trainer });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      const guest = await t.app.inject(call);
      expect(guest.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    const superadmin = (await signedIn(t.db, 'superadmin')).headers;
    expect((await get('/api/reseller/v1/list', superadmin)).statusCode).toBe(200);
  });
});
