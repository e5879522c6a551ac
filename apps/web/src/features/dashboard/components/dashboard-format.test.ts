import { describe, expect, it } from 'vitest';
import {
  barPercent,
  busiestDay,
  formatDayLong,
  formatDayShort,
  formatNumber,
  labelledDays,
  niceScale,
} from './dashboard-format';

describe('dashboard formats', () => {
  it('groups numbers the Indonesian way', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber(1234567)).toBe('1.234.567');
  });

  it('names chart days in Indonesian without moving them to another day', () => {
    expect(formatDayShort('2025-05-03')).toBe('3 Mei');
    expect(formatDayShort('2025-08-31')).toBe('31 Agu');
    expect(formatDayLong('2025-11-03')).toBe('Senin, 3 November 2025');
    // The first and last instants of a day in any browser zone still name the same date.
    expect(formatDayShort('2025-12-31')).toBe('31 Des');
    expect(formatDayShort('2026-01-01')).toBe('1 Jan');
  });
});

describe('chart scale', () => {
  it('steps by 1, 2 or 5 times a power of ten, up to four steps', () => {
    expect(niceScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(1)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(niceScale(4)).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
    expect(niceScale(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(12)).toEqual({ max: 15, ticks: [0, 5, 10, 15] });
    expect(niceScale(16)).toEqual({ max: 20, ticks: [0, 5, 10, 15, 20] });
    expect(niceScale(95)).toEqual({ max: 100, ticks: [0, 50, 100] });
    expect(niceScale(1234)).toEqual({ max: 1500, ticks: [0, 500, 1000, 1500] });
  });

  it('always reaches the largest value with whole ticks', () => {
    for (let n = 1; n <= 500; n += 1) {
      const { max, ticks } = niceScale(n);
      expect(max).toBeGreaterThanOrEqual(n);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBe(max);
    }
  });

  it('sizes bars in percent, a small non-zero value still visible', () => {
    expect(barPercent(0, 20)).toBe(0);
    expect(barPercent(5, 20)).toBe(25);
    expect(barPercent(20, 20)).toBe(100);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(3, 0)).toBe(0);
    expect(barPercent(30, 20)).toBe(100);
  });

  it('labels today and every seventh day before it', () => {
    expect([...labelledDays(30)].sort((a, b) => a - b)).toEqual([1, 8, 15, 22, 29]);
    expect([...labelledDays(3)]).toEqual([2]);
    expect(labelledDays(0).size).toBe(0);
  });

  it('finds the busiest day, the latest on a tie, none when all are empty', () => {
    const days = [
      { date: '2025-11-01', total: 2 },
      { date: '2025-11-02', total: 5 },
      { date: '2025-11-03', total: 5 },
      { date: '2025-11-04', total: 1 },
    ];
    expect(busiestDay(days)?.date).toBe('2025-11-03');
    expect(busiestDay(days.map((d) => ({ ...d, total: 0 })))).toBeNull();
  });
});
