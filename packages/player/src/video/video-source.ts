// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- hls.js has no types for its light build: this carries ours to every app compiling this file
/// <reference path="../types/hls-light.d.ts" />
import {
  renditionIndexFor,
  type VideoQuality,
  type VideoRendition,
} from '@ajar/shared/media/media-video';

/** A video's adaptive streams (HLS), when its conversion is ready. */
export interface VideoStreams {
  hls_url: string | null;
  poster_url?: string | null;
  /** Lowest first. */
  renditions: readonly VideoRendition[];
}

/** How the element plays: the uploaded mp4, the browser's own HLS, or hls.js. */
export type PlaybackKind = 'mp4' | 'native' | 'hls.js';

export interface AttachedSource {
  kind: PlaybackKind;
  setQuality(quality: VideoQuality): void;
  destroy(): void;
}

/** Media Source Extensions, which hls.js plays through. */
function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && 'MediaSource' in window;
}

/** The rendition name an element plays (`data-rendition`), for the quality shown and the tests. */
function markRendition(el: HTMLVideoElement, name: string | null) {
  if (name) el.dataset.rendition = name;
  else delete el.dataset.rendition;
}

/**
 * Native HLS: the master playlist for 'Otomatis', a rendition's own playlist for a chosen quality,
 * swapped in at the same position (and playing on if it was).
 */
function attachNative(
  el: HTMLVideoElement,
  streams: VideoStreams,
  master: string,
  quality: VideoQuality,
): AttachedSource {
  const urlFor = (q: VideoQuality) => {
    const index = renditionIndexFor(q, streams.renditions);
    const rendition = index === null ? null : streams.renditions[index];
    markRendition(el, rendition?.name ?? null);
    return rendition?.url ?? master;
  };
  el.src = urlFor(quality);
  return {
    kind: 'native',
    setQuality(q) {
      const url = urlFor(q);
      if (el.src.endsWith(url)) return;
      const at = el.currentTime;
      const playing = !el.paused && !el.ended;
      el.addEventListener(
        'loadedmetadata',
        () => {
          el.currentTime = at;
          if (playing) void el.play().catch(() => undefined);
        },
        { once: true },
      );
      el.src = url;
    },
    destroy() {
      el.removeAttribute('src');
      el.load();
    },
  };
}

/**
 * hls.js (its light build, loaded only here, so only with a video screen): it picks renditions
 * by measured bandwidth, and a chosen quality switches in place. `startAt` starts the first
 * segment load there.
 */
async function attachHlsJs(
  el: HTMLVideoElement,
  master: string,
  quality: VideoQuality,
  startAt: number,
): Promise<AttachedSource | null> {
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) return null;
  const startPosition = startAt > 0 ? startAt : -1;
  // 'Hemat data': nothing but the playlists loads before the participant presses play.
  const waitForPlay = quality === 'saver';
  const hls = new Hls({ startPosition, autoStartLoad: !waitForPlay });
  const onPlay = () => hls.startLoad(startPosition);
  if (waitForPlay) el.addEventListener('play', onPlay, { once: true });
  let wanted = quality;
  /** Video levels (hls.js drops the audio-only one when there is video), lowest first. */
  const videoLevels = () =>
    hls.levels
      .map((level, index) => ({ index, height: level.height }))
      .sort((a, b) => a.height - b.height);
  const apply = () => {
    const levels = videoLevels();
    if (levels.length === 0) return;
    const pick = renditionIndexFor(wanted, levels);
    const level = pick === null ? -1 : levels[pick]!.index;
    if (hls.currentLevel !== level || (level === -1 && !hls.autoLevelEnabled)) {
      hls.currentLevel = level;
    }
  };
  hls.on(Hls.Events.MANIFEST_PARSED, apply);
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => {
    const height = hls.levels[data.level]?.height;
    markRendition(el, height ? `${height}p` : null);
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // A network hiccup is retried; anything else falls back to a fresh start of the media.
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
    else hls.recoverMediaError();
  });
  hls.loadSource(master);
  hls.attachMedia(el);
  return {
    kind: 'hls.js',
    setQuality(q) {
      wanted = q;
      apply();
    },
    destroy() {
      el.removeEventListener('play', onPlay);
      hls.destroy();
    },
  };
}

/**
 * Plays `mp4`, or the HLS master of `streams` when there is one: through hls.js where the browser
 * has Media Source Extensions (it can choose a rendition), else natively (iPhone Safari), else the
 * mp4 (docs/decisions.md, "Video that fits the connection").
 */
export async function attachVideoSource(
  el: HTMLVideoElement,
  mp4: string,
  streams: VideoStreams | null | undefined,
  options: { quality: VideoQuality; startAt: number },
): Promise<AttachedSource> {
  const master = streams?.hls_url;
  if (master && streams) {
    if (hasMediaSource()) {
      const attached = await attachHlsJs(el, master, options.quality, options.startAt);
      if (attached) return attached;
    }
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      return attachNative(el, streams, master, options.quality);
    }
  }
  el.src = mp4;
  return { kind: 'mp4', setQuality: () => undefined, destroy: () => undefined };
}
