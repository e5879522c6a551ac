import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A real H.264/AAC mp4 that FFmpeg generates: a test pattern with a tone. */
export function generatedVideo(
  ffmpeg: string,
  { width = 640, height = 360, seconds = 5 } = {},
): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-video-'));
  const file = path.join(dir, 'v.mp4');
  try {
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i'],
      `testsrc=size=${width}x${height}:rate=25:duration=${seconds}`,
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...['-movflags', '+faststart', '-shortest', file],
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
