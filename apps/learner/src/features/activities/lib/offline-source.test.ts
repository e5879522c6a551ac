import { describe, expect, it } from 'vitest';
import type { MemberActivityDetail } from '@ajar/shared/members/member-learning.schemas';
import type { VideoStream } from '@ajar/shared/media/media-video';
import type { SavedActivity } from '../../../lib/saved-files';
import { activityDetail } from './activity-detail.fixture';
import { offlineSourceOf, playbackOf } from './offline-source';

const mp4 = '/media/2026/11/00000000-0000-4000-8000-00000000000f.mp4';
const file = { id: '00000000-0000-4000-8000-00000000000f', url: mp4, name: 'pelajaran.mp4' };
const rendition = (height: number) => ({
  name: `${height}p`,
  height,
  url: `/media/hls/f/v1/${height}p/index.m3u8`,
});
const ready: VideoStream = {
  status: 'ready',
  progress: 100,
  hls_url: '/media/hls/f/v1/master.m3u8',
  poster_url: '/media/hls/f/v1/poster.jpg',
  renditions: [rendition(240), rendition(360), rendition(720)],
};

function detail(over: Partial<MemberActivityDetail>): MemberActivityDetail {
  return activityDetail({
    name: 'Video Pelajaran',
    type: 'menonton_video',
    content: { file },
    ...over,
  });
}

describe('offlineSourceOf', () => {
  it("keeps the rendition the player plays: the lowest under 'Hemat data', the chosen quality, 'Sedang' for 'Otomatis'", () => {
    const video = detail({ video_stream: ready });
    const heights = (['saver', 'medium', 'high', 'auto'] as const).map((q) => {
      const source = offlineSourceOf(video, q);
      return source?.kind === 'hls' ? source.rendition.height : null;
    });
    expect(heights).toEqual([240, 360, 720, 360]);
    expect(offlineSourceOf(video, 'saver')).toMatchObject({ poster: ready.poster_url });
  });

  it('keeps the uploaded mp4 when the video has no renditions (none yet, or a failed conversion)', () => {
    expect(offlineSourceOf(detail({}), 'saver')).toEqual({ kind: 'file', url: mp4 });
    expect(offlineSourceOf(detail({ video_stream: null }), 'high')).toEqual({
      kind: 'file',
      url: mp4,
    });
  });

  it("keeps a PDF's file, and nothing for an activity without a file", () => {
    const pdf = '/media/2026/11/buku.pdf';
    expect(
      offlineSourceOf(
        detail({ type: 'membaca-e-book', content: { file: { ...file, url: pdf } } }),
        'auto',
      ),
    ).toEqual({ kind: 'file', url: pdf });
    expect(offlineSourceOf(detail({ content: {} }), 'auto')).toBeNull();
  });
});

describe('playbackOf', () => {
  const saved = (source: SavedActivity['source']): SavedActivity => ({
    activityId: 'a',
    programId: 'p',
    name: 'Video',
    type: 'video',
    source,
    bytes: 1,
    saved_at: '2026-11-28T00:00:00.000Z',
  });

  it("plays the server's streams while nothing is saved", () => {
    expect(playbackOf(mp4, ready, null)).toEqual({ src: mp4, streams: ready });
    expect(playbackOf(mp4, undefined, null)).toEqual({ src: mp4, streams: null });
  });

  it('plays the saved rendition alone (no other quality to fetch) or the saved mp4', () => {
    const hls = playbackOf(
      mp4,
      ready,
      saved({ kind: 'hls', rendition: rendition(240), poster: null }),
    );
    expect(hls.streams).toEqual({
      hls_url: rendition(240).url,
      poster_url: null,
      renditions: [rendition(240)],
    });
    expect(playbackOf(mp4, ready, saved({ kind: 'file', url: mp4 }))).toEqual({
      src: mp4,
      streams: null,
    });
  });
});
