import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { openRoute } from '../../lib/route';
import { checkReadiness, notReadyMessage } from './health.service';

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

  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/health/live',
    tags: ['health'],
    summary: 'Liveness: the process is up and serving (no database call)',
    description: 'For a liveness probe: restart the process only when this stops answering.',
    data: z.object({ process: z.literal('ok') }),
    handler: async () => ({ process: 'ok' as const }),
  });

  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/health/ready',
    tags: ['health'],
    summary: 'Readiness: the database, Redis (when configured) and the media store answer',
    description:
      'For a load balancer or readiness probe. 200 with `data: { closing, db, redis, storage }` ' +
      '(each `ok`, `error` or `off` for Redis without REDIS_URL); 503 with the same data and a ' +
      'message naming what failed, or while the server shuts down (after SIGTERM).',
    data: 'reply',
    handler: async ({ reply }) => {
      const { ready, ...parts } = await checkReadiness(app);
      // Never cached: a proxy must ask again every time.
      reply.header('cache-control', 'no-store');
      if (ready) return reply.send({ status: 200, message: 'success', data: parts });
      return reply
        .status(503)
        .send({ status: 503, message: notReadyMessage({ ready, ...parts }), data: parts });
    },
  });
};
