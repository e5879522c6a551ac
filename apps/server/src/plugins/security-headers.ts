import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's options with a static Content-Security-Policy: every directive a list of strings, none
 * a function of the request (a per-request nonce), so the headers are the same on every answer.
 */
export type SecurityHeadersOptions = HelmetOptions & {
  /** A directive set to null drops one of Helmet's defaults. */
  contentSecurityPolicy: { directives: Record<string, string[] | null> };
};

/**
 * The app's Content-Security-Policy directives (on top of Helmet's defaults, which keep
 * `object-src 'none'`: PDFs are drawn by pdf.js in a canvas, not embedded as objects).
 * `publicUrl`: the server's public origin.
 */
export function appDirectives(publicUrl: string | undefined): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    // MUI (emotion) injects style tags at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    // The API and the realtime socket are on the page's own origin; 'self' covers its ws:/wss:
    // too (CSP Level 3), so no socket goes to any other host.
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    frameSrc: [
      "'self'",
      'https://www.youtube.com',
      // Ajar Belajar embeds YouTube in its privacy-enhanced mode.
      'https://www.youtube-nocookie.com',
      'https://docs.google.com',
    ],
    // pdf.js's worker, a same-origin asset of the apps.
    workerSrc: ["'self'"],
    // Helmet's upgrade-insecure-requests only where the server is reached over https: over plain
    // http (a developer's machine, the browser tests) Chromium sends a same-origin redirect (the
    // opening address of a PDF) to https, which such a server does not answer.
    ...(publicUrl?.startsWith('https:') ? {} : { upgradeInsecureRequests: null }),
  };
}

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
