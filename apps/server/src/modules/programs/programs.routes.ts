import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@ajar/shared/common/envelope';
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
import { openRoute, staffRoute } from '../../lib/route';
import * as service from './programs.service';

const tags = ['programs'];

/** Programs (spec 01 §7): reading needs `program.view` (trainers: assigned only), writing `program.manage`. */
export const programsRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): service.ProgramDeps => ({ db: app.db, storage: app.storage });

  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/company/list',
    permission: 'program.view',
    tags,
    summary: 'Programs (a trainer: assigned ones)',
    query: programListQuerySchema,
    data: programListSchema,
    handler: ({ user, query }) => service.listPrograms(app.db, user, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/trainer/list',
    permission: 'program.view',
    tags,
    summary: "The trainer's programs",
    query: trainerProgramListQuerySchema,
    data: programListSchema,
    handler: ({ user, query }) => service.listTrainerPrograms(app.db, user, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/company/detail/:id',
    permission: 'program.view',
    tags,
    summary: 'One program',
    params: idParamSchema,
    data: programSchema,
    handler: ({ user, params }) => service.getProgram(app.db, user, params.id),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/program/v1/company/create',
    permission: 'program.manage',
    tags,
    summary: 'Create a program',
    body: programBodySchema,
    data: programCreatedSchema,
    message: programMessages.created,
    handler: ({ user, body }) => service.createProgram(deps(), user, body),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/program/v1/company/update/:id',
    permission: 'program.manage',
    tags,
    summary: 'Update a program',
    params: idParamSchema,
    body: programBodySchema,
    data: programSchema,
    message: programMessages.updated,
    handler: async ({ user, params, body }) => {
      await service.updateProgram(deps(), user, params.id, body);
      return service.getProgram(app.db, user, params.id);
    },
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/program/v1/company/update-status/:id',
    permission: 'program.manage',
    tags,
    summary: "Change a program's status",
    params: idParamSchema,
    body: programStatusBodySchema,
    data: z.null(),
    message: programMessages.statusChanged,
    handler: async ({ params, body, user }) => {
      await service.changeProgramStatus(app.db, user, params.id, body.status);
      return null;
    },
  });

  staffRoute(app, {
    method: 'DELETE',
    url: '/api/program/v1/company/delete/:id',
    permission: 'program.manage',
    tags,
    summary: 'Delete a program',
    params: idParamSchema,
    data: z.null(),
    message: programMessages.deleted,
    handler: async ({ params, user }) => {
      await service.deleteProgram(app.db, user, params.id);
      return null;
    },
  });

  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/users/v1/public/program/detail/:id',
    tags,
    summary: 'One program, without sign-in',
    params: idParamSchema,
    data: publicProgramSchema,
    handler: ({ params }) => service.getPublicProgram(app.db, params.id),
  });
};
