import { formatScore } from '@ajar/shared/common/format';

/** A 0..1 figure the Indonesian way, two decimals at most ('0,85'); '–' when there is none. */
export const formatIndex = (value: number | null) => (value === null ? '–' : formatScore(value));

/** A 0..1 share as a percentage ('60%', '33,33%'). */
export const formatShare = (value: number | null) =>
  value === null ? '–' : `${formatScore(value * 100)}%`;

/** Seconds as 'm menit s detik' ('30 menit 0 detik'). */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '–';
  const minutes = Math.floor(seconds / 60);
  return `${minutes} menit ${seconds % 60} detik`;
}
