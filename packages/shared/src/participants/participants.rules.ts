import { participantLimits, workActivityTypes } from './participants.constants';

/**
 * The feedback score field while typing (spec 01 §5: digits only, clamped 0 to 100): every
 * non-digit is dropped, leading zeros go, and anything above 100 becomes 100. Empty stays empty
 * so the field can be cleared.
 */
export function clampScoreInput(raw: string): string {
  const digits = raw.replace(/\D+/g, '');
  if (digits === '') return '';
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  // Compare by length first: a long run of digits is above 100 without parsing it.
  if (trimmed.length > 3 || Number(trimmed) > participantLimits.scoreMax) {
    return String(participantLimits.scoreMax);
  }
  return trimmed;
}

/**
 * Detail Voucher's end date (spec 01 §4): shown only when `end_test_at` is set and progress is
 * 100; otherwise the screen shows a dash.
 */
export function voucherEndDate(
  endTestAt: string | null | undefined,
  progress: number,
): string | null {
  return endTestAt && progress === 100 ? endTestAt : null;
}

/** `YYYY-MM-DD` of an instant in a fixed UTC offset (minutes east of UTC). */
export function isoDateAtOffset(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The latest birth date accepted: today where the day is furthest ahead (UTC+14). A date after
 * it is in the future everywhere, so a staff member anywhere who picks "today" in the browser
 * is never refused by the server.
 */
export function latestBirthDate(now: Date = new Date()): string {
  return isoDateAtOffset(now, 14 * 60);
}

/** Whether the feedback form belongs on an activity (practice work, or work/feedback present). */
export function acceptsFeedback(activity: {
  type: string;
  hasWork: boolean;
  hasFeedback: boolean;
}): boolean {
  return (
    (workActivityTypes as readonly string[]).includes(activity.type) ||
    activity.hasWork ||
    activity.hasFeedback
  );
}
