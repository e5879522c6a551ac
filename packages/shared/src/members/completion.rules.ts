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
   * at 2×. A run of reports may advance at most this fast in server time, times `rateMargin`,
   * plus `slackSeconds` for the time requests spend on the way.
   */
  maxPlaybackRate: 2,
  rateMargin: 1.1,
  slackSeconds: 3,
  /**
   * The longest stretch of video one report may add, and the longest silence within one run of
   * reports: the players report at least every 10 s of play and at every pause, seek and end, so
   * a longer stretch was not played through (a jump after a long pause, or reports lost on the
   * way).
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

/** A progress report as the server keeps it: the video position and the server time it came. */
export interface ReportMark {
  position: number;
  at: Date;
}

/**
 * What the record counts from: the last report it counted (`counted`) and the start of the
 * unbroken run of reports it belongs to (`run`).
 */
export interface WatchCount {
  counted: ReportMark | null;
  run: ReportMark | null;
}

/**
 * What a progress report adds to the watched seconds, and what the next report counts from.
 *
 * The stretch from the last counted position is added when the whole run, from its first report,
 * went no faster than the players can play in the server time that passed (2× with a margin, plus
 * slack). Judging the run and not each report alone matters on a slow or busy connection: a report
 * that arrives late followed by one on time would look too fast on its own, and real watching
 * would be lost. A report that is still too fast is held (the next one counts from the same place);
 * a jump forward longer than a player's report interval or a seek back adds nothing and starts a
 * new run from the new position. A run also starts over after a silence longer than that interval
 * (a pause), so time spent away from the video is not banked for later.
 */
export function countReport(
  state: WatchCount,
  position: number,
  now: Date,
): { stretch: [number, number] | null; next: WatchCount } {
  const here: ReportMark = { position, at: now };
  const { counted, run } = state;
  const { maxPlaybackRate, rateMargin, slackSeconds, maxStretchSeconds } = completionLimits;
  if (!counted) return { stretch: null, next: { counted: here, run: here } };
  const step = position - counted.position;
  if (!(step > 0) || step > maxStretchSeconds)
    return { stretch: null, next: { counted: here, run: here } };
  const silence = (now.getTime() - counted.at.getTime()) / 1000;
  const unbroken =
    run !== null &&
    run.position <= counted.position &&
    run.at <= counted.at &&
    silence <= maxStretchSeconds;
  const anchor = unbroken ? run : counted;
  const elapsed = Math.max(0, (now.getTime() - anchor.at.getTime()) / 1000);
  const allowed = elapsed * maxPlaybackRate * rateMargin + slackSeconds;
  if (!(position - anchor.position <= allowed))
    return { stretch: null, next: { counted, run: anchor } };
  // After a silence the stretch is judged from the last counted report alone, and a new run
  // starts here.
  return {
    stretch: [counted.position, position],
    next: { counted: here, run: unbroken ? run : here },
  };
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
