import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ajar/shared/common/messages';
import { createTestApp, type TestApp } from '../test/test-app';
import { dataExceptionMessage, errorsPlugin, frameworkErrors, urlMessages } from './errors';

describe('errors plugin: PostgreSQL data exceptions (a safety net behind the schemas)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // A bare app with the errors plugin and routes that make the real database refuse a value.
    app = Fastify({
      logger: {
        level: 'error',
        stream: { write: (line: string) => logged.push(line) },
      },
    });
    await app.register(errorsPlugin);
    app.get('/out-of-range', async () => t.db.execute(sql`select ${'99999999999'}::int4 as n`));
    app.get('/bad-text', async () => t.db.execute(sql`select ${'abc'}::integer as n`));
    app.get('/bad-sql', async () => t.db.execute(sql`select * from tabel_yang_tidak_ada`));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('answers 400 without SQL for a value PostgreSQL refuses, and logs it as an error', async () => {
    for (const url of ['/out-of-range', '/bad-text']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: dataExceptionMessage });
    }
    expect(logged.filter((l) => l.includes('a schema misses a bound'))).toHaveLength(2);
    expect(logged.join('\n')).toMatch(/"code":"22003"/);
  });

  it('keeps any other database error a 500 that shows nothing of it', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-sql' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, message: messages.serverError });
    expect(res.body).not.toMatch(/tabel_yang_tidak_ada|select|relation/i);
  });
});

describe('frameworkErrors (router refusals the fuzz found outside the envelope)', () => {
  it('answers a URL the router cannot decode, or an over-long parameter, in the envelope', async () => {
    const app = Fastify({ frameworkErrors, routerOptions: { maxParamLength: 100 } });
    app.get('/x/:id', async () => ({ ok: true }));
    const bad = await app.inject({ method: 'GET', url: '/x/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 400, message: urlMessages.badUrl });
    const long = await app.inject({ method: 'GET', url: `/x/${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ status: 414, message: urlMessages.tooLong });
    await app.close();
  });
});
