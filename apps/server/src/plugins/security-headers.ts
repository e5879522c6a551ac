import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's options with a static Content-Security-Policy: every directive a list of strings, none
 * a function of the request (a per-request nonce), so the headers are the same on every answer.
 */
export type SecurityHeadersOptions = HelmetOptions & {
  contentSecurityPolicy: { directives: Record<string, string[]> };
};

/** The headers Helmet's middleware sets with these options, in the order it sets them. */
export function helmetHeaders(options: SecurityHeadersOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    // Helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return [...headers];
}

/**
 * Helmet's security headers on every answer (the API, the built apps, 404s), as @fastify/helmet
 * set them, but worked out once: @fastify/helmet calls `helmet(options)` on every request, which
 * parses the CSP directives again each time, about a tenth of the app's own time per request and
 * much of its garbage. They are set on the raw response, as Helmet does, so an answer
 * written through `reply.raw` carries them too.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
