import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushPublicKeyDataSchema,
  pushSubscriptionBodySchema,
} from '@ajar/shared/auth/auth.schemas';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import { removePushSubscription, savePushSubscription } from './auth.service';

const emptyEnvelope = envelopeSchema(z.null());

/** Web Push: the VAPID public key, and the subscription of the current session. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/push/v1/public-key',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'VAPID public key for Web Push subscriptions',
        security: [],
        response: { 200: envelopeSchema(pushPublicKeyDataSchema) },
      },
    },
    async () => ok({ public_key: await app.push.publicKey() }),
  );

  app.put(
    '/api/push/v1/subscription',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register or replace the push subscription of this session',
        body: pushSubscriptionBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await savePushSubscription(
        { db: app.db },
        { sessionId: user.sessionId, userId: user.id },
        request.body.subscription,
      );
      return ok(null);
    },
  );

  app.delete(
    '/api/push/v1/subscription',
    {
      schema: {
        tags: ['auth'],
        summary: 'Remove the push subscription of this session',
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await removePushSubscription({ db: app.db }, currentUser(request));
      return ok(null);
    },
  );
};
