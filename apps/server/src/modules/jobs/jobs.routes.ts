import type { FastifyPluginAsync } from 'fastify';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { jobMessages } from '@ajar/shared/jobs/jobs.constants';
import { jobListQuerySchema, jobListSchema, jobSchema } from '@ajar/shared/jobs/jobs.schemas';
import { staffRoute } from '../../lib/route';
import * as service from './jobs.service';

const tags = ['jobs'];

/**
 * The staff user's own long work: certificate zips and big exports run as jobs; these
 * routes read them ('Unduhan'). Any staff session; another user's job is 404.
 */
export const jobsRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: '/api/job/v1/list',
    tags,
    summary: "The signed-in user's own jobs, newest first",
    query: jobListQuerySchema,
    data: jobListSchema,
    handler: ({ user, query }) => service.listJobs(app.db, user, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/job/v1/detail/:id',
    tags,
    summary: "One of the user's jobs; `public_url` is a fresh single-use link once it is done",
    params: idParamSchema,
    data: jobSchema,
    handler: ({ user, params }) => service.getJob(app, user, params.id),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/job/v1/cancel/:id',
    tags,
    summary:
      "'Batalkan': stops one of the user's queued or running jobs (a running one at its next page); a cancelled one answers again; 400 once done or failed",
    params: idParamSchema,
    data: jobSchema,
    message: jobMessages.cancelled,
    handler: ({ user, params }) => service.cancelJob(app, user, params.id),
  });
};
