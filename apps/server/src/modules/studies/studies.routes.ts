import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import {
  studyCreateBodySchema,
  studyListQuerySchema,
  studyListSchema,
  studyMessages,
  studySchema,
} from '@ajar/shared/studies/studies.schemas';
import { ok } from '../../lib/reply';
import * as service from './studies.service';

const tags = ['studies'];

/** Study fields (bidang studi): listed with `program.view`, created with `program.manage`. */
export const studiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/study/v1/list',
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        querystring: studyListQuerySchema,
        response: { 200: envelopeSchema(studyListSchema) },
      },
    },
    async (request) => ok(await service.listStudies(app.db, request.query)),
  );

  app.post(
    '/api/study/v1/create',
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        body: studyCreateBodySchema,
        response: { 200: envelopeSchema(studySchema) },
      },
    },
    async (request) => {
      const { created, ...study } = await service.createStudy(app.db, request.body.title);
      return ok(study, created ? studyMessages.created : 'success');
    },
  );
};
