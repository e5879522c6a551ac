import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  pushPublicKeyDataSchema,
  pushSubscriptionBodySchema,
} from '@ajar/shared/auth/auth.schemas';
import { openRoute, staffRoute } from '../../lib/route';
import { removePushSubscription, savePushSubscription } from './auth.service';

/** Web Push: the VAPID public key, and the subscription of the current session. */
export const pushRoutes: FastifyPluginAsync = async (app) => {
  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/push/v1/public-key',
    tags: ['auth'],
    summary: 'VAPID public key for Web Push subscriptions',
    data: pushPublicKeyDataSchema,
    handler: async () => ({ public_key: await app.push.publicKey() }),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/push/v1/subscription',
    tags: ['auth'],
    summary: 'Register or replace the push subscription of this session',
    body: pushSubscriptionBodySchema,
    data: z.null(),
    handler: async ({ user, body }) => {
      await savePushSubscription(
        { db: app.db, config: app.config },
        { sessionId: user.sessionId, userId: user.id },
        body.subscription,
      );
      return null;
    },
  });

  staffRoute(app, {
    method: 'DELETE',
    url: '/api/push/v1/subscription',
    tags: ['auth'],
    summary: 'Remove the push subscription of this session',
    data: z.null(),
    handler: async ({ user }) => {
      await removePushSubscription({ db: app.db }, user);
      return null;
    },
  });
};
