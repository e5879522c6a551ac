import type { FastifyPluginAsync } from 'fastify';
import { trainerListQuerySchema, trainerListSchema } from '@ajar/shared/users/users.schemas';
import { staffRoute } from '../../lib/route';
import * as service from './users.service';

const tags = ['users'];

/** Staff accounts as other screens need them (the program form's 'Akun trainer'). */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: '/api/users/v1/trainers',
    permission: 'program.manage',
    tags,
    security: [{ bearer: [] }],
    summary: 'Active trainer accounts',
    description:
      'For linking a facilitator to a trainer account. q: search in name and e-mail; ids: ' +
      'comma-separated account ids; limit (-1 = all), page.',
    query: trainerListQuerySchema,
    data: trainerListSchema,
    handler: ({ query }) => service.listTrainers(app.db, query),
  });
};
