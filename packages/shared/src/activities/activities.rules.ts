/**
 * Pure schedule rules of activity content (spec 02 §3): the video schedule and the meeting
 * schedules. Used by the web form (field errors as the user types) and by the server (the same
 * checks on save), so a rule is written once.
 */
import {
  dayNames,
  dayValues,
  scheduleMetaKeys,
  scheduleModes,
  type DayValue,
  type ScheduleMode,
} from './activities.constants';

export interface ScheduleTime {
  start_time: string;
  end_time: string;
}
export interface ScheduleDay {
  day: DayValue;
  times: ScheduleTime[];
}
export interface ScheduleDate {
  /** YYYY-MM-DD */
  date: string;
  times: ScheduleTime[];
}
/** `schedules_data` / `finish_activity` / the meeting schedule: by day ('1') or by date ('2'). */
export interface Schedule {
  is_day: ScheduleMode;
  days: ScheduleDay[];
  dates: ScheduleDate[];
}
export interface MetaEntry {
  title: string;
  content: string;
}
/** One problem, with its path inside the schedule (`days.0.times.1.end_time`). */
export interface ScheduleIssue {
  path: (string | number)[];
  message: string;
}

export const scheduleMessages = {
  format: 'Format jadwal tidak valid',
  modeInvalid: 'Tipe jadwal tidak valid',
  timeFormat: 'Format jam harus HH:mm',
  startRequired: 'Jam mulai tidak boleh kosong',
  endRequired: 'Jam selesai tidak boleh kosong',
  endAfterStart: 'Jam selesai harus setelah jam mulai',
  overlap: (range: string, other: string) => `Jam ${range} bertabrakan dengan jam ${other}`,
  timesRequired: 'Jam tidak boleh kosong',
  dayRequired: 'Hari tidak boleh kosong',
  dayInvalid: 'Hari tidak valid',
  duplicateDay: (name: string) => `Jadwal hari ${name} sudah ada`,
  dateRequired: 'Tanggal tidak boleh kosong',
  dateInvalid: 'Tanggal tidak valid',
  duplicateDate: (date: string) => `Jadwal tanggal ${date} sudah ada`,
  daysRequired: 'Jadwal hari tidak boleh kosong',
  datesRequired: 'Jadwal tanggal tidak boleh kosong',
} as const;

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `HH:mm` from 00:00 to 23:59. */
export function isValidTime(value: string): boolean {
  return timePattern.test(value);
}

/** Minutes since midnight of a valid `HH:mm`. */
export function timeToMinutes(value: string): number {
  const [h, m] = value.split(':');
  return Number(h) * 60 + Number(m);
}

