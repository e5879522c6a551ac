import { describe, expect, it } from 'vitest';
import { safeCell, safeRow } from './xlsx-cells';

describe('safeCell', () => {
  it('prefixes text a spreadsheet would read as a formula', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=1', '\r=1', '=', '-']) {
      expect(safeCell(text), JSON.stringify(text)).toBe(`'${text}`);
    }
  });

  it('leaves other text, signed plain numbers and non-text values as they are', () => {
    const date = new Date('2026-01-02T03:04:05Z');
    for (const value of [
      'Budi',
      ' =1',
      "'=1",
      '+6281234567890',
      '-12.5',
      '-3',
      42,
      -1,
      null,
      date,
    ]) {
      expect(safeCell(value)).toBe(value);
    }
    expect(safeRow([1, '=A1', date, null])).toEqual([1, "'=A1", date, null]);
  });
});
