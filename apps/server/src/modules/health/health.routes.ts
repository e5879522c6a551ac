import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import { ok } from '../../lib/reply';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        response: { 200: envelopeSchema(z.object({ db: z.literal('ok') })) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return ok({ db: 'ok' as const });
    },
  );
};