/** A real calendar date written `YYYY-MM-DD` (no 2025-02-30). */
export function isValidDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (y < 1900 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isDayValue(value: unknown): value is DayValue {
  return typeof value === 'string' && (dayValues as readonly string[]).includes(value);
}

export function emptySchedule(mode: ScheduleMode = scheduleModes.byDay): Schedule {
  return { is_day: mode, days: [], dates: [] };
}

/** '1'/'2' however it arrives (a form may send the number). */
function readMode(value: unknown): ScheduleMode | null {
  if (value === '1' || value === 1) return scheduleModes.byDay;
  if (value === '2' || value === 2) return scheduleModes.byDate;
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const asText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function readTimes(
  value: unknown,
  path: (string | number)[],
  issues: ScheduleIssue[],
): ScheduleTime[] {
  if (!Array.isArray(value)) {
    issues.push({ path, message: scheduleMessages.timesRequired });
    return [];
  }
  return value.map((item) => {
    const row = isRecord(item) ? item : {};
    return { start_time: asText(row.start_time), end_time: asText(row.end_time) };
  });
}

/**
 * Reads a schedule from untrusted input (parsed JSON or a form value) into its typed shape. Only
 * the active mode's list is kept: the screens keep the other list while the user switches modes,
 * and a hidden list that is never checked must not be stored.
 */
export function readSchedule(input: unknown): {
  schedule: Schedule | null;
  issues: ScheduleIssue[];
} {
  const issues: ScheduleIssue[] = [];
  if (!isRecord(input))
    return { schedule: null, issues: [{ path: [], message: scheduleMessages.format }] };
  const mode = readMode(input.is_day);
  if (!mode)
    return {
      schedule: null,
      issues: [{ path: ['is_day'], message: scheduleMessages.modeInvalid }],
    };
  const schedule = emptySchedule(mode);
  const listKey = mode === scheduleModes.byDay ? 'days' : 'dates';
  const list = input[listKey] ?? [];
  if (!Array.isArray(list)) {
    issues.push({ path: [listKey], message: scheduleMessages.format });
    return { schedule: null, issues };
  }
  list.forEach((item, i) => {
    const row = isRecord(item) ? item : {};
    const times = readTimes(row.times, [listKey, i, 'times'], issues);
    if (mode === scheduleModes.byDay) {
      // An unknown day is kept as given so `validateSchedule` can report it on its field.
      schedule.days.push({ day: asText(row.day) as DayValue, times });
    } else {
      schedule.dates.push({ date: asText(row.date), times });
    }
  });
  return { schedule: issues.length ? null : schedule, issues };
}

function validateTimes(times: ScheduleTime[], base: (string | number)[]): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  if (times.length === 0) {
    issues.push({ path: [...base], message: scheduleMessages.timesRequired });
    return issues;
  }
  const valid: { index: number; start: number; end: number; label: string }[] = [];
  times.forEach((time, i) => {
    const at = [...base, i];
    let ok = true;
    for (const key of ['start_time', 'end_time'] as const) {
      const value = time[key];
      if (!value) {
        const message =
          key === 'start_time' ? scheduleMessages.startRequired : scheduleMessages.endRequired;
        issues.push({ path: [...at, key], message });
        ok = false;
      } else if (!isValidTime(value)) {
        issues.push({ path: [...at, key], message: scheduleMessages.timeFormat });
        ok = false;
      }
    }
    if (!ok) return;
    const start = timeToMinutes(time.start_time);
    const end = timeToMinutes(time.end_time);
    if (end <= start) {
      issues.push({ path: [...at, 'end_time'], message: scheduleMessages.endAfterStart });
      return;
    }
    valid.push({ index: i, start, end, label: `${time.start_time} - ${time.end_time}` });
  });
  // Ranges that only touch (08:00-09:00, 09:00-10:00) do not overlap.
  for (let a = 0; a < valid.length; a += 1) {
    for (let b = 0; b < a; b += 1) {
      const x = valid[a]!;
      const y = valid[b]!;
      if (x.start < y.end && y.start < x.end) {
        issues.push({
          path: [...base, x.index, 'start_time'],
          message: scheduleMessages.overlap(x.label, y.label),
        });
        break;
      }
    }
  }
  return issues;
}

export interface ScheduleCheckOptions {
  /** The active list must hold at least one day or date (a scheduled video). */
  requireEntries?: boolean;
}

/** Checks a typed schedule; returns every problem with its path, in field order. */
export function validateSchedule(
  schedule: Schedule,
  options: ScheduleCheckOptions = {},
): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  if (schedule.is_day === scheduleModes.byDay) {
    if (options.requireEntries && schedule.days.length === 0) {
      issues.push({ path: ['days'], message: scheduleMessages.daysRequired });
    }
    const seen = new Set<string>();
    schedule.days.forEach((entry, i) => {
      if (!entry.day) {
        issues.push({ path: ['days', i, 'day'], message: scheduleMessages.dayRequired });
      } else if (!isDayValue(entry.day)) {
        issues.push({ path: ['days', i, 'day'], message: scheduleMessages.dayInvalid });
      } else if (seen.has(entry.day)) {
        issues.push({
          path: ['days', i, 'day'],
          message: scheduleMessages.duplicateDay(dayNames[entry.day]),
        });
      } else {
        seen.add(entry.day);
      }
      issues.push(...validateTimes(entry.times, ['days', i, 'times']));
    });
  } else {
    if (options.requireEntries && schedule.dates.length === 0) {
      issues.push({ path: ['dates'], message: scheduleMessages.datesRequired });
    }
    const seen = new Set<string>();
    schedule.dates.forEach((entry, i) => {
      if (!entry.date) {
        issues.push({ path: ['dates', i, 'date'], message: scheduleMessages.dateRequired });
      } else if (!isValidDate(entry.date)) {
        issues.push({ path: ['dates', i, 'date'], message: scheduleMessages.dateInvalid });
      } else if (seen.has(entry.date)) {
        issues.push({
          path: ['dates', i, 'date'],
          message: scheduleMessages.duplicateDate(entry.date),
        });
      } else {
        seen.add(entry.date);
      }
      issues.push(...validateTimes(entry.times, ['dates', i, 'times']));
    });
  }
  return issues;
}

