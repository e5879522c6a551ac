import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { defaultThreads, locateFfmpeg } from './video-transcode';
import { defineVideoStreamJob, queueVideoStream } from './video-stream.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Queues an uploaded video's conversion to HLS renditions; null without FFmpeg (the mp4
     * plays). Every upload path of staff videos passes it to `uploadMedia`.
     */
    convertVideo: ((mediaId: string) => Promise<void>) | null;
  }
}

/** Said once per process, however many apps (tests) start. */
let saidNoFfmpeg = false;

/**
 * The videos' conversion to HLS where FFmpeg is present (docs/decisions.md, "Video that fits the
 * connection"); without it (or FFMPEG_PATH=off) the server runs as before, playing the uploaded
 * mp4, and says so once in its log.
 */
export const videoStreamsPlugin = fp(
  async (app: FastifyInstance) => {
    const tools = locateFfmpeg(app.config.FFMPEG_PATH);
    if (!tools) {
      if (!saidNoFfmpeg && app.config.FFMPEG_PATH !== 'off') {
        app.log.warn(
          'ffmpeg not found (FFMPEG_PATH or PATH): uploaded videos are not converted to HLS; their mp4 plays',
        );
      }
      saidNoFfmpeg = true;
      app.decorate('convertVideo', null);
      return;
    }
    const deps = {
      db: app.db,
      storage: app.storage,
      queue: app.queue,
      log: app.log,
      tools,
      threads: app.config.FFMPEG_THREADS ?? defaultThreads(),
    };
    await defineVideoStreamJob(deps);
    app.decorate('convertVideo', (mediaId: string) => queueVideoStream(deps, mediaId));
  },
  { name: 'video-streams', dependencies: ['database', 'storage', 'job-queue'] },
);
