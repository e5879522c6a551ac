/**
 * The participant's agenda and reminders, pure: the server reads the rows in SQL and these rules
 * lay the schedules (weekly or by date, WIB wall-clock times) out in time.
 */
import { decodeVideoSchedule, type MetaEntry } from '../activities/activities.rules';
import { isQuizActivityType } from '../activities/activities.constants';
import { attendanceLimits, isMeetingActivityType } from '../attendance/attendance.constants';
import { meetingScheduleOf, occurrencesBetween } from '../attendance/attendance.rules';
import { agendaLimits, reminderTimes, type ReminderKind } from './agenda.constants';
import type { AgendaItem } from './agenda.schemas';

/** One activity of a member's program that has a time: a meeting or a scheduled activity. */
export interface AgendaSource {
  program_id: string;
  program_title: string;
  activity_id: string;
  activity_name: string;
  activity_type: string;
  content: Record<string, unknown>;
  is_complete: boolean;
  /** Occurrence keys the member checked in to (meetings). */
  checked_in: readonly string[];
}

/** A program of the member's that ends at a time. */
export interface ProgramEnd {
  program_id: string;
  program_title: string;
  ends_at: Date;
}

const minute = 60_000;

function scheduledWindows(content: Record<string, unknown>) {
  const meta = Array.isArray(content.meta_data) ? (content.meta_data as MetaEntry[]) : [];
  const video = decodeVideoSchedule(meta);
  return video.is_scheduled ? video.schedule : null;
}

/**
 * The agenda between `from` and `until`, in time order (then program and activity name):
 * - each meeting occurrence not yet ended, with its check-in window and whether it is attended;
 * - each opening of an unfinished scheduled activity ('Dibuka pada …') still to come;
 * - each closing of an unfinished scheduled quiz's window (its deadline);
 * - the end of a program.
 * At most `agendaLimits.maxItems`, the earliest.
 */
export function agendaEntries(
  sources: readonly AgendaSource[],
  ends: readonly ProgramEnd[],
  from: Date,
  until: Date,
): { list: AgendaItem[]; truncated: boolean } {
  const out: AgendaItem[] = [];
  const base = (s: AgendaSource) => ({
    program: { id: s.program_id, title: s.program_title },
    activity: { id: s.activity_id, name: s.activity_name, type: s.activity_type },
  });
  for (const s of sources) {
    if (isMeetingActivityType(s.activity_type)) {
      const schedule = meetingScheduleOf(s.content);
      if (!schedule) continue;
      for (const o of occurrencesBetween(schedule, from, until)) {
        out.push({
          key: `meeting:${s.activity_id}:${o.key}`,
          kind: 'meeting',
          ...base(s),
          at: o.starts_at.toISOString(),
          ends_at: o.ends_at.toISOString(),
          checkin_opens_at: new Date(
            o.starts_at.getTime() - attendanceLimits.earlyMinutes * minute,
          ).toISOString(),
          checked_in: s.checked_in.includes(o.key),
          occurrence: o.key,
        });
      }
      continue;
    }
    if (s.is_complete) continue;
    const schedule = scheduledWindows(s.content);
    if (!schedule) continue;
    for (const o of occurrencesBetween(schedule, from, until)) {
      const common = { ...base(s), ends_at: null, checkin_opens_at: null, checked_in: false };
      if (o.starts_at > from) {
        out.push({
          key: `opens:${s.activity_id}:${o.key}`,
          kind: 'opens',
          ...common,
          at: o.starts_at.toISOString(),
          occurrence: null,
        });
      }
      if (isQuizActivityType(s.activity_type) && o.ends_at <= until) {
        out.push({
          key: `deadline:${s.activity_id}:${o.key}`,
          kind: 'deadline',
          ...common,
          at: o.ends_at.toISOString(),
          occurrence: null,
        });
      }
    }
  }
  for (const e of ends) {
    if (e.ends_at <= from || e.ends_at > until) continue;
    out.push({
      key: `program_end:${e.program_id}`,
      kind: 'program_end',
      program: { id: e.program_id, title: e.program_title },
      activity: null,
      at: e.ends_at.toISOString(),
      ends_at: null,
      checkin_opens_at: null,
      checked_in: false,
      occurrence: null,
    });
  }
  out.sort(
    (a, b) =>
      a.at.localeCompare(b.at) ||
      a.program.title.localeCompare(b.program.title) ||
      (a.activity?.name ?? '').localeCompare(b.activity?.name ?? ''),
  );
  return {
    list: out.slice(0, agendaLimits.maxItems),
    truncated: out.length > agendaLimits.maxItems,
  };
}

/** A reminder due now: what it is about and when that happens. */
export interface DueReminder {
  kind: ReminderKind;
  program_id: string;
  activity_id: string;
  activity_name: string;
  /** The occurrence's key: with kind and activity it names the reminder once. */
  occurrence: string;
  /** The moment the reminder is about (a start, a closing). */
  at: Date;
}

/**
 * Reminders due at `now` for one member's sources: a meeting starting within
 * `meetingStartLeadMinutes`; a meeting's check-in window (open now) or a scheduled quiz's window
 * closing within `closingLeadMinutes`. Nothing for what is done: an attended occurrence, a quiz
 * completed.
 */
export function dueReminders(sources: readonly AgendaSource[], now: Date): DueReminder[] {
  const out: DueReminder[] = [];
  const t = now.getTime();
  // A minute past the longest lead: an occurrence starting exactly at the lead time is in.
  const horizon = new Date(
    t +
      (Math.max(reminderTimes.meetingStartLeadMinutes, reminderTimes.closingLeadMinutes) + 1) *
        minute,
  );
  const soon = (at: Date, lead: number) => at.getTime() > t && at.getTime() - t <= lead * minute;
  for (const s of sources) {
    const about = {
      program_id: s.program_id,
      activity_id: s.activity_id,
      activity_name: s.activity_name,
    };
    if (isMeetingActivityType(s.activity_type)) {
      const schedule = meetingScheduleOf(s.content);
      if (!schedule) continue;
      for (const o of occurrencesBetween(schedule, now, horizon)) {
        if (s.checked_in.includes(o.key)) continue;
        if (soon(o.starts_at, reminderTimes.meetingStartLeadMinutes)) {
          out.push({ kind: 'meeting_start', ...about, occurrence: o.key, at: o.starts_at });
        }
        const windowOpen = t >= o.starts_at.getTime() - attendanceLimits.earlyMinutes * minute;
        if (windowOpen && soon(o.ends_at, reminderTimes.closingLeadMinutes)) {
          out.push({ kind: 'checkin_close', ...about, occurrence: o.key, at: o.ends_at });
        }
      }
      continue;
    }
    if (s.is_complete || !isQuizActivityType(s.activity_type)) continue;
    const schedule = scheduledWindows(s.content);
    if (!schedule) continue;
    for (const o of occurrencesBetween(schedule, now, horizon)) {
      if (o.starts_at.getTime() <= t && soon(o.ends_at, reminderTimes.closingLeadMinutes)) {
        out.push({ kind: 'deadline', ...about, occurrence: o.key, at: o.ends_at });
      }
    }
  }
  return out;
}
