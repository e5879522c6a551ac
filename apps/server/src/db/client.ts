import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installJobQueue, type QueueConnection } from '../lib/job-queue';
import { serverPath } from '../lib/server-root';
import { openPglite } from './pglite';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database both drivers give: PGlite (embedded) and node-postgres share the PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a repository takes a `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to clone a migrated database quickly. */
  dump?: () => Promise<Blob>;
  /** Where the job queue (pg-boss, lib/job-queue.ts) keeps its jobs: this same database. */
  queue: QueueConnection;
}

export const migrationsFolder = serverPath('drizzle');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined means in memory; `loadDataDir` restores a dumped, already migrated database. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * Key of the session-level advisory lock taken around migrations (any constant shared by every
 * server of one installation; this one is "ajar" in ASCII).
 */
export const migrationLockKey = 0x616a6172;

/**
 * Migrates under a PostgreSQL advisory lock, so servers started at the same moment run each
 * migration once: the first one migrates, the others wait on the lock, then find nothing to do.
 * A dedicated connection holds the lock (a session lock belongs to its connection, not to a pool)
 * and runs the migrator; the lock is released with it, or by PostgreSQL if the process dies.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A connection cut while waiting surfaces as the query's rejection, not as a crash.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      // If this fails the connection is gone, and PostgreSQL has released the lock with it.
      await client
        .query('select pg_advisory_unlock($1)', [migrationLockKey])
        .catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      statement_timeout: 30_000,
      // A database that accepts connections but never answers fails the request (503), not hangs it.
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection cut by the server (restart, failover) must not crash the process; the pool
    // drops it and opens a new one on the next query.
    pool.on('error', () => undefined);
    // A client checked out by a transaction has no pool listener: if its connection dies between
    // two queries (pg_terminate_backend, a restart), its 'error' event would end the process. The
    // next query then fails (answered 503) and the pool drops the client.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const queue: QueueConnection = { kind: 'postgres', url: options.url };
    return {
      db,
      kind: 'postgres',
      queue,
      migrate: async () => {
        await migratePostgres(options.url);
        await installJobQueue(queue);
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await openPglite(options);
  const pgliteDb = drizzlePglite({ client, schema });
  const queue: QueueConnection = { kind: 'pglite', client };
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    queue,
    migrate: async () => {
      await migratePglite(pgliteDb, { migrationsFolder });
      await installJobQueue(queue);
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}
