import type { FastifyPluginAsync } from 'fastify';
import { mediaFormats } from '@ajar/shared/media/media.constants';
import { openRoute } from '../../lib/route';
import { buildImportTemplate } from './files.service';

/** Static files of the back office: the score import template. */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  // Built on first request and kept: it never changes while the server runs.
  let template: Promise<Buffer> | null = null;

  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/file/template-import.xlsx',
    tags: ['media'],
    summary: 'Score import template (.xlsx)',
    data: 'reply',
    handler: async ({ reply }) => {
      template ??= buildImportTemplate().catch((error: unknown) => {
        template = null; // a failed build is retried on the next request
        throw error;
      });
      const file = await template;
      return reply
        .header('content-type', mediaFormats.xlsx.mime)
        .header('content-disposition', 'attachment; filename="template-import.xlsx"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(file);
    },
  });
};
