import {
  dayNames,
  scheduleModes,
  type DayValue,
} from '@ajar/shared/activities/activities.constants';
import { timeToMinutes, type Schedule } from '@ajar/shared/activities/activities.rules';
import { displayTimeZone, formatClockRange, formatLongDate } from '@ajar/shared/common/datetime';

/** The instant of a WIB wall-clock time `HH:MM` on a `YYYY-MM-DD` day. */
function zoneInstant(date: string, time: string): Date {
  const midnight = Date.parse(`${date}T00:00:00Z`) - displayTimeZone.offsetMinutes * 60_000;
  return new Date(midnight + timeToMinutes(time) * 60_000);
}

// Any day serves to write a weekly time: only its clock is read.
const anyDay = '2026-01-01';

/**
 * The schedule's lines as a reader writes them: 'Sabtu, 5 Desember 2026, 19.00–21.00 WIB' for a
 * date, 'Setiap Sabtu, 19.00–21.00 WIB' for a weekly day.
 */
export function meetingScheduleLines(schedule: Schedule): string[] {
  if (schedule.is_day === scheduleModes.byDay) {
    return schedule.days.flatMap((d) =>
      d.times.map(
        (t) =>
          `Setiap ${dayNames[d.day as DayValue] ?? d.day}, ${formatClockRange(
            zoneInstant(anyDay, t.start_time),
            zoneInstant(anyDay, t.end_time),
          )}`,
      ),
    );
  }
  return schedule.dates.flatMap((d) =>
    d.times.map((t) => {
      const start = zoneInstant(d.date, t.start_time);
      return `${formatLongDate(start)}, ${formatClockRange(start, zoneInstant(d.date, t.end_time))}`;
    }),
  );
}

/** The staff's Google Drive link, when the author chose to show it ('Tampilkan Link Google Drive'). */
export function meetingDriveLink(linkEmbed: { is_showing?: unknown; url?: unknown } | undefined) {
  if (!linkEmbed) return null;
  const shown = linkEmbed.is_showing === 1 || linkEmbed.is_showing === true;
  return shown && typeof linkEmbed.url === 'string' && linkEmbed.url ? linkEmbed.url : null;
}
