import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { openRoute } from '../../lib/route';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/health',
    tags: ['health'],
    summary: 'The server and its database answer',
    data: z.object({ db: z.literal('ok') }),
    handler: async () => {
      await app.db.execute(sql`select 1`);
      return { db: 'ok' as const };
    },
  });
};
