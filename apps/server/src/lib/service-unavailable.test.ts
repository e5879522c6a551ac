import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';
import { serviceUnavailableMessage, unavailableCause } from './service-unavailable';

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('a database that cannot be reached answers 503, a wrong query stays a 500', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-unavailable-'));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells a refused connection from a bad query', async () => {
    const away = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${await closedPort()}/none`,
    });
    const refused = await away.db.execute(sql`select 1`).catch((e: unknown) => e);
    await away.close();
    expect(unavailableCause(refused)).toMatchObject({ code: 'ECONNREFUSED' });

    const wrong = await t.db.execute(sql`select * from no_such_table`).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(Error);
    expect(unavailableCause(wrong)).toBeNull();
  });

  it('answers the envelope with Retry-After and no internals while the database is away', async () => {
    const database = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${await closedPort()}/none`,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const app = await buildApp({ config, database });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/program/v1/company/list',
        headers: { authorization: 'Bearer 0123456789abcdef' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 503, message: serviceUnavailableMessage });
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.body).not.toMatch(/ECONNREFUSED|select|sessions/i);
    } finally {
      await app.close();
    }
  });
});
