import { describe, expect, it } from 'vitest';
import { formatSavedSize, playlistFiles } from './saved-files';

describe('formatSavedSize', () => {
  it('shows megabytes with one decimal and the Indonesian comma, below 1 MB whole kilobytes', () => {
    expect(formatSavedSize(13_002_342)).toBe('12,4 MB');
    expect(formatSavedSize(1024 * 1024)).toBe('1,0 MB');
    expect(formatSavedSize(870_400)).toBe('850 KB');
    expect(formatSavedSize(10)).toBe('1 KB');
  });
});

describe('playlistFiles', () => {
  const base = 'https://ajar.contoh.id/media/hls/abc/v1/240p/index.m3u8';

  it("lists a rendition's segments in order, resolved against the playlist", () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXTINF:4.000000,',
      'seg-00000.ts',
      '#EXTINF:4.000000,',
      'seg-00001.ts',
      '',
      '#EXTINF:1.5,',
      '/media/hls/abc/v1/240p/seg-00002.ts',
      '#EXT-X-ENDLIST',
    ].join('\r\n');
    expect(playlistFiles(text, base)).toEqual([
      'https://ajar.contoh.id/media/hls/abc/v1/240p/seg-00000.ts',
      'https://ajar.contoh.id/media/hls/abc/v1/240p/seg-00001.ts',
      'https://ajar.contoh.id/media/hls/abc/v1/240p/seg-00002.ts',
    ]);
  });

  it('keeps the init section of fragmented mp4 segments', () => {
    const text = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg-1.m4s\n#EXT-X-ENDLIST\n';
    expect(playlistFiles(text, base)).toEqual([
      'https://ajar.contoh.id/media/hls/abc/v1/240p/init.mp4',
      'https://ajar.contoh.id/media/hls/abc/v1/240p/seg-1.m4s',
    ]);
  });
});
