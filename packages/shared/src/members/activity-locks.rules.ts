/**
 * States and locks of a member's activities, pure so the server computes them in one
 * pass over a program and an app could explain them. Schedule times are WIB wall-clock times.
 */
import { dayValues, scheduleModes } from '../activities/activities.constants';
import {
  decodeVideoSchedule,
  readFlag,
  timeToMinutes,
  type MetaEntry,
  type Schedule,
} from '../activities/activities.rules';
import { isQuizActivityType } from '../activities/activities.constants';
import { formatDateTime } from '../common/datetime';
import { memberMessages } from './members.constants';
import type { ActivityState } from './member-learning.schemas';

const dayMs = 24 * 60 * 60 * 1000;
const wibOffsetMs = 7 * 60 * 60 * 1000;

/** `26 Nov 2026 13:00 WIB`: 24-hour clock, the zone named. */
export function formatWibDateTime(at: Date): string {
  return formatDateTime(at);
}

/** The time ranges of a schedule as instants, from the WIB day of `from` on (`days` days). */
function ranges(schedule: Schedule, from: Date, days: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const add = (date: string, times: Schedule['days'][number]['times']) => {
    const midnight = Date.parse(`${date}T00:00:00Z`) - wibOffsetMs;
    for (const t of times) {
      out.push({
        start: midnight + timeToMinutes(t.start_time) * 60_000,
        end: midnight + timeToMinutes(t.end_time) * 60_000,
      });
    }
  };
  if (schedule.is_day === scheduleModes.byDay) {
    const today = new Date(from.getTime() + wibOffsetMs).toISOString().slice(0, 10);
    for (let i = 0; i < days; i += 1) {
      const date = new Date(Date.parse(`${today}T00:00:00Z`) + i * dayMs);
      const entry = schedule.days.find((d) => d.day === dayValues[date.getUTCDay()]);
      if (entry) add(date.toISOString().slice(0, 10), entry.times);
    }
  } else {
    for (const entry of schedule.dates) add(entry.date, entry.times);
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Whether a scheduled activity is open at `now` (inside one of its time ranges); else the next
 * opening, or null when the schedule has ended.
 */
export function scheduleWindow(
  schedule: Schedule,
  now: Date,
): { open: boolean; next: Date | null } {
  const t = now.getTime();
  const list = ranges(schedule, now, 8);
  if (list.some((r) => t >= r.start && t < r.end)) return { open: true, next: null };
  const next = list.find((r) => r.start > t);
  return { open: false, next: next ? new Date(next.start) : null };
}

/** What the state of one activity is computed from. */
export interface ActivityStateInput {
  id: string;
  name: string;
  type: string;
  /** Stored settings (`is_skip` read from it). */
  settings: Record<string, unknown>;
  /** Stored content (`meta_data` read from it: the schedule). */
  content: Record<string, unknown>;
  is_complete: boolean;
  /** Started: a quiz attempt made or open, a video position saved, work uploaded, … */
  started: boolean;
}

export interface ActivityStateResult {
  state: ActivityState;
  lock_reason: string | null;
  /** The activity to complete first when an earlier quiz locks this one, else null. */
  locked_by: string | null;
}

/** The schedule lock of one activity, or null when it is open (or not scheduled). */
export function scheduleLock(content: Record<string, unknown>, now: Date): string | null {
  const meta = Array.isArray(content.meta_data) ? (content.meta_data as MetaEntry[]) : [];
  const video = decodeVideoSchedule(meta);
  if (!video.is_scheduled) return null;
  const window = scheduleWindow(video.schedule, now);
  if (window.open) return null;
  return window.next
    ? memberMessages.lockedUntil(formatWibDateTime(window.next))
    : memberMessages.lockedScheduleEnded;
}

/**
 * States of a program's activities in program order, in one pass:
 * - complete → 'selesai' (never locked afterwards);
 * - after an incomplete quiz-type activity whose 'Skip' setting is off → 'terkunci'
 *   ('Selesaikan aktivitas "…" terlebih dahulu');
 * - scheduled ('Tipe Terjadwal') and outside its time ranges → 'terkunci' ('Dibuka pada …');
 * - started → 'sedang', else 'belum'.
 */
export function activityStates(
  list: readonly ActivityStateInput[],
  now: Date,
): ActivityStateResult[] {
  let blocker: { id: string; name: string } | null = null;
  return list.map((a) => {
    let result: ActivityStateResult;
    if (a.is_complete) result = { state: 'selesai', lock_reason: null, locked_by: null };
    else {
      const reason = blocker ? memberMessages.lockedBy(blocker.name) : scheduleLock(a.content, now);
      result = reason
        ? { state: 'terkunci', lock_reason: reason, locked_by: blocker?.id ?? null }
        : { state: a.started ? 'sedang' : 'belum', lock_reason: null, locked_by: null };
    }
    if (!a.is_complete && !blocker && isQuizActivityType(a.type) && !readFlag(a.settings.is_skip)) {
      blocker = { id: a.id, name: a.name };
    }
    return result;
  });
}
