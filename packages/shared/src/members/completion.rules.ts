import {
  activityContentForm,
  isActivityType,
  isQuizActivityType,
} from '../activities/activities.constants';
import { isMeetingActivityType } from '../attendance/attendance.constants';

/** Seconds watched of a video, as merged, sorted, non-overlapping [from, to) intervals. */
export type WatchedIntervals = Array<[number, number]>;

export const completionLimits = {
  /** The watched share that completes a video unless the author chose another. */
  defaultVideoPercent: 90,
  /**
   * The fastest speed the players offer: the browser's own video controls and YouTube both stop
   * at 2×. A report may advance at most this fast in server time, times `rateMargin`, plus
   * `slackSeconds` for the time requests spend on the way.
   */
  maxPlaybackRate: 2,
  rateMargin: 1.1,
  slackSeconds: 3,
  /**
   * The longest stretch of video one report may add: the players report at least every 10 s of
   * play and at every pause, seek and end, so a longer stretch was not played through (a jump
   * after a long pause, or reports lost on the way).
   */
  maxStretchSeconds: 30,
  /**
   * Share of an activity's `estimated_duration` that must pass (server time, from the first
   * opening) before a reading, PDF or link activity can be completed: see docs/decisions.md.
   */
  readingShare: 0.3,
} as const;

/** Adds [from, to) to merged intervals; answers new merged intervals (the input is not changed). */
export function addInterval(
  intervals: WatchedIntervals,
  from: number,
  to: number,
): WatchedIntervals {
  if (!(to > from)) return intervals.map(([a, b]) => [a, b]);
  const all = [
    ...intervals.map(([a, b]) => [a, b] as [number, number]),
    [from, to] as [number, number],
  ];
  all.sort((x, y) => x[0] - y[0]);
  const out: WatchedIntervals = [];
  for (const [a, b] of all) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Seconds covered by the intervals within [0, duration]. */
export function watchedSeconds(intervals: WatchedIntervals, duration: number): number {
  let total = 0;
  for (const [a, b] of intervals) {
    const from = Math.max(0, a);
    const to = Math.min(duration, b);
    if (to > from) total += to - from;
  }
  return total;
}

/** Whole percent of the video watched (0–100, rounded down so 89.9 is not 90). */
export function watchedPercent(intervals: WatchedIntervals, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(100, Math.floor((100 * watchedSeconds(intervals, duration)) / duration));
}

/**
 * What a progress report adds: the stretch from the previous report's position to this one,
 * only when no faster than the players can play in the server time that passed since that report
 * and no longer than a player plays between two reports. A seek back or a jump forward adds
 * nothing (the next report counts from the new position).
 */
export function acceptedStretch(
  previous: { position: number; at: Date } | null,
  position: number,
  now: Date,
): [number, number] | null {
  if (!previous) return null;
  const from = previous.position;
  if (!(position > from)) return null;
  const elapsed = Math.max(0, (now.getTime() - previous.at.getTime()) / 1000);
  const { maxPlaybackRate, rateMargin, slackSeconds, maxStretchSeconds } = completionLimits;
  const allowed = Math.min(
    elapsed * maxPlaybackRate * rateMargin + slackSeconds,
    maxStretchSeconds,
  );
  return position - from <= allowed ? [from, position] : null;
}

/** Whether the watching passed this second of the video (a pop-up shown there was met). */
export function passedSecond(intervals: WatchedIntervals, second: number, duration: number) {
  const s = Math.max(0, Math.min(second, duration - 1));
  return intervals.some(([a, b]) => a <= s && b > s);
}

/** How an activity is completed, as the complete call and the screens read it. */
export type CompletionRoute =
  | 'quiz'
  | 'upload'
  | 'check_in'
  | 'video'
  /** A PDF opened through the server. */
  | 'file'
  /** A link (Google Form) followed through the server. */
  | 'link'
  /** A page read (its description; a link it shows followed too). */
  | 'page';

export function completionRoute(type: string): CompletionRoute {
  if (isQuizActivityType(type)) return 'quiz';
  if (type === 'praktek_mandiri') return 'upload';
  if (isMeetingActivityType(type)) return 'check_in';
  if (type === 'menonton_video' || type === 'embed_youtube') return 'video';
  const form = isActivityType(type) ? activityContentForm[type] : 'description';
  if (form === 'pdf') return 'file';
  if (form === 'google_form') return 'link';
  return 'page';
}

interface ContentLike {
  description?: unknown;
  file?: { url?: unknown } | null;
  link_embed?: { is_showing?: unknown; url?: unknown } | null;
  embed_youtube?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The link a page or form activity offers ('' when none). */
export function offeredLink(type: string, content: unknown): string {
  const c = (content ?? {}) as ContentLike;
  const url = text(c.link_embed?.url);
  const route = completionRoute(type);
  if (route === 'link') return url;
  if (route === 'page' && Number(c.link_embed?.is_showing) === 1) return url;
  return '';
}

/** The file a PDF or video activity offers ('' when none). */
export function offeredFile(content: unknown): string {
  return text(((content ?? {}) as ContentLike).file?.url);
}

/**
 * Whether an activity lacks what a participant needs to complete it (a PDF or video without its
 * file, a form without its link, a YouTube activity without a video, a page with neither text nor
 * link). Staff see it flagged; a participant cannot complete it.
 */
export function contentMissing(type: string, content: unknown): boolean {
  const c = (content ?? {}) as ContentLike;
  switch (completionRoute(type)) {
    case 'file':
      return offeredFile(content) === '';
    case 'link':
      return offeredLink(type, content) === '';
    case 'video':
      if (type === 'embed_youtube') {
        return !(Array.isArray(c.embed_youtube) && c.embed_youtube.some((v) => text(v?.url)));
      }
      return offeredFile(content) === '';
    case 'page': {
      const body = text(c.description)
        .replace(/<[^>]*>/g, '')
        .trim();
      return body === '' && offeredLink(type, content) === '';
    }
    default:
      return false;
  }
}

/** Seconds that must pass after the first opening of an activity with this estimate (minutes). */
export function requiredReadingSeconds(estimatedMinutes: number): number {
  if (!(estimatedMinutes > 0)) return 0;
  return Math.ceil(estimatedMinutes * 60 * completionLimits.readingShare);
}

/** 'Ditonton 64 % · tonton sampai 90 % untuk menyelesaikan' and its variants. */
export function watchProgressText(watched: number, required: number, popupsLeft: number): string {
  const head = `Ditonton ${watched} %`;
  if (watched < required) return `${head} · tonton sampai ${required} % untuk menyelesaikan`;
  if (popupsLeft > 0) return `${head} · jawab ${popupsLeft} kuis pop-up lagi untuk menyelesaikan`;
  return head;
}
