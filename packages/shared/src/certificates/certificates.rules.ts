import { monthNames } from '../common/datetime';
import { certificateMessages } from './certificates.constants';

/** WIB is UTC+7 all year (no daylight saving), so a fixed shift gives the Jakarta calendar day. */
const wibOffsetMs = 7 * 60 * 60 * 1000;

/** The calendar date in Jakarta time: `{ year, month (1..12), day }`. */
export function wibDate(at: Date | string) {
  const shifted = new Date(new Date(at).getTime() + wibOffsetMs);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** `24 November 2026` (Jakarta calendar day), without relying on the runtime's ICU data. */
export function formatIndonesianDate(at: Date | string): string {
  const { year, month, day } = wibDate(at);
  return `${day} ${monthNames[month - 1]} ${year}`;
}

/**
 * The end of a one-year validity: the same Jakarta calendar day one year after `from` (29 February
 * becomes 28 February), at the end of that day in Jakarta, so the certificate is valid through the
 * whole day printed as 'Berlaku hingga …'.
 */
export function oneYearValidity(from: Date | string): Date {
  const { year, month, day } = wibDate(from);
  const lastDay = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  const endOfDayWib = Date.UTC(year + 1, month - 1, Math.min(day, lastDay), 23, 59, 59, 999);
  return new Date(endOfDayWib - wibOffsetMs);
}

/** Whether a certificate valid until `validUntil` (null: no end) has expired at `now`. */
export function certificateExpired(validUntil: Date | string | null, now: Date): boolean {
  return validUntil !== null && new Date(validUntil).getTime() < now.getTime();
}

/** What decides whether a redemption may get a certificate. */
export interface CertificateFacts {
  progress: number;
  start_test_at: string | Date | null;
  /** `member_redeems.scores` as stored (`post_test.passed`). */
  scores: Record<string, unknown>;
  /** Whether the program has a published post-test at all. */
  has_post_test: boolean;
}

function postTestPassed(scores: Record<string, unknown>): boolean {
  const postTest = scores.post_test;
  return (
    typeof postTest === 'object' &&
    postTest !== null &&
    (postTest as { passed?: unknown }).passed === true
  );
}

/**
 * Why a graduation certificate is refused, or null when it may be issued: the program finished
 * (progress 100) and its post-test passed (a program without a post-test needs progress only).
 */
export function graduationRefusal(facts: CertificateFacts): string | null {
  if (facts.progress < 100) return certificateMessages.notFinished;
  if (facts.has_post_test && !postTestPassed(facts.scores)) {
    return certificateMessages.postTestNotPassed;
  }
  return null;
}

/** Why a participation certificate is refused: the member has not started the program. */
export function participantRefusal(facts: CertificateFacts): string | null {
  return facts.start_test_at ? null : certificateMessages.notStarted;
}

/** `Siti Nurhaliza` → `siti-nurhaliza` (ASCII, for file names inside a zip). */
export function nameSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'peserta';
}

/** A zip entry's name: `sertifikat-{fullname-slug}-{license}.pdf`. */
export function certificateEntryName(fullname: string, license: string): string {
  const safeLicense = license.replace(/[^A-Za-z0-9-]+/g, '-');
  return `sertifikat-${nameSlug(fullname)}-${safeLicense}.pdf`;
}

/** Learning time as printed: `12 jam 30 menit`, `45 menit`, `2 jam`; '' for none. */
export function formatLearningTime(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return [hours > 0 ? `${hours} jam` : '', rest > 0 ? `${rest} menit` : '']
    .filter(Boolean)
    .join(' ');
}
