import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucherCodePattern } from '@ajar/shared/vouchers/vouchers.constants';
import { downloads } from '../../db/schema';
import {
  buildReseller,
  joinProgram,
  registerMember,
  redeemVoucher,
} from '../../test/factories/members';
import { buildProgram } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

describe('voucher API (staff)', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: { user: { id: string }; headers: Headers };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = await signedIn(t.db, 'trainer');
  });
  afterAll(() => t.close());

  const base = (programId: string) => `/api/program/v1/company/voucher/${programId}`;
  const generate = (programId: string, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url: `${base(programId)}/generate`, headers, payload });
  const get = (url: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url, headers });

  it('generates unique readable codes for a program, optionally for a reseller', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const reseller = await buildReseller(t.db);
    const res = await generate(program.id, { count: 25, reseller_id: reseller.id });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe('25 kode voucher berhasil dibuat');
    expect(data).toMatchObject({ count: 25, redeemed: 0, reseller: { id: reseller.id } });
    expect(data.codes).toHaveLength(25);
    expect(new Set(data.codes).size).toBe(25);
    for (const code of data.codes) expect(code).toMatch(voucherCodePattern);

    // A redeemed code carries the batch's reseller.
    const member = await registerMember(t.app);
    const redeem = await redeemVoucher(t.app, member, { license: data.codes[0] });
    expect(redeem.reseller?.id).toBe(reseller.id);
  });

  it('validates the count and the reseller', async () => {
    const program = await buildProgram(t.db);
    for (const count of [0, 1001, 'abc']) {
      const res = await generate(program.id, { count });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation.count).toBeTruthy();
    }
    const res = await generate(program.id, {
      count: 1,
      reseller_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.json().validation).toEqual({ reseller_id: 'Reseller tidak ditemukan' });
    const missing = await generate('00000000-0000-4000-8000-000000000000', { count: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it('lists batches and codes with paging and the redeemed filter', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const first = (await generate(program.id, { count: 3 })).json().data;
    const second = (await generate(program.id, { count: 4 })).json().data;
    const member = await registerMember(t.app);
    await redeemVoucher(t.app, member, { license: first.codes[1] });

    const batches = (await get(`${base(program.id)}/batches`)).json().data;
    expect(batches.total).toBe(2);
    expect(batches.list.map((b: { id: string; redeemed: number }) => [b.id, b.redeemed])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);

    const all = (await get(`${base(program.id)}/list?limit=5&page=2`)).json().data;
    expect(all).toMatchObject({ total: 7, page: 2, limit: 5 });
    expect(all.list).toHaveLength(2);

    const used = (await get(`${base(program.id)}/list?status=redeemed`)).json().data;
    expect(used.total).toBe(1);
    expect(used.list[0]).toMatchObject({
      code: first.codes[1],
      status: 'redeemed',
      member: { id: member.id, email: member.email },
    });
    const free = (
      await get(`${base(program.id)}/list?status=available&batch_id=${first.id}`)
    ).json().data;
    expect(free.total).toBe(2);
    const search = (
      await get(`${base(program.id)}/list?q=${first.codes[2].slice(4, 9).toLowerCase()}`)
    ).json().data;
    expect(search.list.map((v: { code: string }) => v.code)).toContain(first.codes[2]);
  });

  it('exports the codes as .xlsx behind a short-lived link', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const batch = (await generate(program.id, { count: 3 })).json().data;
    const { member } = await joinProgram(t.app, program.id);
    const res = await get(`${base(program.id)}/export?status=all`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully export data');
    const url: string = res.json().data.public_url;
    expect(url).toMatch(/^\/api\/download\/[A-Za-z0-9_-]{43}$/);

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="voucher-/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['Kode Voucher', 'Status', 'Nama Peserta']),
    );
    const codes: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(1).value));
    });
    expect(codes).toHaveLength(4);
    expect(codes).toEqual(expect.arrayContaining(batch.codes));
    const usedRow = sheet.getRows(2, 4)!.find((r) => r.getCell(5).value === 'Sudah digunakan');
    expect(usedRow?.getCell(7).value).toBe(member.fullname);
    // Dates are real dates, as in the other exports.
    expect(usedRow?.getCell(2).value).toBeInstanceOf(Date);
    expect(usedRow?.getCell(6).value).toBeInstanceOf(Date);

    // Nothing matches: a clear message instead of an empty file.
    const fresh = await buildProgram(t.db, { status: 'publish' });
    const none = await get(`${base(fresh.id)}/export?status=all`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(
      'Tidak ada data untuk diekspor. Ubah pilihan atau filter, lalu coba lagi.',
    );

    // After 15 minutes the link is gone.
    await t.db.update(downloads).set({ expires_at: sql`now() - interval '1 second'` });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/download/not-a-token!' })).statusCode,
    ).toBe(404);
  });

  it('exports every code once past a page, though a whole batch shares one timestamp', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    // One page is 1,000 codes: the full batch ends the first page, the next one starts after it.
    const full = (await generate(program.id, { count: 1000 })).json().data;
    const one = (await generate(program.id, { count: 1 })).json().data;
    const res = await get(`${base(program.id)}/export?status=all`);
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.public_url });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const codes: string[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(1).value));
    });
    expect(codes).toHaveLength(1001);
    expect(new Set(codes)).toEqual(new Set([...full.codes, ...one.codes]));
  });

  it('lets a trainer see and export only assigned programs; generating needs program.manage', async () => {
    const mine = await buildProgram(t.db, { status: 'publish', trainerIds: [trainer.user.id] });
    const other = await buildProgram(t.db, { status: 'publish' });
    await generate(mine.id, { count: 2 });
    await generate(other.id, { count: 2 });
    expect((await get(`${base(mine.id)}/list`, trainer.headers)).json().data.total).toBe(2);
    expect((await get(`${base(mine.id)}/batches`, trainer.headers)).statusCode).toBe(200);
    expect((await get(`${base(mine.id)}/export`, trainer.headers)).statusCode).toBe(200);
    expect((await get(`${base(other.id)}/list`, trainer.headers)).statusCode).toBe(404);
    expect((await get(`${base(other.id)}/export`, trainer.headers)).statusCode).toBe(404);
    expect((await get(`${base(other.id)}/batches`, trainer.headers)).statusCode).toBe(404);
    expect((await generate(mine.id, { count: 1 }, trainer.headers)).statusCode).toBe(403);
    const member = await registerMember(t.app);
    expect((await get(`${base(mine.id)}/list`, member.headers)).statusCode).toBe(401);
  });
});
