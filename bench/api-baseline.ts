// The API against a bare Node http server doing the same database read, on PGlite and
// on PostgreSQL. Both servers run in this process on one database; the load comes from a worker
// thread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import { findSessionUser } from '../apps/server/src/modules/auth/sessions.repository';
import { toAuthUser } from '../apps/server/src/modules/auth/auth.service';
import { listStudies } from '../apps/server/src/modules/studies/studies.service';
import { hashToken } from '../apps/server/src/lib/tokens';
import { authHeader } from '../apps/server/src/test/factories/users';
import { bareServer, listen, loadInWorker } from './api';
import type { LoadResult } from './load';
import { createBenchPgDatabase, machineLine } from './bench-db';
import { load1 } from './browser-support';

const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.requests} requests, ${r.errors} errors)`;

const routes = ['/api/admin/v1/me', '/api/study/v1/list?limit=-1'];

interface Target {
  label: string;
  database: Database;
  drop(): Promise<void>;
}

async function openTarget(kind: 'pglite' | 'postgres', dataDir: string): Promise<Target> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    // The app closes the database when it closes.
    return { label: 'PGlite', database, drop: async () => undefined };
  }
  const created = await createBenchPgDatabase('ajar_bench_api');
  const database = await openDatabase({ kind: 'postgres', url: created.url });
  return {
    label: 'PostgreSQL',
    database,
    // The app closes the database when it closes.
    drop: created.drop,
  };
}

/** The same two reads as the app's routes, with the same session check, on plain `http`. */
function bareRoutes(db: Db) {
  const sessionUser = async (authorization: string | undefined) => {
    const user = await findSessionUser(
      db,
      hashToken((authorization ?? '').replace(/^Bearer /, '')),
    );
    if (!user) throw new Error('401');
    return user;
  };
  return bareServer({
    '/api/admin/v1/me': async (req) => toAuthUser(await sessionUser(req.headers.authorization)),
    // The route's own read (its 'Lainnya'-last order is more work than a plain order by title).
    '/api/study/v1/list': async (req) => {
      await sessionUser(req.headers.authorization);
      return listStudies(db, { page: 1, limit: -1 });
    },
  });
}

export async function apiBaseline(
  lines: string[],
  options: { connections: number; seconds: number },
) {
  const { connections, seconds } = options;
  lines.push(
    '## API baseline: Fastify app vs a bare Node http server doing the same database read',
    '',
    machineLine(),
    '',
    `${connections} keep-alive connections, ${seconds} s each after a 1 s warm-up, load generated on a separate thread; the two servers in one process on one database (the demo seed), the app with \`NODE_ENV=production\` and its request log off (the bare server logs nothing either). The bare server checks the session with the same query and reads the study fields through the same service function as the route.`,
    '',
    '| database | route | Ajar | bare Node | ratio (goal ≥ 0.8) | load avg (1 min) |',
    '|---|---|---|---|---|---|',
  );
  for (const kind of ['pglite', 'postgres'] as const) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ajar-bench-api-${kind}-`));
    // The demo seed stores its uploads through the configured storage: in this run's directory.
    const previousDataDir = process.env.DATA_DIR;
    process.env.DATA_DIR = dataDir;
    const target = await openTarget(kind, dataDir);
    try {
      await target.database.migrate();
      await seedIfEmpty(target.database.db, () => {});
      const config = loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
      });
      const app = await buildApp({ config, database: target.database });
      const db = target.database.db;
      const [admin] = await db
        .execute<{ id: string }>(sql`select id from users where email = 'admin@ajar.test'`)
        .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
      const headers = await authHeader(db, admin!);
      const url = await listen(app);
      const bare = await bareRoutes(db);
      try {
        for (const route of routes) {
          const run = (base: string, s: number) =>
            loadInWorker({ url: `${base}${route}`, headers, connections, seconds: s });
          await run(url, 1);
          await run(bare.url, 1);
          const ours = await run(url, seconds);
          const theirs = await run(bare.url, seconds);
          lines.push(
            `| ${target.label} | \`GET ${route}\` | ${fmt(ours)} | ${fmt(theirs)} | ${(ours.rps / theirs.rps).toFixed(2)} | ${load1()} |`,
          );
        }
      } finally {
        await bare.close();
        await app.close();
      }
    } finally {
      await target.drop();
      if (previousDataDir === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = previousDataDir;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  lines.push('');
}
