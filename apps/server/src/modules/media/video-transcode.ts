import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/*
 * FFmpeg as the server runs it: Debian's `ffmpeg` package (docs/decisions.md, "Video that fits
 * the connection"). Everything here works on files in a temp folder; storage is the caller's.
 */

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

/** Whether the program answers `-version` (so it exists and runs). */
function runs(program: string): boolean {
  const result = spawnSync(program, ['-hide_banner', '-version'], {
    stdio: 'ignore',
    timeout: 10_000,
  });
  return result.status === 0;
}

const located = new Map<string, FfmpegTools | null>();

/**
 * FFmpeg and its ffprobe (the same package ships both): `configured` (FFMPEG_PATH, its ffprobe
 * beside it), else `ffmpeg` on PATH; null when absent or `off`. Looked up once per process.
 */
export function locateFfmpeg(configured: string | undefined): FfmpegTools | null {
  const key = configured ?? '';
  if (located.has(key)) return located.get(key)!;
  let tools: FfmpegTools | null = null;
  if (configured !== 'off') {
    const ffmpeg = configured ?? 'ffmpeg';
    const ffprobe = configured ? path.join(path.dirname(configured), 'ffprobe') : 'ffprobe';
    if (runs(ffmpeg) && runs(ffprobe)) tools = { ffmpeg, ffprobe };
  }
  located.set(key, tools);
  return tools;
}

/** Threads of one conversion: half the cores by default, so requests keep the other half. */
export function defaultThreads(): number {
  return Math.max(1, Math.floor(os.availableParallelism() / 2));
}

export interface ProbedVideo {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one FFmpeg program at the lowest priority (a conversion must never slow the requests the
 * same machine answers), killed when `signal` aborts. `onLine` gets stdout's lines as they come.
 */
function run(
  program: string,
  args: readonly string[],
  options: { signal?: AbortSignal; onLine?: (line: string) => void } = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // Lowering one's own child's priority is always allowed; a failure changes nothing else.
      }
    }
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < 1_000_000) stdout += chunk;
      if (!options.onLine) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line.trim());
    });
    // Only the end of stderr is kept: it says why a conversion failed.
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (err) => {
      options.signal?.removeEventListener('abort', abort);
      reject(err);
    });
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted) reject(new Error('video conversion stopped'));
      else resolve({ code, stdout, stderr });
    });
  });
}

export async function probeVideo(tools: FfmpegTools, file: string): Promise<ProbedVideo> {
  const result = await run(tools.ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,width,height:format=duration',
    '-of',
    'json',
    file,
  ]);
  if (result.code !== 0) throw new Error(`ffprobe failed: ${result.stderr.trim()}`);
  const parsed = JSON.parse(result.stdout) as {
    streams?: { codec_type?: string; width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) throw new Error('no video stream');
  return {
    duration: Number(parsed.format?.duration ?? 0) || 0,
    width: video.width!,
    height: video.height!,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

export interface Rendition {
  name: string;
  height: number;
  /** kbit/s of video and of audio. */
  videoKbps: number;
  audioKbps: number;
}

/** The ladder: small enough for 2G-ish mobile data at the bottom, sharp on a laptop at the top. */
const ladder: readonly Rendition[] = [
  { name: '240p', height: 240, videoKbps: 300, audioKbps: 64 },
  { name: '360p', height: 360, videoKbps: 700, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2500, audioKbps: 128 },
];

/** The audio-only rendition's bitrate (kbit/s). */
export const audioOnlyKbps = 64;

/**
 * The renditions of a source `height` pixels tall: every rung the source reaches (never an
 * upscale); a source under 240 lines gets one rendition at its own (even) height.
 */
export function planRenditions(height: number): Rendition[] {
  const reached = ladder.filter((r) => r.height <= height);
  if (reached.length > 0) return reached;
  const own = Math.max(2, height - (height % 2));
  return [{ ...ladder[0]!, name: `${own}p`, height: own }];
}

/** Seconds of one segment: a few seconds, so a switch of rendition takes effect soon. */
export const segmentSeconds = 4;

/** FFmpeg's arguments for every rendition, the audio-only one and the master playlist. */
export function hlsArguments(
  input: string,
  outDir: string,
  renditions: readonly Rendition[],
  options: { hasAudio: boolean; threads: number },
): string[] {
  const n = renditions.length;
  const split = `[0:v]split=${n}${renditions.map((_, i) => `[s${i}]`).join('')}`;
  const scales = renditions.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-threads',
    String(options.threads),
    '-i',
    input,
    '-filter_complex',
    [split, ...scales].join(';'),
    '-filter_complex_threads',
    '1',
  ];
  const streamMap: string[] = [];
  renditions.forEach((r, i) => {
    args.push(
      '-map',
      `[v${i}]`,
      `-c:v:${i}`,
      'libx264',
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.2)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    );
    if (options.hasAudio) {
      args.push('-map', '0:a:0', `-c:a:${i}`, 'aac', `-b:a:${i}`, `${r.audioKbps}k`);
      streamMap.push(`v:${i},a:${i},name:${r.name}`);
    } else {
      streamMap.push(`v:${i},name:${r.name}`);
    }
  });
  if (options.hasAudio) {
    args.push('-map', '0:a:0', `-c:a:${n}`, 'aac', `-b:a:${n}`, `${audioOnlyKbps}k`);
    streamMap.push(`a:${n},name:audio`);
  }
  args.push(
    '-threads',
    String(options.threads),
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    // A key frame every 2 s and none elsewhere: segments cut evenly, renditions switch cleanly.
    '-sc_threshold',
    '0',
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    path.join(outDir, '%v', 'seg-%05d.ts'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streamMap.join(' '),
    '-progress',
    'pipe:1',
    '-nostats',
    path.join(outDir, '%v', 'index.m3u8'),
  );
  return args;
}

/**
 * Converts `input` into HLS renditions and a poster in `outDir`; `onProgress` gets 0–99 as the
 * encoding advances. Answers the renditions made.
 */
export async function transcodeToHls(
  tools: FfmpegTools,
  input: string,
  outDir: string,
  options: {
    threads: number;
    signal?: AbortSignal;
    onProgress?: (percent: number) => void;
  },
): Promise<{ renditions: Rendition[]; probed: ProbedVideo }> {
  const probed = await probeVideo(tools, input);
  const renditions = planRenditions(probed.height);
  const args = hlsArguments(input, outDir, renditions, {
    hasAudio: probed.hasAudio,
    threads: options.threads,
  });
  let last = -1;
  const converted = await run(tools.ffmpeg, args, {
    signal: options.signal,
    onLine: (line) => {
      const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
      if (!match || probed.duration <= 0) return;
      const percent = Math.min(99, Math.floor((Number(match[1]) / 1e6 / probed.duration) * 100));
      if (percent > last) {
        last = percent;
        options.onProgress?.(percent);
      }
    },
  });
  if (converted.code !== 0) throw new Error(`ffmpeg failed: ${converted.stderr.trim()}`);

  // A frame a little into the video (the very first is often black), at most 360 lines tall.
  const at = Math.min(1, probed.duration / 2);
  const poster = await run(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-threads',
      String(options.threads),
      '-ss',
      at.toFixed(2),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      `scale=-2:${Math.min(360, renditions[renditions.length - 1]!.height)}`,
      '-q:v',
      '4',
      path.join(outDir, 'poster.jpg'),
    ],
    { signal: options.signal },
  );
  if (poster.code !== 0) throw new Error(`ffmpeg poster failed: ${poster.stderr.trim()}`);
  return { renditions, probed };
}
