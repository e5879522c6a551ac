import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hlsArguments,
  locateFfmpeg,
  planRenditions,
  transcodeToHls,
  type FfmpegTools,
} from './video-transcode';

/** The tags and URIs of a playlist; throws on anything that is not HLS. */
function parsePlaylist(text: string) {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  expect(lines[0]).toBe('#EXTM3U');
  const entries: { tag: string; uri: string }[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#EXT-X-STREAM-INF:') || line.startsWith('#EXTINF:')) {
      const uri = lines[i + 1]!;
      expect(uri.startsWith('#')).toBe(false);
      entries.push({ tag: line, uri });
      i++;
    }
  }
  return { lines, entries };
}

describe('planRenditions', () => {
  it('takes every rung the source reaches, never upscaling', () => {
    expect(planRenditions(1080).map((r) => r.name)).toEqual(['240p', '360p', '720p']);
    expect(planRenditions(720).map((r) => r.name)).toEqual(['240p', '360p', '720p']);
    expect(planRenditions(480).map((r) => r.name)).toEqual(['240p', '360p']);
    expect(planRenditions(240).map((r) => r.name)).toEqual(['240p']);
    expect(planRenditions(181)).toMatchObject([{ name: '180p', height: 180 }]);
  });

  it('maps an audio-only rendition only when the source has sound', () => {
    const withAudio = hlsArguments('in.mp4', 'out', planRenditions(360), {
      hasAudio: true,
      threads: 1,
    });
    expect(withAudio[withAudio.indexOf('-var_stream_map') + 1]).toBe(
      'v:0,a:0,name:240p v:1,a:1,name:360p a:2,name:audio',
    );
    const silent = hlsArguments('in.mp4', 'out', planRenditions(360), {
      hasAudio: false,
      threads: 1,
    });
    expect(silent[silent.indexOf('-var_stream_map') + 1]).toBe('v:0,name:240p v:1,name:360p');
  });
});

const tools = locateFfmpeg(process.env.FFMPEG_PATH);

describe.runIf(tools)('transcodeToHls', () => {
  let dir: string;
  let source: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-hls-'));
    source = path.join(dir, 'source.mp4');
    // 6 s of 1280×720 test pattern with a tone: tall enough for every rendition.
    execFileSync(tools!.ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1280x720:rate=25:duration=6',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=6',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes 240p, 360p, 720p and audio-only renditions, a master playlist and a poster', async () => {
    const out = path.join(dir, 'out');
    const progress: number[] = [];
    const { renditions, probed } = await transcodeToHls(tools as FfmpegTools, source, out, {
      threads: 1,
      onProgress: (p) => progress.push(p),
    });
    expect(probed).toMatchObject({ width: 1280, height: 720, hasAudio: true });
    expect(renditions.map((r) => r.name)).toEqual(['240p', '360p', '720p']);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBeLessThanOrEqual(99);

    const master = parsePlaylist(fs.readFileSync(path.join(out, 'master.m3u8'), 'utf8'));
    expect(master.entries.map((e) => e.uri)).toEqual([
      '240p/index.m3u8',
      '360p/index.m3u8',
      '720p/index.m3u8',
      'audio/index.m3u8',
    ]);
    for (const [i, height] of [240, 360, 720].entries()) {
      const tag = master.entries[i]!.tag;
      expect(tag).toMatch(/BANDWIDTH=\d+/);
      expect(tag).toMatch(new RegExp(`RESOLUTION=\\d+x${height},`));
      expect(tag).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);
    }
    expect(master.entries[3]!.tag).toMatch(/CODECS="mp4a\.40\.2"/);

    for (const name of ['240p', '360p', '720p', 'audio']) {
      const media = parsePlaylist(fs.readFileSync(path.join(out, name, 'index.m3u8'), 'utf8'));
      expect(media.lines).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(media.lines.at(-1)).toBe('#EXT-X-ENDLIST');
      const target = Number(/^#EXT-X-TARGETDURATION:(\d+)$/m.exec(media.lines.join('\n'))![1]);
      expect(target).toBeGreaterThanOrEqual(4);
      expect(target).toBeLessThanOrEqual(6);
      let total = 0;
      for (const entry of media.entries) {
        total += Number(/^#EXTINF:([\d.]+),/.exec(entry.tag)![1]);
        expect(entry.uri).toMatch(/^seg-\d{5}\.ts$/);
        const segment = fs.readFileSync(path.join(out, name, entry.uri));
        // MPEG-TS: 188-byte packets, each starting with the sync byte.
        expect(segment.length % 188).toBe(0);
        expect(segment[0]).toBe(0x47);
      }
      expect(total).toBeGreaterThan(5.5);
      expect(total).toBeLessThan(6.5);
    }

    const jpeg = fs.readFileSync(path.join(out, 'poster.jpg'));
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The 720p rendition really is 720 lines tall.
    const probe = execFileSync(tools!.ffprobe, [
      '-v',
      'error',
      '-show_entries',
      'stream=height',
      '-of',
      'csv=p=0',
      path.join(out, '720p', 'seg-00000.ts'),
    ]).toString();
    expect(probe.trim().split('\n')[0]).toBe('720');
  }, 120_000);

  it('fails with FFmpeg’s reason on a file that is not a video', async () => {
    const bad = path.join(dir, 'bad.mp4');
    fs.writeFileSync(bad, 'bukan video');
    await expect(
      transcodeToHls(tools as FfmpegTools, bad, path.join(dir, 'bad'), { threads: 1 }),
    ).rejects.toThrow(/ffprobe failed|no video stream/);
  });
});

describe('locateFfmpeg', () => {
  it('answers null for `off` and for a program that does not exist', () => {
    expect(locateFfmpeg('off')).toBeNull();
    expect(locateFfmpeg('/nonexistent/ffmpeg')).toBeNull();
  });
});
