import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertVapidConfig, createPush, type PushSubscriptionStore } from '../lib/push';

/**
 * Decorates the app with the staff's Web Push sender (lib/push.ts). The subscriptions come in as
 * an option: app.ts wires the auth module's store.
 */
export const pushPlugin = fp(
  async (app: FastifyInstance, { subscriptions }: { subscriptions: PushSubscriptionStore }) => {
    assertVapidConfig(app.config);
    app.decorate('push', createPush({ config: app.config, subscriptions, log: app.log }));
  },
  { name: 'push', dependencies: ['database'], decorators: { fastify: ['config'] } },
);
