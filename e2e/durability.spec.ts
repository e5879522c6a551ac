import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin } from './support/api';
import { startServer } from '@ajar/test-support';

/** A new admin session through the API (throws unless the server accepts); its token. */
const login = async (url: string) => (await apiLogin(url)).token;

async function me(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/admin/v1/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

describe('the embedded database keeps committed data across restarts', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-durable-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('after a graceful stop (SIGTERM), a session created before is still valid', async () => {
    const first = await startServer({ dataDir });
    const token = await login(first.url);
    await first.stop();
    const second = await startServer({ dataDir });
    try {
      expect(await me(second.url, token)).toBe(200);
      // The demo data is seeded once, not again on the second start.
      const again = await login(second.url);
      expect(again).not.toBe(token);
    } finally {
      await second.stop();
    }
    // Two starts, the first of them seeding the demo data on an empty database.
  }, 150_000);

  it('after a crash (SIGKILL), committed data is still there', async () => {
    const first = await startServer({ dataDir });
    const token = await login(first.url);
    await first.kill();
    const second = await startServer({ dataDir });
    try {
      expect(await me(second.url, token)).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('serves the SPA for deep links and the OpenAPI page', async () => {
    const server = await startServer({ dataDir });
    try {
      const deep = await fetch(`${server.url}/program/some/deep/link`);
      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('<div id="root">');
      const docs = await fetch(`${server.url}/api/docs/json`);
      expect(docs.status).toBe(200);
      const spec = (await docs.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(spec.openapi).toMatch(/^3\./);
      expect(Object.keys(spec.paths)).toContain('/api/health');
      const missingApi = await fetch(`${server.url}/api/nothing-here`);
      expect(missingApi.status).toBe(404);
      expect(await missingApi.json()).toMatchObject({ status: 404 });
    } finally {
      await server.stop();
    }
  });
});
