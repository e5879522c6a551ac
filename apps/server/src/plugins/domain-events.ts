import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDomainEvents, type DomainEvents } from '../lib/domain-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain event bus (lib/domain-events.ts): services publish, notifications subscribe. */
    events: DomainEvents;
  }
}

/** Decorates the app with its domain event bus, before the subscribers and the modules. */
export const domainEventsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('events', createDomainEvents(app.log));
  },
  { name: 'domain-events' },
);
