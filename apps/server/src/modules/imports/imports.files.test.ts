import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages, importPaths } from '@ajar/shared/imports/imports.constants';
import type { ImportResultRow } from '@ajar/shared/imports/imports.schemas';
import { activityProgress } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedIn } from '../../test/factories/users';
import { buildImportProgram, feedbackOf, importUpload, xlsxOf } from '../../test/factories/imports';
import { oleBytes, zipBytes } from '../../test/factories/zip-bytes';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const header = ['license', 'activity_number', 'score', 'feedback'];

describe('score import: files from other writers and refused files', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let fx: Awaited<ReturnType<typeof buildImportProgram>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db)).headers;
    fx = await buildImportProgram(t.db, {
      redeems: 0,
      licenses: ['FIX-0001', 'FIX-0002', 'FIX-0003', 'FIX-0004'],
    });
  });
  afterAll(() => t.close());

  async function upload(file: Buffer, filename = 'nilai.xlsx', type?: string) {
    const body = importUpload(file, filename, type);
    return t.app.inject({
      method: 'PUT',
      url: importPaths.uk,
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
  }

  async function progressRows() {
    const [row] = await t.db.select({ n: count() }).from(activityProgress);
    return row!.n;
  }

  describe.each(['libreoffice', 'openpyxl', 'sheetjs', 'handwritten'])('%s.xlsx', (writer) => {
    it('imports the same rows as our own template', async () => {
      const res = await upload(fs.readFileSync(path.join(fixtures, `${writer}.xlsx`)));
      expect(res.statusCode).toBe(200);
      const rows = (res.json() as { data: ImportResultRow[] }).data;
      expect(rows.map((r) => [r.row, r.license, r.activity_number, r.status, r.message])).toEqual([
        [2, 'FIX-0001', 3, true, 'Berhasil'],
        [3, 'FIX-0002', 3, true, 'Berhasil'],
        [5, 'FIX-0003', 3, true, 'Berhasil'],
        [6, 'FIX-9999', 3, false, 'Kode voucher tidak ditemukan'],
        [7, 'FIX-0001', 2, false, importMessages.wrongActivity(2, 'uk')],
        [8, 'FIX-0002', 3, false, importMessages.scoreInvalid],
        [9, 'FIX-0004', 3, true, 'Berhasil'],
      ]);
      const [a, b, c, d] = fx.redeems;
      const uk = fx.activity.uk.id;
      expect(await feedbackOf(t.db, a!.id, uk)).toMatchObject({ score: 90, text: 'Sangat baik' });
      expect(await feedbackOf(t.db, b!.id, uk)).toMatchObject({
        score: 85,
        text: 'Cukup baik & rapi',
      });
      expect(await feedbackOf(t.db, c!.id, uk)).toMatchObject({
        score: 77,
        text: 'Bagus, pertahankan',
      });
      expect(await feedbackOf(t.db, d!.id, uk)).toMatchObject({ score: 85, text: 'Rumus' });
    });
  });

  const sheetXml = (rows: number) =>
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${'<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(rows)}</sheetData></worksheet>`;

  const refusals: [string, () => Promise<Buffer> | Buffer, number, string][] = [
    ['an empty file', () => Buffer.alloc(0), 400, importMessages.fileRequired],
    [
      'a CSV renamed to .xlsx',
      () => Buffer.from('license,activity_number,score\nAJR-1,3,80\n'),
      415,
      importMessages.notXlsx,
    ],
    [
      'a PDF renamed to .xlsx',
      () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
      415,
      importMessages.notXlsx,
    ],
    ['a password-protected workbook', () => oleBytes(true), 415, importMessages.encrypted],
    ['a legacy .xls', () => oleBytes(false), 415, importMessages.legacyXls],
    [
      'a zip that is not a workbook (a .docx)',
      () => zipBytes([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]),
      415,
      importMessages.notXlsx,
    ],
    [
      'a truncated workbook',
      async () => {
        const file = await xlsxOf([header, ['FIX-0001', 3, 80, 'x']]);
        return file.subarray(0, Math.floor(file.length / 2));
      },
      400,
      importMessages.broken,
    ],
    [
      'a zip bomb (200 MB of zeros)',
      () => zipBytes([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(200 * 1024 * 1024) }]),
      400,
      importMessages.zipBomb,
    ],
    [
      'a zip bomb that lies about its size',
      () =>
        zipBytes([
          {
            name: 'xl/workbook.xml',
            data: Buffer.from(
              `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="a" sheetId="1"/></sheets></workbook>`,
            ),
          },
          {
            name: 'xl/worksheets/sheet1.xml',
            data: Buffer.from(sheetXml(200_000)),
            declaredSize: 1000,
          },
        ]),
      400,
      importMessages.zipBomb,
    ],
    [
      'a zip with too many entries',
      () =>
        zipBytes(
          Array.from({ length: 1001 }, (_, i) => ({
            name: `x/${i}.xml`,
            data: Buffer.from('<a/>'),
          })),
        ),
      400,
      importMessages.zipBomb,
    ],
    [
      'broken XML in the sheet',
      () =>
        zipBytes([
          {
            name: 'xl/workbook.xml',
            data: Buffer.from(
              `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="a" sheetId="1"/></sheets></workbook>`,
            ),
          },
          { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet><sheetData><row>') },
        ]),
      400,
      importMessages.broken,
    ],
    ['a header row only', () => xlsxOf([header]), 400, importMessages.noRows],
    [
      'a sheet without the required columns',
      () =>
        xlsxOf([
          ['nama', 'nilai'],
          ['Budi', 80],
        ]),
      400,
      importMessages.missingColumns([
        'license (Kode Voucher)',
        'activity_number (Nomor Aktivitas)',
      ]),
    ],
  ];

  it.each(refusals)('refuses %s and changes nothing', async (_name, make, status, message) => {
    const before = await progressRows();
    const res = await upload(await make());
    expect(res.statusCode).toBe(status);
    const body = res.json() as {
      status: number;
      message: string;
      validation?: Record<string, string>;
    };
    expect(body.status).toBe(status);
    expect(body.validation?.file ?? body.message).toBe(message);
    expect(await progressRows()).toBe(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const res = await upload(Buffer.alloc(11 * 1024 * 1024, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, message: importMessages.tooLarge });
  });

  it('answers 400 File Tidak Boleh Kosong without a file part', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: importPaths.tpm,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ validation: { file: 'File Tidak Boleh Kosong' } });
  });
});
