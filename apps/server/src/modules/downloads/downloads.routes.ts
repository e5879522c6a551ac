import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { attachmentHeader, openDownload } from '../../lib/downloads';
import { openRoute } from '../../lib/route';

/** Tokens are 32 random bytes in base64url (43 characters); anything else is not looked up. */
const tokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

export const downloadMessages = {
  notFound: 'Link unduhan tidak ditemukan atau sudah kedaluwarsa',
} as const;

/**
 * `GET /api/download/{token}`: a file made for download (exports, zips, uploaded work), served
 * while its link lives (15 minutes). Public because a browser opens it as a plain link; the
 * token is unguessable and short-lived (DESIGN §11). The answer is the file itself, not the
 * envelope (`data: 'reply'`); on S3, a 302 to a presigned link of a few minutes instead.
 */
export const downloadsRoutes: FastifyPluginAsync = async (app) => {
  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/download/:token',
    tags: ['downloads'],
    summary: 'Download a file by its short-lived link',
    params: tokenParamSchema,
    data: 'reply',
    errorHandler: (error, _request, reply) => {
      // A malformed token is simply a link that does not exist.
      if ((error as { validation?: unknown }).validation) {
        return reply.code(404).send({ status: 404, message: downloadMessages.notFound });
      }
      throw error;
    },
    handler: async ({ params, reply }) => {
      const file = await openDownload({ db: app.db, storage: app.storage }, params.token);
      if (!file) throw AppError.notFound(downloadMessages.notFound);
      if (file.kind === 'redirect') {
        return reply
          .code(302)
          .header('location', file.url)
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          .send();
      }
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });
};
