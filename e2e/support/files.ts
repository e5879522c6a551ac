import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { repoRoot } from '@ajar/test-support';

/**
 * Real file bytes (what the server's byte sniffing accepts) and temp files for `setInputFiles`.
 * The server's test factories have their own builders, but they import the database schema, so
 * these stay plain Node.
 */

/** A real 12-second VP9 MP4 that Debian's chromium plays. */
export const videoFixture = path.join(repoRoot, 'e2e/fixtures/video-12s.mp4');

/** Writes `content` to a new temp directory under `name`; the file's path. */
export function tmpFile(name: string, content: Buffer | string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-file-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

export type Rgb = [number, number, number];

/** A real 8-bit RGB PNG: one colour, or a colour per pixel. */
export function png(width: number, height: number, colour: Rgb | ((x: number, y: number) => Rgb)) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const pixel = typeof colour === 'function' ? colour : () => colour;
  const raw: number[] = [];
  for (let y = 0; y < height; y++) {
    raw.push(0); // no filter
    for (let x = 0; x < width; x++) raw.push(...pixel(x, y));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(raw))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG with a horizontal and a vertical gradient, tinted by `tint` (pictures tell apart). */
export function gradientPng(width: number, height: number, tint = 0): Buffer {
  return png(width, height, (x, y) => [
    (tint * 23) % 256,
    Math.round((x / width) * 255),
    Math.round((y / height) * 255),
  ]);
}

/** A real, playable WAV: a sine tone. */
export function toneWav(frequency: number, seconds = 1): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const value = Math.sin((2 * Math.PI * frequency * i) / rate) * 8000;
    wav.writeInt16LE(Math.round(value), 44 + i * 2);
  }
  return wav;
}
