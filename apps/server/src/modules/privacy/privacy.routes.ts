import type { FastifyPluginAsync } from 'fastify';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { privacyMessages } from '@ajar/shared/privacy/privacy.constants';
import { memberDataExportSchema } from '@ajar/shared/privacy/privacy.schemas';
import { attachmentHeader } from '../../lib/downloads';
import { openRoute } from '../../lib/route';
import { currentMember } from '../../plugins/member-auth';
import * as exports from './data-export.service';

const tags = ['privacy'];

/** Participants' rights over their personal data (docs/personal-data.md). */
export const privacyRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, queue: app.queue, log: app.log });
  await exports.defineExportJob(deps());

  openRoute(app, {
    access: 'member',
    method: 'GET',
    url: '/api/member/v1/privacy/export',
    tags,
    summary: "The member's latest copy of their data ('Unduh data saya'), or null",
    data: memberDataExportSchema.nullable(),
    handler: ({ request }) => exports.latestExport(app.db, currentMember(request).id),
  });

  openRoute(app, {
    access: 'member',
    method: 'POST',
    url: '/api/member/v1/privacy/export',
    tags,
    summary: 'Starts a zip of everything the system holds about the member (a queued job)',
    description:
      'One still being made or still downloadable is answered instead of a second. Follow it with GET; when `downloadable`, GET …/export/{id}/download serves it once, within 24 hours.',
    data: memberDataExportSchema,
    message: privacyMessages.exportStarted,
    handler: ({ request }) => exports.startExport(deps(), currentMember(request).id),
  });

  openRoute(app, {
    access: 'member',
    method: 'GET',
    url: '/api/member/v1/privacy/export/:id/download',
    tags,
    summary: "The member's data zip, once (404 when downloaded already, expired or not theirs)",
    params: idParamSchema,
    data: 'reply',
    handler: async ({ params, request, reply }) => {
      const file = await exports.openExport(deps(), currentMember(request).id, params.id);
      reply.raw.once('close', () => {
        file.done().catch((err: unknown) => app.log.warn({ err }, 'member export not removed'));
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });
};
