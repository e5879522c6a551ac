import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import webpush from 'web-push';
import { freePort, spawnServer, type SpawnedServer } from '@ajar/test-support';

/** The first superadmin every system-test server creates (production has no demo accounts). */
export const systemAdmin = { email: 'admin@system.test', password: 'Sistem-Uji-2024' } as const;

/** The local Redis the servers share (TEST_REDIS_URL, else the default port on loopback). */
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * What every server of a several-server deployment shares: the database, Redis and one VAPID
 * pair (generated keys are per data directory, and a browser subscribed through one server must
 * be reachable from the other; README, "Two or more servers behind a reverse proxy").
 */
export function clusterEnv(databaseUrl: string): Record<string, string> {
  const vapid = webpush.generateVAPIDKeys();
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
}

export interface ServerProcess extends SpawnedServer {
  /** The data directory (local files, PGlite): the env's DATA_DIR, else a temp one. */
  dataDir: string;
}

export interface ServerProcessOptions {
  /** Added over the defaults (HOST, NODE_ENV, LOG_LEVEL, ADMIN_*, DATA_DIR, PORT). */
  env: Record<string, string>;
  /** A fixed port (a restart on the same address); a free one otherwise. */
  port?: number;
  /** Shown in errors and log dumps. */
  name?: string;
  /** How long to wait for `GET /api/health` to answer 200. */
  startTimeoutMs?: number;
  /** Node options before the script (`--import` of a hook). */
  nodeArgs?: string[];
}

/**
 * Starts one real server process as production runs it (the compiled `apps/server/dist/main.js`,
 * plain node, NODE_ENV=production, a first superadmin) and waits until `GET /api/health` answers
 * 200. Stop it in `afterAll` (stop/kill); a temp data dir it made is removed when the process
 * exits.
 */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const name = opts.name ?? 'server';
  // A DATA_DIR the caller passes is theirs (a restart on the same data) and is kept; otherwise a
  // temp one is made and removed when the process exits.
  const ownDataDir = opts.env.DATA_DIR === undefined;
  const dataDir =
    opts.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), `ajar-system-${name}-`));
  // Production needs PUBLIC_URL: the address this process listens on, unless the test says otherwise.
  const port = opts.port ?? (await freePort());
  const server = await spawnServer({
    name,
    port,
    nodeArgs: opts.nodeArgs,
    startTimeoutMs: opts.startTimeoutMs ?? 90_000,
    env: {
      // Only what a server needs from this process, not the test runner's own variables.
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: systemAdmin.email,
      ADMIN_PASSWORD: systemAdmin.password,
      DATA_DIR: dataDir,
      // Uploaded videos are converted only where a test asks for it (FFMPEG_PATH=ffmpeg): the
      // uploads here are not real videos, and a conversion would change media rows mid-test.
      FFMPEG_PATH: 'off',
      ...opts.env,
    },
    onExit: () => {
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return { ...server, dataDir };
}

export interface PgDatabase {
  /** A connection string to the new database. */
  url: string;
  name: string;
  /** Drops the database (and any connection still open to it). */
  drop(): Promise<void>;
}

/** The PostgreSQL server the system tests use. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('System tests need TEST_DATABASE_URL (a PostgreSQL server)');
  return url;
}

/** A fresh, empty (not migrated) database on TEST_DATABASE_URL's server. */
export async function createPgDatabase(prefix = 'ajar_system'): Promise<PgDatabase> {
  const base = testDatabaseUrl();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}
