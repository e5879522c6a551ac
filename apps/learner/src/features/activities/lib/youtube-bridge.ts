import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The YouTube embed's own message channel (what the IFrame API script does inside, without
 * loading that script): the player is embedded with `enablejsapi=1`, the app says it is
 * listening, and the player then reports `infoDelivery` with its `currentTime` and `duration`
 * (the API's getCurrentTime / getDuration). Resuming is the address's `start` parameter, not
 * `seekTo`: seekTo on a player that has not played yet starts playback by itself.
 */

export const youtubeOrigins = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

/** What the player reports: its time while it plays and its state (1 playing, 2 paused, 0 ended). */
export interface YoutubeInfo {
  currentTime?: number;
  duration?: number;
  playerState?: number;
}

/** The player's message as the app reads it, or null when it is not one. */
export function readYoutubeMessage(data: unknown): { event: string; info: YoutubeInfo } | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.event !== 'string') return null;
  const raw = (v.info && typeof v.info === 'object' ? v.info : {}) as Record<string, unknown>;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  return {
    event: v.event,
    info: {
      currentTime: num(raw.currentTime),
      duration: num(raw.duration),
      playerState: num(raw.playerState),
    },
  };
}

/** The embed address with the message channel on, starting at `startAt` (whole seconds). */
export function youtubePlayerUrl(embed: string, origin: string, startAt = 0): string {
  const url = new URL(embed);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('origin', origin);
  url.searchParams.set('rel', '0');
  const start = Math.floor(startAt);
  if (start > 0) url.searchParams.set('start', String(start));
  return url.toString();
}

const post = (frame: HTMLIFrameElement, message: Record<string, unknown>) => {
  const target = frame.contentWindow;
  if (!target) return;
  const origin = youtubeOrigins.find((o) => frame.src.startsWith(`${o}/`));
  if (origin) target.postMessage(JSON.stringify({ ...message, id: 1, channel: 'widget' }), origin);
};

/**
 * Follows a YouTube player's time: `onTime(position, duration)` on play, pause, end, a jump, and about
 * every `every` seconds of play.
 */
export function useYoutubeProgress(
  frame: RefObject<HTMLIFrameElement | null>,
  options: { onTime: (position: number, duration: number) => void; every?: number },
) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    let duration = 0;
    let reported = -1;
    let time = 0;
    let state: number | undefined;
    const listen = () => post(el, { event: 'listening' });
    const report = (force = false) => {
      if (duration <= 0 || (!force && Math.abs(time - reported) < 0.5)) return;
      reported = time;
      latest.current.onTime(time, duration);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== el.contentWindow || !youtubeOrigins.includes(event.origin)) return;
      const message = readYoutubeMessage(event.data);
      if (!message) return;
      if (message.event !== 'infoDelivery' && message.event !== 'initialDelivery') return;
      const info = message.info;
      if (info.duration !== undefined && info.duration > 0) duration = info.duration;
      const jumped = info.currentTime !== undefined && Math.abs(info.currentTime - time) > 5;
      if (info.currentTime !== undefined) time = info.currentTime;
      // Playing starts (state 1): reported, as the server counts from one report to the next.
      const started = info.playerState === 1 && state !== 1;
      if (info.playerState !== undefined) state = info.playerState;
      if (reported < 0 && time < 1 && !started) return; // not started yet: nothing to save
      const every = latest.current.every ?? 10;
      if (
        info.playerState === 0 ||
        info.playerState === 2 ||
        started ||
        jumped ||
        Math.abs(time - reported) >= every
      )
        report(started);
    };
    window.addEventListener('message', onMessage);
    el.addEventListener('load', listen);
    listen();
    return () => {
      window.removeEventListener('message', onMessage);
      el.removeEventListener('load', listen);
    };
  }, [frame]);
}

/**
 * Seconds a YouTube embed has to answer once on screen before the app offers to watch on
 * YouTube: a working player answers within a second or two even on a slow phone connection.
 */
export const youtubeAnswerSeconds = 8;

/**
 * Whether the embedded player answered: 'waiting', then 'answered' on its first message, or
 * 'silent' when `seconds` passed on screen without one (the embed blocked or too slow to load).
 * A late answer still turns it 'answered'. The wait starts when the frame comes into view, as a
 * lazy frame below the fold does not load before.
 */
export function useYoutubeAnswer(
  frame: RefObject<HTMLIFrameElement | null>,
  seconds = youtubeAnswerSeconds,
): 'waiting' | 'answered' | 'silent' {
  const [answer, setAnswer] = useState<'waiting' | 'answered' | 'silent'>('waiting');
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== el.contentWindow || !youtubeOrigins.includes(event.origin)) return;
      clearTimeout(timer);
      setAnswer('answered');
      window.removeEventListener('message', onMessage);
    };
    window.addEventListener('message', onMessage);
    const start = () => {
      timer ??= setTimeout(
        () => setAnswer((now) => (now === 'waiting' ? 'silent' : now)),
        seconds * 1000,
      );
    };
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'undefined') start();
    else {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          start();
          observer?.disconnect();
        }
      });
      observer.observe(el);
    }
    return () => {
      window.removeEventListener('message', onMessage);
      observer?.disconnect();
      clearTimeout(timer);
    };
  }, [frame, seconds]);
  return answer;
}
