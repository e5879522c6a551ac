import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages, importPaths } from '@ajar/shared/imports/imports.constants';
import type { ImportResultRow } from '@ajar/shared/imports/imports.schemas';
import { activityProgress } from '../../db/schema';
import { downloadSheet } from '../../test/factories/exports';
import { createTestApp, type TestApp } from '../../test/test-app';
import { authHeader, buildUser, signedIn } from '../../test/factories/users';
import {
  buildImportProgram,
  buildUnredeemedVoucher,
  feedbackOf,
  importUpload,
  xlsxOf,
} from '../../test/factories/imports';

const header = ['license', 'activity_number', 'score', 'feedback'];

describe('score import UK / TPM', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let fx: Awaited<ReturnType<typeof buildImportProgram>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db)).headers;
    fx = await buildImportProgram(t.db, { redeems: 3 });
  });
  afterAll(() => t.close());

  async function upload(
    kind: 'uk' | 'tpm',
    file: Buffer,
    headers = admin,
    filename = 'nilai.xlsx',
    type?: string,
  ) {
    const body = importUpload(file, filename, type);
    return t.app.inject({
      method: 'PUT',
      url: importPaths[kind],
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }

  function rowsOf(res: { json: () => unknown }) {
    return (res.json() as { data: ImportResultRow[] }).data;
  }

  it('writes good rows and gives every bad row its own message', async () => {
    const [a, b, c] = fx.redeems;
    const unredeemed = await buildUnredeemedVoucher(t.db, fx.program.id);
    const file = await xlsxOf([
      header,
      [a!.license, 3, 90, 'Sangat baik'],
      [b!.license, '3', '75', null],
      ['TIDAK-ADA', 3, 80, 'x'],
      [unredeemed, 3, 80, 'x'],
      [c!.license, 9, 80, 'x'],
      [c!.license, 2, 80, 'x'],
      [c!.license, 3, 101, 'x'],
      [c!.license, 3, 'delapan', 'x'],
      [c!.license, 3, 80, 'x'.repeat(251)],
      [a!.license, 3, 50, 'Baris ganda'],
      ['', 3, 80, 'x'],
      [c!.license, null, 80, 'x'],
      [c!.license, 3, null, 'x'],
    ]);
    const res = await upload('uk', file);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string };
    expect(body.message).toBe('11/13 data belum berhasil diimport.');
    expect(rowsOf(res)).toEqual([
      {
        row: 2,
        license: a!.license,
        activity_number: 3,
        status: true,
        message: 'Berhasil',
        warning: importMessages.notDone,
      },
      {
        row: 3,
        license: b!.license,
        activity_number: 3,
        status: true,
        message: 'Berhasil',
        warning: importMessages.notDone,
      },
      {
        row: 4,
        license: 'TIDAK-ADA',
        activity_number: 3,
        status: false,
        message: 'Kode voucher tidak ditemukan',
      },
      {
        row: 5,
        license: unredeemed,
        activity_number: 3,
        status: false,
        message: importMessages.notInProgram,
      },
      {
        row: 6,
        license: c!.license,
        activity_number: 9,
        status: false,
        message: 'Aktivitas nomor 9 tidak ada di program ini',
      },
      {
        row: 7,
        license: c!.license,
        activity_number: 2,
        status: false,
        message: 'Aktivitas nomor 2 bukan aktivitas Uji Keterampilan (UK)',
      },
      {
        row: 8,
        license: c!.license,
        activity_number: 3,
        status: false,
        message: 'Nilai harus berupa angka bulat 0 sampai 100',
      },
      {
        row: 9,
        license: c!.license,
        activity_number: 3,
        status: false,
        message: 'Nilai harus berupa angka bulat 0 sampai 100',
      },
      {
        row: 10,
        license: c!.license,
        activity_number: 3,
        status: false,
        message: 'Feedback harus kurang dari atau sama dengan 250 karakter.',
      },
      {
        row: 11,
        license: a!.license,
        activity_number: 3,
        status: false,
        message: 'Baris ganda: kode voucher dan nomor aktivitas sama dengan baris 2',
      },
      {
        row: 12,
        license: '',
        activity_number: 3,
        status: false,
        message: 'Kode voucher tidak boleh kosong',
      },
      {
        row: 13,
        license: c!.license,
        activity_number: null,
        status: false,
        message: 'Nomor aktivitas tidak boleh kosong',
      },
      {
        row: 14,
        license: c!.license,
        activity_number: 3,
        status: false,
        message: 'Nilai tidak boleh kosong',
      },
    ]);
    expect(await feedbackOf(t.db, a!.id, fx.activity.uk.id)).toMatchObject({
      score: 90,
      text: 'Sangat baik',
    });
    expect(await feedbackOf(t.db, b!.id, fx.activity.uk.id)).toMatchObject({
      score: 75,
      text: null,
    });
    expect(await feedbackOf(t.db, c!.id, fx.activity.uk.id)).toBeUndefined();
  });

  it('imports TPM scores onto the praktek_mandiri activity only', async () => {
    const [a] = fx.redeems;
    const file = await xlsxOf([header, [a!.license, 2, 66, 'Tugas rapi'], [a!.license, 3, 66, '']]);
    const res = await upload('tpm', file);
    expect(rowsOf(res).map((r) => [r.status, r.message])).toEqual([
      [true, 'Berhasil'],
      [false, 'Aktivitas nomor 3 bukan aktivitas Tugas Praktik Mandiri (TPM)'],
    ]);
    expect(await feedbackOf(t.db, a!.id, fx.activity.tpm.id)).toMatchObject({
      score: 66,
      text: 'Tugas rapi',
    });
  });

  it('leaves the same data when the same file is imported twice', async () => {
    const fresh = await buildImportProgram(t.db, { redeems: 2 });
    const [a, b] = fresh.redeems;
    const file = await xlsxOf([
      header,
      [a!.license, 3, 70, 'Pertama'],
      [b!.license, 3, 80, 'Kedua'],
    ]);
    const first = await upload('uk', file);
    expect((first.json() as { message: string }).message).toBe('Import nilai berhasil dilakukan');
    const before = [
      await feedbackOf(t.db, a!.id, fresh.activity.uk.id),
      await feedbackOf(t.db, b!.id, fresh.activity.uk.id),
    ];
    const second = await upload('uk', file);
    expect(rowsOf(second)).toEqual(rowsOf(first));
    expect([
      await feedbackOf(t.db, a!.id, fresh.activity.uk.id),
      await feedbackOf(t.db, b!.id, fresh.activity.uk.id),
    ]).toEqual(before);
    expect(before.map((f) => f?.score)).toEqual([70, 80]);
  });

  it('lets a trainer import only rows of assigned programs; others read as unknown', async () => {
    const trainer = await buildUser(t.db, { role: 'trainer' });
    const headers = await authHeader(t.db, trainer);
    const mine = await buildImportProgram(t.db, { redeems: 1, trainerId: trainer.id });
    const other = await buildImportProgram(t.db, { redeems: 1 });
    const otherVoucher = await buildUnredeemedVoucher(t.db, other.program.id);
    const file = await xlsxOf([
      header,
      [mine.redeems[0]!.license, 3, 88, 'Oke'],
      [other.redeems[0]!.license, 3, 88, 'Bukan program saya'],
      [otherVoucher, 3, 88, 'Voucher program lain'],
    ]);
    const res = await upload('uk', file, headers);
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res).map((r) => [r.status, r.message])).toEqual([
      [true, 'Berhasil'],
      [false, 'Kode voucher tidak ditemukan'],
      [false, 'Kode voucher tidak ditemukan'],
    ]);
    expect(await feedbackOf(t.db, other.redeems[0]!.id, other.activity.uk.id)).toBeUndefined();
    expect(await feedbackOf(t.db, mine.redeems[0]!.id, mine.activity.uk.id)).toMatchObject({
      score: 88,
      by: trainer.id,
    });
  });

  it('finds the header by name in any order and ignores extra columns and empty rows', async () => {
    const [, b] = fx.redeems;
    const file = await xlsxOf([
      [],
      ['Catatan admin', ' Feedback ', 'Nilai', 'ACTIVITY NUMBER', 'Kode Voucher'],
      ['abaikan', 'Diurutkan ulang', 55, 3, b!.license],
      [],
      ['hanya kolom tambahan', null, null, null, null],
    ]);
    const res = await upload('uk', file);
    expect(rowsOf(res)).toEqual([
      {
        row: 3,
        license: b!.license,
        activity_number: 3,
        status: true,
        message: 'Berhasil',
        warning: importMessages.notDone,
      },
    ]);
    expect(await feedbackOf(t.db, b!.id, fx.activity.uk.id)).toMatchObject({
      score: 55,
      text: 'Diurutkan ulang',
    });
  });

  it('keeps the stored text when the feedback cell is blank', async () => {
    const fresh = await buildImportProgram(t.db, { redeems: 1 });
    const license = fresh.redeems[0]!.license;
    await upload('uk', await xlsxOf([header, [license, 3, 60, 'Catatan awal']]));
    await upload('uk', await xlsxOf([header, [license, 3, 65]]));
    expect(await feedbackOf(t.db, fresh.redeems[0]!.id, fresh.activity.uk.id)).toMatchObject({
      score: 65,
      text: 'Catatan awal',
    });
  });

  it('needs grade.manage and a session', async () => {
    const file = await xlsxOf([header, ['X', 3, 80, '']]);
    expect((await upload('uk', file, { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });
  it('matches voucher codes regardless of case', async () => {
    const fresh = await buildImportProgram(t.db, { redeems: 0, licenses: ['AJR-KODE-BESAR'] });
    const res = await upload(
      'uk',
      await xlsxOf([header, ['ajr-kode-besar', 3, 72, 'Huruf kecil']]),
    );
    expect(rowsOf(res).map((r) => [r.status, r.message])).toEqual([[true, 'Berhasil']]);
    expect(await feedbackOf(t.db, fresh.redeems[0]!.id, fresh.activity.uk.id)).toMatchObject({
      score: 72,
    });
  });

  it('refuses a file whose header row is not the template, naming what is missing', async () => {
    const res = await upload(
      'uk',
      await xlsxOf([
        ['Kode Voucher', 'Nilai Akhir', 'Catatan'],
        ['AJR-1', 80, ''],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      validation: {
        file: importMessages.missingColumns(['activity_number (Nomor Aktivitas)', 'score (Nilai)']),
      },
    });
  });

  it('saves a UK score for work never done, and lists it as a warning', async () => {
    const fresh = await buildImportProgram(t.db, { redeems: 2 });
    const [done, never] = fresh.redeems;
    await t.db.insert(activityProgress).values({
      member_redeem_id: done!.id,
      program_id: fresh.program.id,
      topic_id: fresh.activity.uk.topic_id,
      activity_id: fresh.activity.uk.id,
      is_complete: true,
    });
    const res = await upload(
      'uk',
      await xlsxOf([header, [done!.license, 3, 90, ''], [never!.license, 3, 60, '']]),
    );
    expect(rowsOf(res).map((r) => [r.status, r.warning])).toEqual([
      [true, undefined],
      [true, importMessages.notDone],
    ]);
    expect(await feedbackOf(t.db, never!.id, fresh.activity.uk.id)).toMatchObject({ score: 60 });
  });

  it("imports an edited 'Export TPM & UK' file back (the round trip)", async () => {
    const fresh = await buildImportProgram(t.db, { redeems: 2 });
    const [a, b] = fresh.redeems;
    await upload(
      'uk',
      await xlsxOf([header, [a!.license, 3, 70, 'Awal'], [b!.license, 3, 75, '']]),
    );
    await upload('tpm', await xlsxOf([header, [a!.license, 2, 50, 'Tugas']]));
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/users/v1/export/member_redeem_epm?limit=-1',
      payload: { id: [fresh.program.id] },
      headers: admin,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = await downloadSheet(t.app, exported.json().data.public_url);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const ukTitle = fresh.activity.uk.name;
    const scoreAt = headers.indexOf(`Nilai UK 3 - ${ukTitle}`) + 1;
    expect(scoreAt).toBeGreaterThan(0);
    expect(headers[scoreAt]).toBe(`Feedback UK 3 - ${ukTitle}`);
    expect(headers).toContain(`Nilai TPM 2 - ${fresh.activity.tpm.name}`);
    // Edit one score and one feedback; clear b's score (a blank score is not imported).
    const rowOf = (license: string) =>
      [2, 3].find((n) => sheet.getRow(n).getCell(2).value === license)!;
    sheet.getRow(rowOf(a!.license)).getCell(scoreAt).value = 95;
    sheet.getRow(rowOf(a!.license)).getCell(scoreAt + 1).value = 'Diperbaiki';
    sheet.getRow(rowOf(b!.license)).getCell(scoreAt).value = null;
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());

    const res = await upload('uk', edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(rowsOf(res).map((r) => [r.license, r.activity_number, r.status])).toEqual([
      [a!.license, 3, true],
    ]);
    expect(await feedbackOf(t.db, a!.id, fresh.activity.uk.id)).toMatchObject({
      score: 95,
      text: 'Diperbaiki',
    });
    expect(await feedbackOf(t.db, b!.id, fresh.activity.uk.id)).toMatchObject({ score: 75 });
    // The TPM column is left to the TPM import.
    expect(await feedbackOf(t.db, a!.id, fresh.activity.tpm.id)).toMatchObject({ score: 50 });
    const tpm = await upload('tpm', edited);
    expect(rowsOf(tpm).map((r) => [r.activity_number, r.status])).toEqual([[2, true]]);
  });
});
