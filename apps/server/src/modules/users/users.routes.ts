import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { userTarget } from '@ajar/shared/realtime';
import { staffMessages } from '@ajar/shared/users/users.constants';
import {
  staffAccountSchema,
  staffCreateBodySchema,
  staffListQuerySchema,
  staffListSchema,
  staffStatusBodySchema,
  staffUpdateBodySchema,
  trainerListQuerySchema,
  trainerListSchema,
} from '@ajar/shared/users/users.schemas';
import { Reply, staffRoute } from '../../lib/route';
import * as service from './users.service';

const tags = ['users'];

/**
 * Staff accounts: the trainer choice other screens need (the program form's 'Akun trainer'), and
 * the superadmin's account management (`users.manage`).
 */
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

  staffRoute(app, {
    method: 'GET',
    url: '/api/users/v1/staff/list',
    permission: 'users.manage',
    tags,
    summary: 'Staff accounts',
    description:
      'q: search in name and e-mail; role; status active|inactive; sort created_at|fullname; ' +
      "dir; page, limit. A trainer's assigned programs come with the account.",
    query: staffListQuerySchema,
    data: staffListSchema,
    handler: ({ query }) => service.listStaff(app.db, query),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/users/v1/staff/create',
    permission: 'users.manage',
    tags,
    summary: 'Create an admin or trainer account',
    body: staffCreateBodySchema,
    data: staffAccountSchema,
    message: staffMessages.created,
    handler: ({ body, user }) => service.createStaff(app.db, user, body),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/users/v1/staff/update/:id',
    permission: 'users.manage',
    tags,
    summary: 'Update a staff account (name, e-mail, phone, role)',
    params: idParamSchema,
    body: staffUpdateBodySchema,
    data: staffAccountSchema,
    message: staffMessages.updated,
    handler: async ({ user, params, body }) => {
      const account = await service.updateStaff(app.db, user, params.id, body);
      // Requests read the role per request; open sockets are re-checked at once.
      app.realtime.applyRole(params.id, account.role.key);
      return account;
    },
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/users/v1/staff/status/:id',
    permission: 'users.manage',
    tags,
    summary: 'Activate or deactivate a staff account (deactivating ends its sessions at once)',
    params: idParamSchema,
    body: staffStatusBodySchema,
    data: staffAccountSchema,
    handler: async ({ user, params, body }) => {
      const account = await service.setStaffStatus(app.db, user, params.id, body.is_active);
      if (!body.is_active) app.realtime.endSessions({ target: userTarget(params.id) });
      return new Reply(
        account,
        body.is_active ? staffMessages.activated : staffMessages.deactivated,
      );
    },
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/users/v1/staff/reset-link/:id',
    permission: 'users.manage',
    tags,
    summary: 'Send the password reset e-mail to a staff account',
    params: idParamSchema,
    data: z.null(),
    message: staffMessages.resetLinkSent,
    handler: async ({ params }) => {
      await service.sendStaffResetLink(
        { db: app.db, config: app.config, mailer: app.mailer, log: app.log },
        params.id,
      );
      return null;
    },
  });
};
