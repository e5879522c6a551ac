/**
 * Why a participant needs a nudge, pure: the server finds the participants in SQL, the screen and
 * the export say why in the same words.
 */
import { scheduleModes } from '../activities/activities.constants';
import { decodeVideoSchedule, type MetaEntry } from '../activities/activities.rules';
import { occurrencesBetween } from '../attendance/attendance.rules';
import type { AttentionReasons } from './attention.schemas';

/** One published activity of a program, as its schedule is read. */
export interface ScheduledActivity {
  id: string;
  content: Record<string, unknown>;
}

/**
 * The activities a participant should have finished by `now`: every one once the program has
 * ended (`endsAt` passed), else those scheduled by date whose first time range has ended (the
 * participant had a whole window). A weekly schedule opens again every week, so it sets no
 * deadline of its own.
 */
export function dueActivityIds(
  activities: readonly ScheduledActivity[],
  endsAt: Date | null,
  now: Date,
): string[] {
  if (endsAt && endsAt <= now) return activities.map((a) => a.id);
  return activities.flatMap((a) => {
    const meta = Array.isArray(a.content.meta_data) ? (a.content.meta_data as MetaEntry[]) : [];
    const video = decodeVideoSchedule(meta);
    if (!video.is_scheduled || video.schedule.is_day !== scheduleModes.byDate) return [];
    const first = occurrencesBetween(video.schedule, new Date(0), now)[0];
    return first && first.ends_at <= now ? [a.id] : [];
  });
}

/** The reasons as the screen and the export say them, in Indonesian. */
export function attentionReasonTexts(r: AttentionReasons): string[] {
  const out: string[] = [];
  if (r.inactive_days !== null) {
    out.push(
      r.never_active
        ? `Belum mulai belajar sejak bergabung ${r.inactive_days} hari lalu`
        : `Tidak aktif ${r.inactive_days} hari`,
    );
  }
  if (r.behind > 0) out.push(`Tertinggal jadwal: ${r.behind} aktivitas belum selesai`);
  for (const name of r.quiz_failed) out.push(`Belum lulus "${name}", kesempatan habis`);
  return out;
}
