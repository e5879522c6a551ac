import type { FastifyPluginAsync } from 'fastify';
import { programAnalyticsMessages } from '@ajar/shared/analytics/program-analytics.constants';
import {
  gainListSchema,
  programAnalyticsExportQuerySchema,
  programAnalyticsExportSchema,
  programAnalyticsParamSchema,
  programAnalyticsQuerySchema,
  programAnalyticsSchema,
  programGainListQuerySchema,
} from '@ajar/shared/analytics/program-analytics.schemas';
import { staffRoute } from '../../lib/route';
import { exportProgramAnalytics } from './program-analytics.export';
import * as service from './program-analytics.service';

const permission = 'program.view';
const base = '/api/v1/analytics/program/:programId';

/**
 * 'Analitik Program': what a program's learning record teaches (learning gain, the activity
 * funnel, videos, attendance, practice work), for staff who may see the program.
 */
export const programAnalyticsRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: base,
    permission,
    tags: ['analytics'],
    summary: "A program's analytics: learning gain, funnel, videos, attendance, practice work",
    description: 'education_level keeps only participants of that level.',
    params: programAnalyticsParamSchema,
    query: programAnalyticsQuerySchema,
    data: programAnalyticsSchema,
    handler: ({ user, params, query }) =>
      service.programAnalytics(app.db, user, params.programId, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/gain`,
    permission,
    tags: ['analytics'],
    summary: "One page of the participants' pre-test, post-test and gain, by name",
    params: programAnalyticsParamSchema,
    query: programGainListQuerySchema,
    data: gainListSchema,
    handler: ({ user, params, query }) => service.gainList(app.db, user, params.programId, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/export`,
    permission,
    tags: ['analytics'],
    summary: "One section of a program's analytics as .xlsx",
    description: 'Answers `data.public_url`, a short-lived link.',
    params: programAnalyticsParamSchema,
    query: programAnalyticsExportQuerySchema,
    data: programAnalyticsExportSchema,
    message: programAnalyticsMessages.exported,
    handler: ({ user, params, query }) =>
      exportProgramAnalytics(
        { db: app.db, storage: app.storage, config: app.config },
        user,
        params.programId,
        query,
      ),
  });
};
