import { exportLimits, exportUtcOffsetMinutes } from './exports.constants';

const dayMs = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of an instant in a fixed UTC offset (minutes east of UTC). */
export function dateAtOffset(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The latest date the export dialog accepts: today where the day is furthest ahead (UTC+14), so
 * staff anywhere who pick "today" in their browser are never refused; a later date is in the
 * future everywhere.
 */
export function latestExportDate(now: Date = new Date()): string {
  return dateAtOffset(now, 14 * 60);
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Whether a date lies within the dialog's bounds (spec 01 §5: 1950-01-01..today). */
export function dateWithinExportBounds(value: string, now: Date = new Date()): boolean {
  return value >= exportLimits.minDate && value <= latestExportDate(now);
}

/**
 * The instants a day range covers in WIB: from `start` 00:00 to the end of `end` (exclusive
 * upper bound), so both days are included whole.
 */
export function exportRangeInstants(start?: string, end?: string): { from?: Date; to?: Date } {
  const offset = exportUtcOffsetMinutes * 60_000;
  return {
    from: start ? new Date(Date.parse(`${start}T00:00:00Z`) - offset) : undefined,
    to: end ? new Date(Date.parse(`${end}T00:00:00Z`) - offset + dayMs) : undefined,
  };
}

/** The wall-clock time of an instant in WIB, as a Date whose UTC fields show it (for Excel). */
export function toExportWallClock(instant: Date): Date {
  return new Date(instant.getTime() + exportUtcOffsetMinutes * 60_000);
}

/** `20250301-1030` in WIB: an export's files of the same day sort by the time they were made. */
export function exportFileStamp(now: Date = new Date()): string {
  const wib = toExportWallClock(now).toISOString();
  return `${wib.slice(0, 10).replaceAll('-', '')}-${wib.slice(11, 16).replace(':', '')}`;
}

/** A title as a file-name part: lower-case ASCII words joined by '-', at most 40 characters. */
export function exportFileSlug(title: string, fallback = 'program'): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || fallback
  );
}