/** `readSchedule` then `validateSchedule`: the schedule only when it has no problem. */
export function checkSchedule(
  input: unknown,
  options: ScheduleCheckOptions = {},
): { schedule: Schedule | null; issues: ScheduleIssue[] } {
  const read = readSchedule(input);
  if (!read.schedule) return read;
  const issues = validateSchedule(read.schedule, options);
  return { schedule: issues.length ? null : read.schedule, issues };
}

/** Parses a JSON string from a meta_data entry; malformed JSON is a format problem, not a crash. */
export function parseScheduleJson(content: string): unknown {
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return undefined;
  }
}

/** Sorted copy (days in week order, dates ascending, times by start) for storage and display. */
export function sortSchedule(schedule: Schedule): Schedule {
  const byStart = (times: ScheduleTime[]) =>
    [...times].sort((a, b) => a.start_time.localeCompare(b.start_time));
  return {
    is_day: schedule.is_day,
    days: [...schedule.days]
      .sort((a, b) => dayValues.indexOf(a.day) - dayValues.indexOf(b.day))
      .map((d) => ({ day: d.day, times: byStart(d.times) })),
    dates: [...schedule.dates]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((d) => ({ date: d.date, times: byStart(d.times) })),
  };
}

// meta_data helpers ------------------------------------------------------------------------------

export function getMeta(meta: readonly MetaEntry[] | undefined, title: string): string | undefined {
  return meta?.find((entry) => entry.title === title)?.content;
}

/** Replaces the entry with this title in place (or appends it); `undefined` removes it. */
export function setMeta(
  meta: readonly MetaEntry[],
  title: string,
  content: string | undefined,
): MetaEntry[] {
  if (content === undefined) return meta.filter((entry) => entry.title !== title);
  let done = false;
  const next: MetaEntry[] = [];
  for (const entry of meta) {
    if (entry.title !== title) next.push(entry);
    else if (!done) {
      next.push({ title, content });
      done = true;
    }
  }
  if (!done) next.push({ title, content });
  return next;
}

/** '1', 'true', 1, true → true. */
export function readFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

export const flagText = (value: boolean): '1' | '0' => (value ? '1' : '0');

/** The video schedule as the form edits it. */
export interface VideoSchedule {
  is_scheduled: boolean;
  is_show_scheduled: boolean;
  schedule: Schedule;
}

/** Reads the video schedule out of meta_data (missing or broken entries read as "not scheduled"). */
export function decodeVideoSchedule(meta: readonly MetaEntry[] | undefined): VideoSchedule {
  const is_scheduled = readFlag(getMeta(meta, scheduleMetaKeys.isScheduled));
  const raw = getMeta(meta, scheduleMetaKeys.schedulesData);
  const read = raw === undefined ? null : readSchedule(parseScheduleJson(raw)).schedule;
  return {
    is_scheduled,
    is_show_scheduled: is_scheduled && readFlag(getMeta(meta, scheduleMetaKeys.isShowScheduled)),
    schedule: read ?? emptySchedule(),
  };
}

