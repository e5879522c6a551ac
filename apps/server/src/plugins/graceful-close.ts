import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** `closing` turns true when `app.close()` starts (SIGTERM): readiness answers 503 from then. */
    lifecycle: { readonly closing: boolean };
  }
}

/** How often connections that went idle during the drain are closed. */
const reapEveryMs = 100;

/**
 * The drain of `app.close()`: the listening socket is closed (no new connections) and requests
 * in flight finish. Node closes the connections idle at that moment, but a keep-alive connection
 * whose request ends later would stay open until its keep-alive timeout (72 s in Fastify) and
 * hold the close: so responses sent while draining say `Connection: close`, and connections that
 * go idle anyway (Socket.IO's polling requests bypass Fastify) are closed as soon as they do.
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance) => {
    const lifecycle = { closing: false };
    let reaper: NodeJS.Timeout | undefined;
    app.decorate('lifecycle', lifecycle);

    app.addHook('preClose', (done) => {
      lifecycle.closing = true;
      reaper = setInterval(() => app.server.closeIdleConnections(), reapEveryMs);
      reaper.unref();
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (lifecycle.closing) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('onClose', (_instance, done) => {
      clearInterval(reaper);
      done();
    });
  },
  { name: 'graceful-close' },
);
