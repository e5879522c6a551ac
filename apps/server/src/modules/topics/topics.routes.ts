import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idParamSchema } from '@ajar/shared/common/envelope';
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
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import * as service from './topics.service';

const tags = ['topics'];

/** Topics (spec 01 §7): trainers read their programs' topics; writing needs `program.manage`. */
export const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/topic/v1/list',
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        querystring: topicListQuerySchema,
        response: { 200: envelopeSchema(topicListSchema) },
      },
    },
    async (request) => ok(await service.listTopics(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/api/topic/v1/detail/:id',
    {
      config: { permission: 'program.view' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(topicSchema) } },
    },
    async (request) => ok(await service.getTopic(app.db, currentUser(request), request.params.id)),
  );

  app.post(
    '/api/topic/v1/create',
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        body: topicCreateBodySchema,
        response: { 200: envelopeSchema(topicCreatedSchema) },
      },
    },
    async (request) => ok(await service.createTopic(app.db, request.body), topicMessages.created),
  );

  app.put(
    '/api/topic/v1/update/:id',
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        params: idParamSchema,
        body: topicUpdateBodySchema,
        response: { 200: envelopeSchema(topicSchema) },
      },
    },
    async (request) =>
      ok(await service.updateTopic(app.db, request.params.id, request.body), topicMessages.updated),
  );

  app.delete(
    '/api/topic/v1/delete/:id',
    {
      config: { permission: 'program.manage' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await service.deleteTopic(app.db, request.params.id);
      return ok(null, topicMessages.deleted);
    },
  );

  app.put(
    '/api/topic/v1/reorder',
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        body: topicReorderBodySchema,
        response: { 200: envelopeSchema(z.object({ seq: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await service.reorderTopic(app.db, request.body), topicMessages.reordered),
  );
};
