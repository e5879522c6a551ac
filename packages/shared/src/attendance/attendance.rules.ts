/**
 * Which occurrence of a meeting's schedule an instant falls in (pure; the server checks a
 * check-in with it, a member app may show it). Times of a schedule are WIB wall-clock times.
 */
import { dayValues, scheduleModes } from '../activities/activities.constants';
import { readSchedule, timeToMinutes, type Schedule } from '../activities/activities.rules';
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

interface WindowOptions {
  earlyMinutes?: number;
  offsetMinutes?: number;
}

/** Minutes a window opens early (in ms) and the schedule's UTC offset (minutes). */
function windowOf(options: WindowOptions) {
  return {
    early: (options.earlyMinutes ?? attendanceLimits.earlyMinutes) * 60_000,
    offset: options.offsetMinutes ?? attendanceLimits.utcOffsetMinutes,
  };
}

/** The occurrences of the schedule on one WIB date, in their listed order. */
function occurrencesOn(schedule: Schedule, date: string, offset: number): ScheduleOccurrence[] {
  const midnight = Date.parse(`${date}T00:00:00Z`) - offset * 60_000;
  const times =
    schedule.is_day === scheduleModes.byDay
      ? (schedule.days.find((d) => d.day === dayValues[new Date(`${date}T00:00:00Z`).getUTCDay()])
          ?.times ?? [])
      : (schedule.dates.find((d) => d.date === date)?.times ?? []);
  return times.map((time) => ({
    date,
    start_time: time.start_time,
    end_time: time.end_time,
    key: `${date} ${time.start_time}-${time.end_time}`,
    starts_at: new Date(midnight + timeToMinutes(time.start_time) * 60_000),
    ends_at: new Date(midnight + timeToMinutes(time.end_time) * 60_000),
  }));
}

/**
 * The occurrence whose window holds `now`: from `earlyMinutes` before its start up to (not
 * including) its end. Today and tomorrow (WIB) are looked at, so an early window that begins
 * before midnight is found too. Null when `now` is outside every window.
 */
export function findOccurrence(
  schedule: Schedule,
  now: Date,
  options: WindowOptions = {},
): ScheduleOccurrence | null {
  const { early, offset } = windowOf(options);
  const t = now.getTime();
  for (const date of [wibDate(now, offset), wibDate(new Date(t + dayMs), offset)]) {
    const found = occurrencesOn(schedule, date, offset).find(
      (o) => t >= o.starts_at.getTime() - early && t < o.ends_at.getTime(),
    );
    if (found) return found;
  }
  return null;
}

/**
 * The next occurrence whose check-in window has not opened yet at `now` (the earliest start),
 * looked for up to a year ahead; null when the schedule has none left (dates all past).
 */
export function nextOccurrence(
  schedule: Schedule,
  now: Date,
  options: WindowOptions = {},
): ScheduleOccurrence | null {
  const { early, offset } = windowOf(options);
  const t = now.getTime();
  const dates =
    schedule.is_day === scheduleModes.byDay
      ? Array.from({ length: 8 }, (_, i) => wibDate(new Date(t + i * dayMs), offset))
      : schedule.dates.map((d) => d.date).filter((d) => d >= wibDate(now, offset));
  const upcoming = dates
    .flatMap((date) => occurrencesOn(schedule, date, offset))
    .filter((o) => o.starts_at.getTime() - early > t)
    .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
  return upcoming[0] ?? null;
}

/**
 * Every occurrence that has not ended by `from` and starts before `until`, in time order: the
 * agenda's meetings and the windows of scheduled activities.
 */
export function occurrencesBetween(
  schedule: Schedule,
  from: Date,
  until: Date,
  options: Pick<WindowOptions, 'offsetMinutes'> = {},
): ScheduleOccurrence[] {
  const { offset } = windowOf(options);
  const first = wibDate(from, offset);
  const last = wibDate(until, offset);
  const dates =
    schedule.is_day === scheduleModes.byDay
      ? Array.from(
          { length: Math.round((Date.parse(last) - Date.parse(first)) / dayMs) + 1 },
          (_, i) => new Date(Date.parse(first) + i * dayMs).toISOString().slice(0, 10),
        )
      : schedule.dates.map((d) => d.date).filter((d) => d >= first && d <= last);
  return dates
    .flatMap((date) => occurrencesOn(schedule, date, offset))
    .filter((o) => o.ends_at > from && o.starts_at < until)
    .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
}

/** The occurrence a key names (`2025-03-03 08:00-10:00`), when the schedule has it. */
export function occurrenceByKey(
  schedule: Schedule,
  key: string,
  options: Pick<WindowOptions, 'offsetMinutes'> = {},
): ScheduleOccurrence | null {
  const { offset } = windowOf(options);
  const date = key.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return occurrencesOn(schedule, date, offset).find((o) => o.key === key) ?? null;
}

/** The meeting schedule stored in an activity's content, or null when it has none readable. */
export function meetingScheduleOf(content: unknown): Schedule | null {
  const meeting =
    typeof content === 'object' && content !== null
      ? (content as { meeting?: unknown }).meeting
      : undefined;
  return readSchedule(meeting).schedule;
}
