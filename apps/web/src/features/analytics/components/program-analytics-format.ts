const decimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
const fixed = new Intl.NumberFormat('id-ID', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A figure in the Indonesian way: '1.250', '33,33'; '–' when there is none. */
export function formatFigure(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : decimal.format(value);
}

/** A share 0..1 as a percentage with two decimals: '33,33%'. */
export function formatShare(share: number | null | undefined): string {
  return share === null || share === undefined ? '–' : `${fixed.format(share * 100)}%`;
}

/** Seconds as m:ss ('1:05'). */
export function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The width of a bar of `value` out of `max`, in percent (0 when max is 0). */
export function barWidth(value: number, max: number): number {
  return max > 0 ? Math.min(100, (value / max) * 100) : 0;
}
