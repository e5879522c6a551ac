import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { VideoStream } from '@ajar/shared/media/media-video';
import type { DbOrTx } from '../../db/client';
import { defineJob, jobHeartbeatSeconds, type JobQueue } from '../../lib/job-queue';
import { isUuid } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import { findMediaById, updateVideoStream, type MediaRow } from './media.repository';
import { transcodeToHls, type FfmpegTools } from './video-transcode';

/*
 * An uploaded video's conversion to HLS renditions (docs/decisions.md, "Video that fits the
 * connection"): one job per video on the job queue, one at a time per server, FFmpeg at low
 * priority with a thread cap. The outputs go to storage under `hls/<media id>/<version>/…`: a new
 * version for every conversion, so a served file never changes and may be cached for a year.
 */

export const videoStreamQueue = 'media-video-stream';

/** Every conversion of a media item (each version a folder inside). */
export const hlsFolderOf = (mediaId: string) => `hls/${mediaId}`;

/** The master playlist under a conversion's folder. */
export const masterPlaylist = 'master.m3u8';
export const posterImage = 'poster.jpg';

export interface VideoStreamDeps {
  db: DbOrTx;
  storage: Storage;
  queue: JobQueue;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  tools: FfmpegTools;
  threads: number;
}

/** A media row's streams as the screens read them; null but for a video being or once converted. */
export function toVideoStream(
  row: Pick<MediaRow, 'type' | 'video_status' | 'video_progress' | 'hls_prefix' | 'hls_heights'>,
  storage: Pick<Storage, 'publicUrl'>,
): VideoStream | null {
  if (row.type !== 'video' || !row.video_status) return null;
  const ready = row.video_status === 'ready' && row.hls_prefix !== null;
  const prefix = row.hls_prefix;
  return {
    status: row.video_status,
    progress: ready ? 100 : row.video_progress,
    hls_url: ready ? storage.publicUrl(`${prefix}/${masterPlaylist}`) : null,
    poster_url: ready ? storage.publicUrl(`${prefix}/${posterImage}`) : null,
    renditions: ready
      ? (row.hls_heights ?? []).map((height) => ({
          name: `${height}p`,
          height,
          url: storage.publicUrl(`${prefix}/${height}p/index.m3u8`),
        }))
      : [],
  };
}

/** Every file under `dir`, relative, `/`-separated. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** Progress is written at most this often (each write is a database update). */
const progressEveryMs = 1000;

/**
 * Converts one video: its original copied out of storage to a temp folder (FFmpeg seeks in it),
 * converted there, the outputs stored under a new version folder, then the row points at it. A
 * video removed meanwhile leaves nothing behind.
 */
export async function runVideoStream(
  deps: VideoStreamDeps,
  mediaId: string,
  signal?: AbortSignal,
): Promise<void> {
  const row = await findMediaById(deps.db, mediaId);
  if (!row || row.type !== 'video') return;
  await updateVideoStream(deps.db, mediaId, { video_status: 'processing', video_progress: 0 });
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'ajar-video-'));
  const prefix = `${hlsFolderOf(mediaId)}/${randomBytes(6).toString('hex')}`;
  const stored: string[] = [];
  try {
    const input = path.join(work, 'source.mp4');
    await pipeline(await deps.storage.createReadStream(row.storage_key), createWriteStream(input));
    const out = path.join(work, 'out');
    let writtenAt = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const { renditions } = await transcodeToHls(deps.tools, input, out, {
      threads: deps.threads,
      signal,
      onProgress: (percent) => {
        const now = Date.now();
        if (now - writtenAt < progressEveryMs) return;
        writtenAt = now;
        writing = writing.then(() =>
          updateVideoStream(deps.db, mediaId, { video_progress: percent }).catch(() => false),
        );
      },
    });
    await writing;
    for (const file of await filesUnder(out)) {
      const key = `${prefix}/${file}`;
      await deps.storage.put(key, createReadStream(path.join(out, file)));
      stored.push(key);
    }
    const kept = await updateVideoStream(deps.db, mediaId, {
      video_status: 'ready',
      video_progress: 100,
      hls_prefix: prefix,
      hls_heights: renditions.map((r) => r.height),
    });
    if (!kept) throw new Error('video removed during its conversion');
    // A former conversion's files (a retried job) are kept: cached playlists may still name them.
  } catch (err) {
    for (const key of stored) await deps.storage.remove(key).catch(() => undefined);
    throw err;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * The conversion job. A conversion that fails marks the video failed (its mp4 keeps playing); a
 * server that stops or dies mid-way hands the job on (its lost heartbeat, one retry). One runs at
 * a time on a server: a conversion takes the cores it is given.
 */
export async function defineVideoStreamJob(deps: VideoStreamDeps): Promise<void> {
  await defineJob<{ mediaId: string }>(deps.queue, {
    name: videoStreamQueue,
    queue: {
      retryLimit: 1,
      retryDelay: 30,
      heartbeatSeconds: jobHeartbeatSeconds,
      // A 100 MB upload at one thread converts in well under this.
      expireInSeconds: 3 * 60 * 60,
    },
    concurrency: 1,
    handler: async (job) => {
      try {
        await runVideoStream(deps, job.data.mediaId, job.signal);
        deps.log.info({ mediaId: job.data.mediaId }, 'video converted to HLS');
      } catch (err) {
        // The server is stopping: the job is retried by the next server, as it stands.
        if (job.signal.aborted) throw err;
        deps.log.error({ err, mediaId: job.data.mediaId }, 'video conversion failed');
        await updateVideoStream(deps.db, job.data.mediaId, { video_status: 'failed' });
      }
    },
  });
}

/** Queues the conversion of a just uploaded video (its row already says `queued`). */
export async function queueVideoStream(
  deps: Pick<VideoStreamDeps, 'db' | 'queue'>,
  mediaId: string,
): Promise<void> {
  try {
    await deps.queue.send(videoStreamQueue, { mediaId });
  } catch (err) {
    await updateVideoStream(deps.db, mediaId, { video_status: 'failed' });
    throw err;
  }
}

/**
 * The streams of the video an activity's content names (`file.id`), once they are ready: what a
 * participant's player needs to play it adaptively. Null otherwise (the mp4 at `file.url` plays).
 */
export async function readyStreamOfContent(
  deps: { db: DbOrTx; storage: Pick<Storage, 'publicUrl'> },
  content: unknown,
): Promise<VideoStream | null> {
  const id = (content as { file?: { id?: unknown } } | null)?.file?.id;
  if (typeof id !== 'string' || !isUuid(id)) return null;
  const row = await findMediaById(deps.db, id);
  const stream = row ? toVideoStream(row, deps.storage) : null;
  return stream?.status === 'ready' ? stream : null;
}
