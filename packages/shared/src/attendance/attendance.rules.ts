/**
 * Which occurrence of a meeting's schedule an instant falls in (pure; the server checks a
 * check-in with it, a member app may show it). Times of a schedule are WIB wall-clock times.
 */
import { dayValues, scheduleModes } from '../activities/activities.constants';
import { timeToMinutes, type Schedule } from '../activities/activities.rules';
import { attendanceLimits } from './attendance.constants';

export interface ScheduleOccurrence {
  /** `YYYY-MM-DD` (WIB) the occurrence is on. */
  date: string;
  start_time: string;
  end_time: string;
  /** Stable name of the occurrence: `2025-03-03 08:00-10:00`. */
  key: string;
  starts_at: Date;
  ends_at: Date;
}

const dayMs = 24 * 60 * 60 * 1000;

function wibDate(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** Whether a schedule has any time range at all. */
export function hasScheduleEntries(schedule: Schedule): boolean {
  const list = schedule.is_day === scheduleModes.byDay ? schedule.days : schedule.dates;
  return list.some((entry) => entry.times.length > 0);
}

/**
 * The occurrence whose window holds `now`: from `earlyMinutes` before its start up to (not
 * including) its end. Today and tomorrow (WIB) are looked at, so an early window that begins
 * before midnight is found too. Null when `now` is outside every window.
 */
export function findOccurrence(
  schedule: Schedule,
  now: Date,
  options: { earlyMinutes?: number; offsetMinutes?: number } = {},
): ScheduleOccurrence | null {
  const early = options.earlyMinutes ?? attendanceLimits.earlyMinutes;
  const offset = options.offsetMinutes ?? attendanceLimits.utcOffsetMinutes;
  const today = wibDate(now, offset);
  for (const date of [today, wibDate(new Date(now.getTime() + dayMs), offset)]) {
    const midnight = Date.parse(`${date}T00:00:00Z`) - offset * 60_000;
    const times =
      schedule.is_day === scheduleModes.byDay
        ? (schedule.days.find((d) => d.day === dayValues[new Date(`${date}T00:00:00Z`).getUTCDay()])
            ?.times ?? [])
        : (schedule.dates.find((d) => d.date === date)?.times ?? []);
    for (const time of times) {
      const startsAt = midnight + timeToMinutes(time.start_time) * 60_000;
      const endsAt = midnight + timeToMinutes(time.end_time) * 60_000;
      const t = now.getTime();
      if (t >= startsAt - early * 60_000 && t < endsAt) {
        return {
          date,
          start_time: time.start_time,
          end_time: time.end_time,
          key: `${date} ${time.start_time}-${time.end_time}`,
          starts_at: new Date(startsAt),
          ends_at: new Date(endsAt),
        };
      }
    }
  }
  return null;
}
