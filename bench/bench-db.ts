import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import type { RequestUser } from '../apps/server/src/plugins/auth';

export const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The PostgreSQL server the benches make their databases on (`BENCH_PG_URL`). */
export const benchPgAdminUrl =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** One statement on its own connection (create or drop a database). */
export async function pgAdminQuery(statement: string, adminUrl = benchPgAdminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the bench's PostgreSQL server: its URL, and a drop. */
export async function createBenchPgDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await pgAdminQuery(`create database ${name}`);
  const url = new URL(benchPgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => pgAdminQuery(`drop database if exists ${name} with (force)`),
  };
}

export interface BenchDb {
  database: Database;
  db: Db;
  dataDir: string;
  admin: Pick<RequestUser, 'id' | 'role'>;
  /** The app on this database (built on first call; it closes the database when it closes). */
  app: () => Promise<Awaited<ReturnType<typeof buildApp>>>;
  close: () => Promise<void>;
}

/** A PGlite database in a temporary directory with the demo seed, as the other benches use. */
export async function openSeededPglite(prefix: string): Promise<BenchDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ajar-bench-${prefix}-`));
  const previousDataDir = process.env.DATA_DIR;
  // The demo seed stores its uploads through the configured storage: keep them in this run's dir.
  process.env.DATA_DIR = dataDir;
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await ensureReferenceData(database.db);
  await seedIfEmpty(database.db, () => {});
  const [admin] = rows<Pick<RequestUser, 'id' | 'role'>>(
    await database.db.execute(sql`select id, role from users where email = 'admin@ajar.test'`),
  );
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  return {
    database,
    db: database.db,
    dataDir,
    admin: admin!,
    app: async () => {
      if (!app) {
        const config = loadConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: 'http://127.0.0.1',
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
        });
        app = await buildApp({ config, database });
      }
      return app;
    },
    close: async () => {
      if (previousDataDir === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = previousDataDir;
      if (app) await app.close();
      else await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The load average and machine, for a section's first line. */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
  return (
    `Measured on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores ` +
    `(${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ` +
    `${load} (1, 5, 15 min) when the section started.`
  );
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}
