/**
 * The one date-time format of Ajar: screens, files and messages show instants as
 * `26 Nov 2026 13:35 WIB`, a 24-hour clock in the provider's time zone with the zone named,
 * whatever the time zone of the browser or the server. The zone is this one setting.
 */
export const displayTimeZone = {
  /** IANA name, for the database (`at time zone`) and `Intl`. */
  id: 'Asia/Jakarta',
  /** How the zone is named after a time. */
  label: 'WIB',
  /** Minutes east of UTC; Jakarta keeps no daylight saving, so the shift is fixed. */
  offsetMinutes: 7 * 60,
} as const;

const shortMonths = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Mei',
  'Jun',
  'Jul',
  'Agu',
  'Sep',
  'Okt',
  'Nov',
  'Des',
] as const;

/**
 * The Excel number format of a date-time cell: the same reading as the screens. The cell holds
 * the zone's wall-clock time (see `toExportWallClock`); `[$-421]` asks for Indonesian month names.
 */
export const excelDateTimeFormat = `[$-421]d mmm yyyy hh:mm "${displayTimeZone.label}"`;

type Instant = Date | string | number;

/** The instant shifted so that its UTC fields read the zone's wall-clock time. */
function wallClock(value: Instant): Date | null {
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time + displayTimeZone.offsetMinutes * 60_000);
}

/** `26 Nov 2026` (the zone's calendar day), or '-' when absent. */
export function formatDate(value: Instant | null | undefined): string {
  const d = value == null || value === '' ? null : wallClock(value);
  if (!d) return '-';
  return `${d.getUTCDate()} ${shortMonths[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** `26 Nov 2026 13:35 WIB`: 24-hour clock, the zone named; '-' when absent. */
export function formatDateTime(value: Instant | null | undefined): string {
  const d = value == null || value === '' ? null : wallClock(value);
  if (!d) return '-';
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(value)} ${hh}:${mm} ${displayTimeZone.label}`;
}

/** `YYYY-MM-DD` of the zone's calendar day of an instant (today by default). */
export function zoneDateKey(value: Instant = new Date()): string {
  return (wallClock(value) ?? new Date(NaN)).toISOString().slice(0, 10);
}

const weekdayNames = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;
/** Indonesian month names, January first (dates written out in both apps and on certificates). */
export const monthNames = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** `Sabtu, 5 Desember 2026`: the zone's calendar day as an Indonesian reader writes it. */
export function formatLongDate(value: Instant): string {
  const d = wallClock(value);
  if (!d) return '-';
  return `${weekdayNames[d.getUTCDay()]}, ${d.getUTCDate()} ${monthNames[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** `19.00 WIB`: the zone's clock time, a dot between hour and minute, the zone named. */
export function formatClock(value: Instant): string {
  const d = wallClock(value);
  if (!d) return '-';
  return `${two(d.getUTCHours())}.${two(d.getUTCMinutes())} ${displayTimeZone.label}`;
}

/**
 * `Sabtu, 5 Desember 2026, 19.00 WIB`: an instant as an Indonesian reader writes it (the day
 * named, a dot between hour and minute), in the provider's zone, the zone named.
 */
export function formatEventTime(value: Instant): string {
  if (!wallClock(value)) return '-';
  return `${formatLongDate(value)}, ${formatClock(value)}`;
}

/** `19.00–21.00 WIB`: a span of one day's clock, the zone named once. */
export function formatClockRange(start: Instant, end: Instant): string {
  const from = wallClock(start);
  if (!from || !wallClock(end)) return '-';
  return `${two(from.getUTCHours())}.${two(from.getUTCMinutes())}–${formatClock(end)}`;
}
