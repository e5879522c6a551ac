/** Pure helpers of the dashboard: Indonesian number and date formats, and chart scales. */

const numberFormat = new Intl.NumberFormat('id-ID');

/** A count with Indonesian grouping: 1234567 → '1.234.567'. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

// Chart days are calendar dates (`YYYY-MM-DD`, counted in WIB by the server): read and shown in
// UTC so the browser's own time zone never moves them to another day.
const dayShort = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayLong = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** '2025-11-03' → '3 Nov'. */
export function formatDayShort(date: string): string {
  return dayShort.format(utcDate(date));
}

/** '2025-11-03' → 'Senin, 3 November 2025'. */
export function formatDayLong(date: string): string {
  return dayLong.format(utcDate(date));
}

export interface Scale {
  /** The top of the axis, at or above the largest value. */
  max: number;
  /** Gridline values from 0 to `max`, evenly spaced whole numbers. */
  ticks: number[];
}

/**
 * A y axis for counts: the step is 1, 2 or 5 times a power of ten, whole, and chosen so that at
 * most `maxTicks` steps reach the largest value (12 → 0, 5, 10, 15). An empty series gets 0..1.
 */
export function niceScale(largest: number, maxTicks = 4): Scale {
  if (!(largest > 0)) return { max: 1, ticks: [0, 1] };
  const rough = largest / maxTicks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? 10 * power,
  );
  const max = Math.ceil(largest / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max; tick += step) ticks.push(tick);
  return { max, ticks };
}

/**
 * Height (or length) of a bar in percent of the axis. A non-zero value never draws thinner than
 * `minPercent`, so a single redeem among hundreds still shows.
 */
export function barPercent(value: number, max: number, minPercent = 2): number {
  if (!(value > 0) || !(max > 0)) return 0;
  return Math.min(100, Math.max(minPercent, (value / max) * 100));
}

/**
 * Which days of the chart carry a date label: today (the last) and every `every`-th day before
 * it, so labels stay a fixed distance apart and the newest day is always named.
 */
export function labelledDays(count: number, every = 7): Set<number> {
  const shown = new Set<number>();
  for (let i = count - 1; i >= 0; i -= every) shown.add(i);
  return shown;
}

/** The busiest day of a series (the latest one on a tie), or null when every day is empty. */
export function busiestDay<T extends { date: string; total: number }>(days: T[]): T | null {
  let best: T | null = null;
  for (const day of days) if (day.total > 0 && (!best || day.total >= best.total)) best = day;
  return best;
}
