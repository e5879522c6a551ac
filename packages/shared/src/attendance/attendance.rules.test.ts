import { describe, expect, it } from 'vitest';
import type { Schedule } from '../activities/activities.rules';
import { findOccurrence, hasScheduleEntries, nextOccurrence } from './attendance.rules';

// 2025-03-03 is a Monday. WIB = UTC+7.
const at = (wib: string) => new Date(Date.parse(`${wib}:00+07:00`));

const byDay: Schedule = {
  is_day: '1',
  days: [{ day: 'monday', times: [{ start_time: '08:00', end_time: '10:00' }] }],
  dates: [],
};
const byDate: Schedule = {
  is_day: '2',
  days: [],
  dates: [{ date: '2025-03-04', times: [{ start_time: '00:05', end_time: '01:00' }] }],
};

describe('findOccurrence', () => {
  it('finds the day occurrence running now, keyed by its WIB date and range', () => {
    const found = findOccurrence(byDay, at('2025-03-03T09:00'));
    expect(found?.key).toBe('2025-03-03 08:00-10:00');
    expect(found?.starts_at.toISOString()).toBe('2025-03-03T01:00:00.000Z');
  });

  it('allows 15 minutes early, not 16; the end is exclusive', () => {
    expect(findOccurrence(byDay, at('2025-03-03T07:45'))?.key).toBe('2025-03-03 08:00-10:00');
    expect(findOccurrence(byDay, at('2025-03-03T07:44'))).toBeNull();
    expect(findOccurrence(byDay, at('2025-03-03T10:00'))).toBeNull();
  });

  it('a weekly day schedule gives each week its own key', () => {
    expect(findOccurrence(byDay, at('2025-03-10T08:30'))?.key).toBe('2025-03-10 08:00-10:00');
    expect(findOccurrence(byDay, at('2025-03-04T08:30'))).toBeNull();
  });

  it('finds an early window that starts before midnight (tomorrow’s range)', () => {
    expect(findOccurrence(byDate, at('2025-03-03T23:55'))?.key).toBe('2025-03-04 00:05-01:00');
    expect(findOccurrence(byDate, at('2025-03-03T23:45'))).toBeNull();
  });

  it('knows an empty schedule', () => {
    expect(hasScheduleEntries({ is_day: '1', days: [], dates: [] })).toBe(false);
    expect(hasScheduleEntries(byDay)).toBe(true);
  });
});

describe('nextOccurrence', () => {
  it('gives the next window not yet open: later today, next week, or none when dates are past', () => {
    expect(nextOccurrence(byDay, at('2025-03-03T07:40'))?.key).toBe('2025-03-03 08:00-10:00');
    expect(nextOccurrence(byDay, at('2025-03-03T07:50'))?.key).toBe('2025-03-10 08:00-10:00');
    expect(nextOccurrence(byDay, at('2025-03-04T12:00'))?.key).toBe('2025-03-10 08:00-10:00');
    expect(nextOccurrence(byDate, at('2025-03-03T12:00'))?.key).toBe('2025-03-04 00:05-01:00');
    expect(nextOccurrence(byDate, at('2025-03-04T00:30'))).toBeNull();
  });
});
