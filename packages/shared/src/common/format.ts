/** Human file size: switch to KB, MB, GB once above 0.2 of the next unit, two decimals (spec 01 §9). */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (unit < units.length - 1 && value > 0.2 * 1024) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} ${units[unit]}` : `${value.toFixed(2)} ${units[unit]}`;
}

/** Minutes as HH:MM:00, the activity duration display of spec 01 §2. */
export function formatDuration(minutes: number | null | undefined): string {
  const total = Math.max(0, Math.floor(minutes ?? 0));
  const hh = String(Math.floor(total / 60)).padStart(2, '0');
  const mm = String(total % 60).padStart(2, '0');
  return `${hh}:${mm}:00`;
}

/**
 * A whole number with Indonesian thousands separators (`100000` → `100.000`), without `Intl`:
 * formatting through ICU at module load put ~7 MB of its locale data in the idle server's memory.
 */
export function formatThousands(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * A score or points the Indonesian way, at most two decimals (`33.333` → `33,33`, `1234.5` →
 * `1.234,5`), without `Intl` (see `formatThousands`).
 */
export function formatScore(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  const [whole = '0', decimals] = String(Math.abs(rounded)).split('.');
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${formatThousands(Number(whole))}${decimals ? `,${decimals}` : ''}`;
}
