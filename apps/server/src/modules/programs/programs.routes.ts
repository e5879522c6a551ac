import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idParamSchema } from '@ajar/shared/common/envelope';
import { programMessages } from '@ajar/shared/programs/programs.constants';
import {
  programBodySchema,
  programCreatedSchema,
  programListQuerySchema,
  programListSchema,
  programSchema,
  programStatusBodySchema,
  publicProgramSchema,
  trainerProgramListQuerySchema,
} from '@ajar/shared/programs/programs.schemas';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import * as service from './programs.service';

const tags = ['programs'];

/** Programs (spec 01 §7): reading needs `program.view` (trainers: assigned only), writing `program.manage`. */
export const programsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.ProgramDeps => ({ db: app.db, storage: app.storage });
  app.get(
    '/api/program/v1/company/list',
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        querystring: programListQuerySchema,
        response: { 200: envelopeSchema(programListSchema) },
      },
    },
    async (request) => ok(await service.listPrograms(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/api/program/v1/trainer/list',
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        querystring: trainerProgramListQuerySchema,
        response: { 200: envelopeSchema(programListSchema) },
      },
    },
    async (request) =>
      ok(await service.listTrainerPrograms(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/api/program/v1/company/detail/:id',
    {
      config: { permission: 'program.view' },
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: envelopeSchema(programSchema) },
      },
    },
    async (request) =>
      ok(await service.getProgram(app.db, currentUser(request), request.params.id)),
  );

  app.post(
    '/api/program/v1/company/create',
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        body: programBodySchema,
        response: { 200: envelopeSchema(programCreatedSchema) },
      },
    },
    async (request) =>
      ok(
        await service.createProgram(deps(), currentUser(request), request.body),
        programMessages.created,
      ),
  );

  app.put(
    '/api/program/v1/company/update/:id',
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        params: idParamSchema,
        body: programBodySchema,
        response: { 200: envelopeSchema(programSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await service.updateProgram(deps(), request.params.id, request.body);
      return ok(await service.getProgram(app.db, user, request.params.id), programMessages.updated);
    },
  );

  app.put(
    '/api/program/v1/company/update-status/:id',
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        params: idParamSchema,
        body: programStatusBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.changeProgramStatus(app.db, request.params.id, request.body.status);
      return ok(null, programMessages.statusChanged);
    },
  );

  app.delete(
    '/api/program/v1/company/delete/:id',
    {
      config: { permission: 'program.manage' },
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.deleteProgram(app.db, request.params.id);
      return ok(null, programMessages.deleted);
    },
  );

  app.get(
    '/api/users/v1/public/program/detail/:id',
    {
      config: { public: true },
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: envelopeSchema(publicProgramSchema) },
      },
    },
    async (request) => ok(await service.getPublicProgram(app.db, request.params.id)),
  );
};
