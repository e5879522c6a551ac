import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { isMediaExtension, mediaFormats, mediaMessages } from '@ajar/shared/media/media.constants';
import { AppError } from '../../lib/app-error';
import { openRoute } from '../../lib/route';
import { parseRange } from './byte-range';
import { mediaKeyPattern } from './media-urls';

/** The Content-Security-Policy of a served PDF: see the handler. */
export const pdfPolicy = "sandbox; default-src 'none'; frame-ancestors 'self'";

/** Keys never change content (a new upload gets a new uuid), so browsers may keep them a year. */
const immutableCache = 'public, max-age=31536000, immutable';

/** `GET /media/*`: stored files with single-range support, so a video can seek (DESIGN §6). */
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
