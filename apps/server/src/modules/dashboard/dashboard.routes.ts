import type { FastifyPluginAsync } from 'fastify';
import { dashboardSummarySchema } from '@ajar/shared/dashboard/dashboard.schemas';
import { staffRoute } from '../../lib/route';
import * as service from './dashboard.service';

const tags = ['dashboard'];

/** The dashboard's figures; every signed-in staff role may read them, in its scope. */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: '/api/dashboard/v1/summary',
    permission: 'dashboard.view',
    tags,
    summary: "The dashboard's figures",
    data: dashboardSummarySchema,
    handler: ({ user }) => service.getSummary(app.db, user),
  });
};
