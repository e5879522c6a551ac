import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { isGuardedRoute } from './auth';

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

const someId = '0b5e4c1e-6a53-4c6a-9d3e-6f1f8f4f2a10';
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('route guard', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('decides from the route pattern and its config', () => {
    expect(isGuardedRoute('/api/program/v1/company/list', {})).toBe(true);
    expect(isGuardedRoute('/api/docs/json', {})).toBe(false);
    expect(isGuardedRoute('/api/admin/v1/login', { public: true })).toBe(false);
    expect(isGuardedRoute('/media/*', {})).toBe(false);
    // A permission guards a route wherever it lives.
    expect(isGuardedRoute('/export/*', { permission: 'program.manage' })).toBe(true);
  });

  it('answers a percent-encoded path exactly as the plain one, for every documented route', async () => {
    const spec = t.app.swagger() as unknown as OpenApi;
    const operations = Object.entries(spec.paths).flatMap(([path, ops]) =>
      methods.filter((method) => method in ops).map((method) => ({ path, method })),
    );
    expect(operations.length).toBeGreaterThan(40);
    for (const { path, method } of operations) {
      const url = path.replace(/\{[^}]+\}/g, someId);
      const encoded = url.replace(/^\/api\//, '/%61pi/');
      const plain = await t.app.inject({ method, url });
      const sneaky = await t.app.inject({ method, url: encoded });
      expect({ route: `${method} ${path}`, status: sneaky.statusCode }).toEqual({
        route: `${method} ${path}`,
        status: plain.statusCode,
      });
    }
  });

  it('refuses the encoded path of a route that never reads the user', async () => {
    const trainers = await t.app.inject({ method: 'GET', url: '/%61pi/users/v1/trainers' });
    expect(trainers.statusCode).toBe(401);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/%61pi/program/v1/company/delete/${someId}`,
    });
    expect(remove.statusCode).toBe(401);
  });
});
