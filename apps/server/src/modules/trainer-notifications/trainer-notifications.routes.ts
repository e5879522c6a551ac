import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { trainerNotificationMessages } from '@ajar/shared/trainer-notifications/trainer-notifications.constants';
import {
  trainerNotificationListQuerySchema,
  trainerNotificationListSchema,
} from '@ajar/shared/trainer-notifications/trainer-notifications.schemas';
import { staffRoute } from '../../lib/route';
import * as service from './trainer-notifications.service';

const tags = ['notification'];

/** The bell of the top bar (spec 01 §2, §7): every staff user sees only their own. */
export const trainerNotificationsRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: '/api/notification/v1/trainer/list',
    tags,
    summary: 'The signed-in user’s notifications (reads=0 unread, reads=1 read)',
    query: trainerNotificationListQuerySchema,
    data: trainerNotificationListSchema,
    handler: ({ user, query }) => service.list(app.db, user.id, query),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/notification/v1/trainer/read/:id',
    tags,
    summary: 'Mark one of the signed-in user’s notifications read',
    params: idParamSchema,
    data: z.null(),
    message: trainerNotificationMessages.read,
    handler: async ({ user, params }) => {
      await service.markRead(app.db, user.id, params.id);
      return null;
    },
  });
};
