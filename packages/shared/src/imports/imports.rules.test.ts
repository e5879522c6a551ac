import { describe, expect, it } from 'vitest';
import { importColumnOf } from './imports.constants';
import {
  cellText,
  checkImportRow,
  filterImportRows,
  importSummary,
  wholeNumber,
} from './imports.rules';

const row = (
  over: Partial<Record<'license' | 'activity_number' | 'score' | 'feedback', unknown>>,
) =>
  checkImportRow({
    license: 'AJR-1',
    activity_number: 3,
    score: 80,
    feedback: 'Baik',
    ...over,
  } as Parameters<typeof checkImportRow>[0]);

describe('import rules', () => {
  it('reads whole numbers from numbers and numbers stored as text', () => {
    expect(wholeNumber(85)).toBe(85);
    expect(wholeNumber(' 85 ')).toBe(85);
    expect(wholeNumber('85.0')).toBe(85);
    expect(wholeNumber(85.5)).toBe('invalid');
    expect(wholeNumber('0x10')).toBe('invalid');
    expect(wholeNumber('1e2')).toBe('invalid');
    expect(wholeNumber('delapan')).toBe('invalid');
    expect(wholeNumber('')).toBe('empty');
    expect(wholeNumber(null)).toBe('empty');
    expect(cellText(12345678)).toBe('12345678');
  });

  it('checks a row in order and keeps a blank feedback as null', () => {
    expect(row({})).toEqual({
      ok: true,
      value: { license: 'AJR-1', activityNumber: 3, score: 80, feedback: 'Baik' },
    });
    expect(row({ feedback: '  ' })).toMatchObject({ ok: true, value: { feedback: null } });
    expect(row({ score: 0 })).toMatchObject({ ok: true });
    expect(row({ score: 100 })).toMatchObject({ ok: true });
    expect(row({ license: ' ' })).toMatchObject({
      ok: false,
      message: 'Kode voucher tidak boleh kosong',
    });
    expect(row({ activity_number: 0 })).toMatchObject({ ok: false, activityNumber: 0 });
    expect(row({ activity_number: 'tiga' })).toMatchObject({ ok: false, activityNumber: 'tiga' });
    expect(row({ score: -1 })).toMatchObject({
      ok: false,
      message: 'Nilai harus berupa angka bulat 0 sampai 100',
    });
    expect(row({ feedback: 'x'.repeat(250) })).toMatchObject({ ok: true });
    expect(row({ feedback: 'x'.repeat(251) })).toMatchObject({ ok: false });
  });

  it('matches headers by name whatever the case and spacing', () => {
    expect(importColumnOf(' Activity Number ')).toBe('activity_number');
    expect(importColumnOf('LICENSE')).toBe('license');
    expect(importColumnOf('Kode Voucher')).toBe('license');
    expect(importColumnOf('Nilai')).toBe('score');
    expect(importColumnOf('Catatan admin')).toBeUndefined();
  });

  it('filters and summarises results (0 all, 1 success, 2 failed)', () => {
    const rows = [
      { row: 2, license: 'A', activity_number: 1, status: true, message: 'Berhasil' },
      { row: 3, license: 'B', activity_number: 1, status: false, message: 'x' },
    ];
    expect(filterImportRows(rows, 0)).toHaveLength(2);
    expect(filterImportRows(rows, 1).map((r) => r.license)).toEqual(['A']);
    expect(filterImportRows(rows, 2).map((r) => r.license)).toEqual(['B']);
    expect(importSummary(rows)).toBe('1/2 data belum berhasil diimport.');
    expect(importSummary(rows.slice(0, 1))).toBe('1/1 data berhasil diimport.');
  });
});
