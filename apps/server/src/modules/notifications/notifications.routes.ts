import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { notificationMessages } from '@ajar/shared/notifications/notifications.constants';
import {
  memberNotificationListQuerySchema,
  memberNotificationListSchema,
  notificationCreateBodySchema,
  notificationCreatedSchema,
  notificationListQuerySchema,
  notificationRecipientsQuerySchema,
  notificationRecipientsSchema,
  sentNotificationListSchema,
} from '@ajar/shared/notifications/notifications.schemas';
import { memberRoute, staffRoute } from '../../lib/route';
import * as service from './notifications.service';

const tags = ['notifications'];

/** Notifications to participants (spec 01 §2 /notifikasi): staff send, members read theirs. */
export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const push = app.participantPush;

  staffRoute(app, {
    method: 'POST',
    url: '/api/notification/v1/create',
    permission: 'notification.send',
    tags,
    summary: 'Send a notification to participants (all, or by program and progress range)',
    description:
      'Creates every recipient’s in-app notification in one statement; Web Push follows in ' +
      'the background (see `delivered` in the list).',
    body: notificationCreateBodySchema,
    data: notificationCreatedSchema,
    message: notificationMessages.sent,
    handler: ({ user, body }) =>
      service.createNotification({ db: app.db, push, realtime: app.realtime }, user, body),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/notification/v1/recipients',
    permission: 'notification.send',
    tags,
    summary: 'How many participants a target reaches (shown before sending)',
    query: notificationRecipientsQuerySchema,
    data: notificationRecipientsSchema,
    handler: ({ query }) => service.countRecipients(app.db, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/notification/v1/list',
    permission: 'notification.send',
    tags,
    summary: 'Sent notifications, newest first, with recipients and delivered counts',
    query: notificationListQuerySchema,
    data: sentNotificationListSchema,
    handler: ({ query }) => service.listSentNotifications(app.db, query),
  });

  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/notification/list',
    tags: ['member'],
    summary: "The member's notifications, newest first, with the read flag",
    query: memberNotificationListQuerySchema,
    data: memberNotificationListSchema,
    handler: ({ query, member }) => service.listMemberNotifications(app.db, member, query),
  });

  memberRoute(app, {
    method: 'PUT',
    url: '/api/member/v1/notification/read/:id',
    tags: ['member'],
    summary: 'Mark one of the member’s notifications read',
    params: idParamSchema,
    data: z.null(),
    message: notificationMessages.read,
    handler: async ({ params, member }) => {
      await service.readMemberNotification(app.db, member, params.id);
      return null;
    },
  });
};
