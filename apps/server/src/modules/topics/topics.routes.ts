import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { topicMessages } from '@ajar/shared/topics/topics.constants';
import {
  topicCreateBodySchema,
  topicCreatedSchema,
  topicListQuerySchema,
  topicListSchema,
  topicReorderBodySchema,
  topicSchema,
  topicUpdateBodySchema,
} from '@ajar/shared/topics/topics.schemas';
import { staffRoute } from '../../lib/route';
import * as service from './topics.service';

const tags = ['topics'];

/** Topics (spec 01 §7): trainers read their programs' topics; writing needs `program.manage`. */
export const topicsRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: '/api/topic/v1/list',
    permission: 'program.view',
    tags,
    summary: "A program's topics",
    query: topicListQuerySchema,
    data: topicListSchema,
    handler: ({ user, query }) => service.listTopics(app.db, user, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/topic/v1/detail/:id',
    permission: 'program.view',
    tags,
    summary: 'One topic',
    params: idParamSchema,
    data: topicSchema,
    handler: ({ user, params }) => service.getTopic(app.db, user, params.id),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/topic/v1/create',
    permission: 'program.manage',
    tags,
    summary: 'Create a topic',
    body: topicCreateBodySchema,
    data: topicCreatedSchema,
    message: topicMessages.created,
    handler: ({ body }) => service.createTopic(app.db, body),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/topic/v1/update/:id',
    permission: 'program.manage',
    tags,
    summary: 'Update a topic',
    params: idParamSchema,
    body: topicUpdateBodySchema,
    data: topicSchema,
    message: topicMessages.updated,
    handler: ({ params, body }) => service.updateTopic(app.db, params.id, body),
  });

  staffRoute(app, {
    method: 'DELETE',
    url: '/api/topic/v1/delete/:id',
    permission: 'program.manage',
    tags,
    summary: 'Delete a topic',
    params: idParamSchema,
    data: z.null(),
    message: topicMessages.deleted,
    handler: async ({ params }) => {
      await service.deleteTopic(app.db, params.id);
      return null;
    },
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/topic/v1/reorder',
    permission: 'program.manage',
    tags,
    summary: 'Move a topic within its program',
    body: topicReorderBodySchema,
    data: z.object({ seq: z.number().int() }),
    message: topicMessages.reordered,
    handler: ({ body }) => service.reorderTopic(app.db, body),
  });
};
