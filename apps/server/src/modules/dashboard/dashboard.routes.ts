import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import { dashboardSummarySchema } from '@ajar/shared/dashboard/dashboard.schemas';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import * as service from './dashboard.service';

const tags = ['dashboard'];

/** The dashboard's figures (DESIGN §8); every signed-in staff role may read them, in its scope. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/v1/summary',
    {
      config: { permission: 'dashboard.view' },
      schema: { tags, response: { 200: envelopeSchema(dashboardSummarySchema) } },
    },
    async (request) => ok(await service.getSummary(app.db, currentUser(request))),
  );
};
