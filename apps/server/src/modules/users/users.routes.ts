import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import { trainerListQuerySchema, trainerListSchema } from '@ajar/shared/users/users.schemas';
import { ok } from '../../lib/reply';
import * as service from './users.service';

const tags = ['users'];

/** Staff accounts as other screens need them (the program form's 'Akun trainer'). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/v1/trainers',
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Active trainer accounts',
        description:
          'For linking a facilitator to a trainer account. q: search in name and e-mail; ids: ' +
          'comma-separated account ids; limit (-1 = all), page.',
        querystring: trainerListQuerySchema,
        response: { 200: envelopeSchema(trainerListSchema) },
      },
    },
    async (request) => ok(await service.listTrainers(app.db, request.query)),
  );
};
