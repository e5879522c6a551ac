import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { pgliteTemplateFile, pgTemplateDb } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The database behind `db` (its job queue connection, for a second queue in tests). */
  database: Database;
  config: Config;
  dataDir: string;
  /**
   * With `restartable`: stops this app (its jobs in flight are stopped as on a server's shutdown)
   * and starts a new one on the same database and data folder, as a restarted server; `app`
   * then names the new one.
   */
  restart(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A real app on a fresh, migrated database: PGlite restored from the template dumped once by the
 * global setup, or (with TEST_DB=postgres) a PostgreSQL database cloned from the migrated template.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { restartable?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-test-'));
  let database: Database;
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.TEST_DB === 'postgres') {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    const name = `ajar_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplateDb}`);
    await admin.end();
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: testUrl.toString() });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dump = fs.readFileSync(pgliteTemplateFile);
    database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LEARNER_DIST: path.join(dataDir, 'no-learner'),
    // Uploaded videos are converted only in the tests that ask for it (FFMPEG_PATH=ffmpeg).
    FFMPEG_PATH: 'off',
    ...env,
  });
  // A restartable app's database outlives the app (it is closed with the test app).
  const appDatabase: Database = options.restartable
    ? { ...database, close: async () => undefined }
    : database;
  const start = async () => {
    const started = await buildApp({ config, database: appDatabase });
    await started.ready();
    return started;
  };
  const t: TestApp = {
    app: await start(),
    db: database.db,
    database,
    config,
    dataDir,
    restart: async () => {
      if (!options.restartable) throw new Error('createTestApp: not restartable');
      await t.app.close();
      t.app = await start();
      return t.app;
    },
    close: async () => {
      await t.app.close();
      if (options.restartable) await database.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
