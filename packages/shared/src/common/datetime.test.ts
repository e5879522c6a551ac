import { describe, expect, it } from 'vitest';
import {
  excelDateTimeFormat,
  formatClock,
  formatClockRange,
  formatDate,
  formatDateTime,
  formatLongDate,
  zoneDateKey,
} from './datetime';

describe('formatDateTime', () => {
  it('shows an instant in WIB on a 24-hour clock, the zone named', () => {
    expect(formatDateTime('2026-11-26T06:35:00Z')).toBe('26 Nov 2026 13:35 WIB');
    expect(formatDateTime(new Date('2026-08-03T15:05:00Z'))).toBe('3 Agu 2026 22:05 WIB');
  });

  it('moves to the next day after 17:00 UTC, and keeps midnight as 00:00', () => {
    expect(formatDateTime('2026-12-31T17:00:00Z')).toBe('1 Jan 2027 00:00 WIB');
    expect(formatDateTime('2026-12-31T16:59:00Z')).toBe('31 Des 2026 23:59 WIB');
  });

  it('never writes AM or PM', () => {
    for (let h = 0; h < 24; h += 1) {
      const text = formatDateTime(Date.UTC(2026, 10, 26, h, 0));
      expect(text).not.toMatch(/AM|PM/);
      expect(text).toMatch(/ \d{2}:00 WIB$/);
    }
  });

  it('answers a dash for a missing or unreadable value', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});

describe('formatDate and zoneDateKey', () => {
  it('take the calendar day in WIB', () => {
    expect(formatDate('2026-11-25T18:00:00Z')).toBe('26 Nov 2026');
    expect(zoneDateKey(new Date('2026-11-25T18:00:00Z'))).toBe('2026-11-26');
    expect(zoneDateKey(new Date('2026-11-25T16:59:59Z'))).toBe('2026-11-25');
  });
});

describe('excelDateTimeFormat', () => {
  it('reads like the screens: day, month name, year, 24-hour time and the zone', () => {
    expect(excelDateTimeFormat).toBe('[$-421]d mmm yyyy hh:mm "WIB"');
  });
});

describe('formatLongDate and formatClock', () => {
  it('name the WIB day in full and the time with a dot', () => {
    expect(formatLongDate('2026-12-05T12:00:00Z')).toBe('Sabtu, 5 Desember 2026');
    expect(formatLongDate('2026-12-05T17:30:00Z')).toBe('Minggu, 6 Desember 2026');
    expect(formatClock('2026-12-05T12:00:00Z')).toBe('19.00 WIB');
    expect(formatClock('2026-12-05T17:05:00Z')).toBe('00.05 WIB');
    expect(formatLongDate('bukan tanggal')).toBe('-');
  });
});

describe('formatClockRange', () => {
  it('writes a span of clock times with the zone named once', () => {
    expect(formatClockRange('2026-12-05T12:00:00Z', '2026-12-05T14:30:00Z')).toBe(
      '19.00–21.30 WIB',
    );
    expect(formatClockRange('bukan', '2026-12-05T14:30:00Z')).toBe('-');
  });
});
