import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, staffLogin } from './support/http';
import {
  createPgDatabase,
  startServerProcess,
  systemAdmin,
  type PgDatabase,
  type ServerProcess,
} from './support/server-process';

/**
 * The packages the server loads on their first use (`lib/lazy-modules.ts`, the S3
 * client of `lib/s3-storage.ts`) stay unloaded through a start, the sign-in page, a sign-in and
 * a read: each costs memory the idle server would otherwise hold.
 */
const loadedOnFirstUse = [
  'exceljs',
  'pdfkit',
  'qrcode',
  'web-push',
  'archiver',
  'nodemailer',
  'file-type',
  'saxes',
  'prom-client',
  'sanitize-html',
  '@aws-sdk/client-s3',
];

describe('the compiled server at rest', () => {
  let database: PgDatabase;
  let server: ServerProcess;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-lazy-'));
  const packagesFile = path.join(dir, 'packages.txt');

  beforeAll(async () => {
    database = await createPgDatabase('ajar_lazy');
    server = await startServerProcess({
      name: 'lazy',
      env: { DATABASE_URL: database.url, AJAR_PACKAGES_FILE: packagesFile },
      nodeArgs: ['--import', path.join(import.meta.dirname, 'support/record-packages.mjs')],
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads none of the packages it loads on first use', async () => {
    expect((await call(server.url, 'GET', '/')).status).toBe(200);
    const token = await staffLogin(server.url, systemAdmin);
    expect((await call(server.url, 'GET', '/api/admin/v1/me', { token })).status).toBe(200);
    const loaded = fs.readFileSync(packagesFile, 'utf8').split('\n').filter(Boolean);
    // The record works: what every request needs is in it.
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'pg', 'drizzle-orm']));
    expect(loaded.filter((name) => loadedOnFirstUse.includes(name))).toEqual([]);
  });
});
