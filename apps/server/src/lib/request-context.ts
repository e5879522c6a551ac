import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request a piece of work runs for, so the audit trail can note who (role) and from where
 * (address) without every service passing the request down.
 */
const storage = new AsyncLocalStorage<FastifyRequest>();

/**
 * Runs each request's handler inside its context. preHandler, after the body is read: a stream's
 * events do not carry the context an earlier hook would set.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run(request, done);
  });
}

/** The request being served, or undefined in a job or a script. */
export function currentRequest(): FastifyRequest | undefined {
  return storage.getStore();
}