/**
 * Writes the video schedule into meta_data, keeping the free entries. Not scheduled → no
 * schedules_data and 'Tampilkan Jadwal' off (the screen disables it then).
 */
export function encodeVideoSchedule(meta: readonly MetaEntry[], value: VideoSchedule): MetaEntry[] {
  let next = setMeta(meta, scheduleMetaKeys.isScheduled, flagText(value.is_scheduled));
  next = setMeta(
    next,
    scheduleMetaKeys.isShowScheduled,
    flagText(value.is_scheduled && value.is_show_scheduled),
  );
  return setMeta(
    next,
    scheduleMetaKeys.schedulesData,
    value.is_scheduled ? JSON.stringify(sortSchedule(value.schedule)) : undefined,
  );
}

/** The meeting's finish schedule, or null when it has none. */
export function decodeFinishActivity(meta: readonly MetaEntry[] | undefined): Schedule | null {
  const raw = getMeta(meta, scheduleMetaKeys.finishActivity);
  return raw === undefined ? null : readSchedule(parseScheduleJson(raw)).schedule;
}

export function encodeFinishActivity(
  meta: readonly MetaEntry[],
  schedule: Schedule | null,
): MetaEntry[] {
  return setMeta(
    meta,
    scheduleMetaKeys.finishActivity,
    schedule ? JSON.stringify(sortSchedule(schedule)) : undefined,
  );
}

/** Free meta_data pairs: everything but the schedule entries. */
export function freeMeta(meta: readonly MetaEntry[] | undefined): MetaEntry[] {
  const reserved = new Set<string>(Object.values(scheduleMetaKeys));
  return (meta ?? []).filter((entry) => !reserved.has(entry.title));
}

/**
 * Checks the schedule entries of a meta_data list and returns problems keyed by the entry title
 * (`schedules_data`, `finish_activity`), one message each: the first problem found.
 */
export function checkMetaSchedules(meta: readonly MetaEntry[] | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  const scheduled = readFlag(getMeta(meta, scheduleMetaKeys.isScheduled));
  const data = getMeta(meta, scheduleMetaKeys.schedulesData);
  if (scheduled) {
    const result =
      data === undefined
        ? { issues: [{ path: [], message: scheduleMessages.daysRequired }] }
        : checkSchedule(parseScheduleJson(data), { requireEntries: true });
    if (result.issues[0]) problems[scheduleMetaKeys.schedulesData] = result.issues[0].message;
  }
  const finish = getMeta(meta, scheduleMetaKeys.finishActivity);
  if (finish !== undefined) {
    const result = checkSchedule(parseScheduleJson(finish));
    if (result.issues[0]) problems[scheduleMetaKeys.finishActivity] = result.issues[0].message;
  }
  return problems;
}

// YouTube ---------------------------------------------------------------------------------------

const youtubeHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);
const youtubeId = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube link (watch, youtu.be, embed, shorts, live), or null. */
export function youtubeVideoId(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!youtubeHosts.has(url.hostname.toLowerCase())) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (url.hostname.toLowerCase() === 'youtu.be') id = parts[0];
  else if (parts[0] === 'watch') id = url.searchParams.get('v');
  else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v')
    id = parts[1];
  return id && youtubeId.test(id) ? id : null;
}

export function isYoutubeUrl(value: string): boolean {
  return youtubeVideoId(value) !== null;
}

/**
 * The embeddable address of a YouTube link, in YouTube's privacy-enhanced mode (no cookies until
 * the video plays); the CSP's frame-src in `apps/server/src/plugins/security-headers.ts` allows it.
 */
export function youtubeEmbedUrl(value: string): string | null {
  const id = youtubeVideoId(value);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
