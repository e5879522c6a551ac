import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /file/template-import.xlsx', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('downloads without a session and parses as the score import template', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/file/template-import.xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="template-import.xlsx"');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(res.rawPayload).buffer);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'license',
      'activity_number',
      'score',
      'feedback',
    ]);
    const example = sheet.getRow(2);
    expect(example.getCell(1).value).toEqual(expect.any(String));
    expect(example.getCell(2).value).toEqual(expect.any(Number));
    const score = example.getCell(3).value;
    expect(typeof score === 'number' && score >= 0 && score <= 100).toBe(true);
    const feedback = String(example.getCell(4).value);
    expect(feedback.length).toBeLessThanOrEqual(250);
    expect(feedback).toMatch(/materi/);
  });

  it('serves the same bytes every time (built once)', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/file/template-import.xlsx' });
    const b = await t.app.inject({ method: 'GET', url: '/file/template-import.xlsx' });
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
  });

  it('answers other /file paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/file/../package.json' });
    expect(res.statusCode).toBe(404);
  });
});
