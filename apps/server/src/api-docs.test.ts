import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

/** The API description is not public in production unless API_DOCS turns it on. */
describe('/api/docs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const statuses = async (app: TestApp) =>
    Promise.all(
      ['/api/docs', '/api/docs/json', '/api/docs/static/index.html'].map(
        async (url) => (await app.app.inject({ method: 'GET', url })).statusCode,
      ),
    );

  it('is off in production by default', async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://ajar.example' });
    expect(await statuses(t)).toEqual([404, 404, 404]);
    // The guard still answers the rest of /api as before.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('is on in production with API_DOCS=true, and outside production', async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://ajar.example',
      API_DOCS: 'true',
    });
    expect(await statuses(t)).toEqual([200, 200, 302]);
    await t.close();
    t = await createTestApp();
    expect(await statuses(t)).toEqual([200, 200, 302]);
  });
});
