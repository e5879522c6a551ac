import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isMediaExtension, mediaFormats, mediaMessages } from '@ajar/shared/media/media.constants';
import { AppError } from '../../lib/app-error';
import { openRoute } from '../../lib/route';
import { parseRange } from './byte-range';
import { hlsFileExtension, mediaKeyPattern } from './media-urls';

/** The Content-Security-Policy of a served PDF: see the handler. */
export const pdfPolicy = "sandbox; default-src 'none'; frame-ancestors 'self'";

/** Keys never change content (a new upload gets a new uuid), so browsers may keep them a year. */
const immutableCache = 'public, max-age=31536000, immutable';

/** The types of a video's HLS files, by extension. */
const streamTypes: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
};

/** How long an S3 link to a segment works, and how long its redirect may be cached. */
const segmentLinkSeconds = 6 * 60 * 60;
const segmentRedirectCache = `public, max-age=${60 * 60}`;

/**
 * A file of a video's HLS renditions (video-stream.service.ts). Its folder is versioned, so it is
 * cached for a year. On S3 the segments and poster (the bytes) are a redirect to a signed link to
 * the bucket; the playlists, a few hundred bytes each, are answered here so their relative
 * addresses keep pointing at this route (docs/decisions.md, "Video that fits the connection").
 */
async function serveStreamFile(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string,
  ext: string,
) {
  const type = streamTypes[ext]!;
  const info = await app.storage.stat(key);
  if (!info) throw AppError.notFound();
  if (ext !== 'm3u8' && app.storage.presignedUrl) {
    const url = await app.storage.presignedUrl(key, {
      expiresInSeconds: segmentLinkSeconds,
      contentType: type,
    });
    return reply.code(302).header('cache-control', segmentRedirectCache).redirect(url);
  }
  reply
    .header('content-type', type)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', immutableCache)
    .header('content-length', String(info.size));
  return reply.request.method === 'HEAD'
    ? reply.send()
    : reply.send(await app.storage.createReadStream(key));
}

/** `GET /media/*`: stored files with single-range support, so a video can seek. */
export const mediaFileRoutes: FastifyPluginAsync = async (app) => {
  openRoute(app, {
    access: 'public',
    method: ['GET', 'HEAD'],
    url: '/media/*',
    // Fastify's automatic HEAD would read the whole file to discard it.
    exposeHeadRoute: false,
    hide: true,
    tags: ['media'],
    summary: 'A stored media file',
    params: z.object({ '*': z.string() }),
    data: 'reply',
    handler: async ({ params, request, reply }) => {
      const key = params['*'];
      const stream = hlsFileExtension(key);
      if (stream) return serveStreamFile(app, reply, key, stream);
      const ext = mediaKeyPattern.exec(key)?.[1];
      if (!ext || !isMediaExtension(ext)) throw AppError.notFound();
      const info = await app.storage.stat(key);
      if (!info) throw AppError.notFound();

      const etag = `"${info.size.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;
      reply
        .header('content-type', mediaFormats[ext].mime)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', immutableCache)
        .header('etag', etag)
        .header('last-modified', info.modifiedAt.toUTCString())
        .header(
          'content-disposition',
          // A spreadsheet is a download; the rest is shown in the page.
          mediaFormats[ext].type === 'xlsx' ? 'attachment' : 'inline',
        );

      // A PDF is shown inline (the participants' app frames it) but as a sandboxed document
      // of no origin, allowed to load nothing and framed only by the app. Chromium's
      // viewer still renders it.
      if (mediaFormats[ext].type === 'pdf') reply.header('content-security-policy', pdfPolicy);

      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      // If-Range: a range is only honoured against the same version of the file.
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
      const range = parseRange(rangeHeader, info.size);
      if (range.kind === 'unsatisfiable') {
        reply.removeHeader('content-disposition');
        return reply
          .code(416)
          .header('content-range', `bytes */${info.size}`)
          .header('content-type', 'application/json; charset=utf-8')
          .send({ status: 416, message: mediaMessages.rangeNotSatisfiable });
      }

      const isHead = request.method === 'HEAD';
      if (range.kind === 'partial') {
        const { start, end } = range.range;
        reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${info.size}`)
          .header('content-length', String(end - start + 1));
        return isHead
          ? reply.send()
          : reply.send(await app.storage.createReadStream(key, range.range));
      }
      reply.header('content-length', String(info.size));
      return isHead ? reply.send() : reply.send(await app.storage.createReadStream(key));
    },
  });
};
