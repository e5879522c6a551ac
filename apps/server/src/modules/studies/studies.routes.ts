import type { FastifyPluginAsync } from 'fastify';
import {
  studyCreateBodySchema,
  studyListQuerySchema,
  studyListSchema,
  studyMessages,
  studySchema,
} from '@ajar/shared/studies/studies.schemas';
import { Reply, staffRoute } from '../../lib/route';
import * as service from './studies.service';

const tags = ['studies'];

/** Study fields (bidang studi): listed with `program.view`, created with `program.manage`. */
export const studiesRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: '/api/study/v1/list',
    permission: 'program.view',
    tags,
    summary: 'Study fields',
    query: studyListQuerySchema,
    data: studyListSchema,
    handler: ({ query }) => service.listStudies(app.db, query),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/study/v1/create',
    permission: 'program.manage',
    tags,
    summary: 'Create a study field (or answer the existing one of that title)',
    body: studyCreateBodySchema,
    data: studySchema,
    handler: async ({ body }) => {
      const { created, ...study } = await service.createStudy(app.db, body.title);
      return created ? new Reply(study, studyMessages.created) : study;
    },
  });
};
