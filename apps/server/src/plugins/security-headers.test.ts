import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import {
  appDirectives,
  helmetHeaders,
  securityHeadersPlugin,
  type SecurityHeadersOptions,
} from './security-headers';

const options: SecurityHeadersOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers', () => {
  it('are the headers Helmet sets, worked out once', () => {
    const set: Record<string, string> = {};
    const res = {
      setHeader: (name: string, value: string) => (set[name] = value),
      removeHeader: () => undefined,
    };
    helmet(options)({} as never, res as never, () => undefined);
    expect(Object.fromEntries(helmetHeaders(options))).toEqual(set);
    expect(set['Content-Security-Policy']).toContain("img-src 'self' data:");
  });

  it('go on every answer, a 404 and one written through reply.raw too; a route may override one', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, options);
    app.get('/json', async () => ({ ok: true }));
    app.get('/own', async (_request, reply) => reply.header('x-frame-options', 'DENY').send('x'));
    app.get('/raw', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200).end('raw');
    });
    for (const url of ['/json', '/nope', '/raw']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    expect((await app.inject({ method: 'GET', url: '/own' })).headers['x-frame-options']).toBe(
      'DENY',
    );
    await app.close();
  });

  it('let pdf.js run its same-origin worker, embed no object, and upgrade requests only over https', () => {
    const policy = (publicUrl: string | undefined) =>
      new Map(
        helmetHeaders({
          contentSecurityPolicy: { directives: appDirectives(publicUrl) },
        }),
      ).get('Content-Security-Policy') ?? '';
    const https = policy('https://ajar.example');
    expect(https).toContain("worker-src 'self'");
    expect(https).toContain("object-src 'none'");
    expect(https).toContain('upgrade-insecure-requests');
    for (const plain of [undefined, 'http://localhost:3000']) {
      expect(policy(plain)).toContain("worker-src 'self'");
      expect(policy(plain)).not.toContain('upgrade-insecure-requests');
    }
  });
});
