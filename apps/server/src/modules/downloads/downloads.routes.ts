import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { attachmentHeader, openDownload } from '../../lib/downloads';
import { openRoute } from '../../lib/route';
import { recordAuditEvent } from '../records/audit-trail.service';

/** Tokens are 32 random bytes in base64url (43 characters); anything else is not looked up. */
const tokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

export const downloadMessages = {
  notFound: 'Link unduhan tidak ditemukan atau sudah kedaluwarsa',
  used: 'Tautan unduhan ini sudah dipakai. Unduh ulang dari aplikasi untuk mendapatkan tautan baru.',
  notYours: 'Tautan unduhan ini bukan untuk akun Anda',
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A refusal as a browser shows it: someone who pastes the link into the address bar reads a
 * sentence, not JSON. API clients (Accept without text/html) get the envelope.
 */
function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
) {
  reply.code(status).header('cache-control', 'no-store');
  if (!(request.headers.accept ?? '').includes('text/html')) {
    return reply.send({ status, message });
  }
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Unduhan</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body><main><h1>Unduhan tidak tersedia</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    );
}

/**
 * `GET /api/download/{token}`: a file made for download (exports, zips, uploaded work), served
 * while its link lives (15 minutes), once. Public because a browser opens it as a plain link; the
 * token is unguessable, short-lived and single-use: a second opening is
 * 410, an opener signed in as another staff member 403 (the link stays usable for its owner).
 * The answer is the file itself, not the envelope (`data: 'reply'`); on S3, a 302 to a presigned
 * link of a few minutes instead. No automatic HEAD, which would use the link up.
 */
export const downloadsRoutes: FastifyPluginAsync = async (app) => {
  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/download/:token',
    exposeHeadRoute: false,
    tags: ['downloads'],
    summary: 'Download a file by its short-lived, single-use link',
    params: tokenParamSchema,
    data: 'reply',
    errorHandler: (error, request, reply) => {
      // A malformed token is simply a link that does not exist.
      if ((error as { validation?: unknown }).validation) {
        return sendRefusal(request, reply, 404, downloadMessages.notFound);
      }
      if (error instanceof AppError && [403, 404, 410].includes(error.status)) {
        return sendRefusal(request, reply, error.status, error.message);
      }
      throw error;
    },
    handler: async ({ params, request, reply }) => {
      const file = await openDownload(
        { db: app.db, storage: app.storage },
        params.token,
        request.user?.id ?? null,
      );
      if (!file) throw AppError.notFound(downloadMessages.notFound);
      if (file.kind === 'used') throw new AppError(410, downloadMessages.used);
      if (file.kind === 'notYours') throw AppError.forbidden(downloadMessages.notYours);
      // A staff member's file (exports, zips, uploaded work) is audited when it leaves the server.
      if (file.claimed.userId) {
        await recordAuditEvent(app.db, {
          actorUserId: file.claimed.userId,
          action: 'export.downloaded',
          subjectType: 'export',
          subjectId: file.claimed.id,
          after: { filename: file.claimed.filename },
        });
      }
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
