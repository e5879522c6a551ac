// `npm run bench`: bundle sizes, API baseline against a bare Node server, program list/detail
// on a large data set. Results go to docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { rolePermissions, roleNames } from '@ajar/shared/common/roles';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { studies } from '../apps/server/src/db/schema';
import { seedIfEmpty } from '../apps/server/src/db/seed';
import { findSessionUser } from '../apps/server/src/modules/auth/sessions.repository';
import { hashToken } from '../apps/server/src/lib/tokens';
import { authHeader } from '../apps/server/src/test/factories/users';
import { launchBrowser } from '../e2e/support/browser';
import { repoRoot, startServer } from '../e2e/support/server';
import { bareServer, listen, loadInWorker } from './api';
import { largestChunk, routeBundle } from './bundle';
import type { LoadResult } from './load';
import { seedLargeCatalogue } from './large-catalogue';

const webDist = path.join(repoRoot, 'apps/web/dist');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.requests} requests, ${r.errors} errors)`;

async function bundles(lines: string[]) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const loginRoute = await routeBundle(browser, server.url, webDist, '/');
    const login = await fetch(`${server.url}/api/admin/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@ajar.test', password: 'Rahasia123' }),
    }).then((r) => r.json() as Promise<{ data: unknown }>);
    const shell = await routeBundle(browser, server.url, webDist, '/dashboard', async (page) => {
      await page.addInitScript((session) => {
        localStorage.setItem('ytc_auth', JSON.stringify(session));
      }, login.data);
    });
    const largest = largestChunk(webDist);
    const budget = (value: number, limit: number) => (value <= limit ? 'within' : '**over**');
    lines.push(
      '## Bundle (gzipped JavaScript a browser loads)',
      '',
      '| what | files | gzipped | budget |',
      '|---|---|---|---|',
      `| login route \`/\` | ${loginRoute.files} | ${kb(loginRoute.gzipBytes)} | ≤ 150 kB: ${budget(loginRoute.gzipBytes, 150 * 1024)} |`,
      `| signed-in shell \`/dashboard\` | ${shell.files} | ${kb(shell.gzipBytes)} | ≤ 250 kB: ${budget(shell.gzipBytes, 250 * 1024)} |`,
      `| largest chunk \`${largest.file}\` | 1 | ${kb(largest.gzipBytes)} (raw ${kb(largest.bytes)}) | ≤ 500 kB: ${budget(largest.bytes, 500 * 1024)} |`,
      '',
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

async function apiBaseline(lines: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedIfEmpty(database.db, () => {});
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({ config, database });
  const db: Db = database.db;
  const [admin] = await db
    .execute<{ id: string }>(sql`select id from users where email = 'admin@ajar.test'`)
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
  const headers = await authHeader(db, admin!);
  const url = await listen(app);

  const bare = await bareServer({
    '/api/admin/v1/me': async (req) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const user = await findSessionUser(db, hashToken(token));
      if (!user) throw new Error('401');
      return {
        id: user.id,
        fullname: user.fullname,
        email: user.email,
        phone: user.phone,
        role: { key: user.role, name: roleNames[user.role] },
        permissions: rolePermissions[user.role],
      };
    },
    '/api/study/v1/list': async (req) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!(await findSessionUser(db, hashToken(token)))) throw new Error('401');
      const list = await db
        .select({ id: studies.id, title: studies.title })
        .from(studies)
        .orderBy(asc(studies.title));
      return { list, limit: -1, page: 1, total: list.length };
    },
  });

  lines.push(
    '## API baseline: Fastify app vs a bare Node http server doing the same database read',
    '',
    `PGlite (embedded), ${connections} keep-alive connections, ${seconds} s each, load generated on a separate thread, same process and database for both servers.`,
    '',
    '| route | Ajar | bare Node | ratio (goal ≥ 0.8) |',
    '|---|---|---|---|',
  );
  for (const route of ['/api/admin/v1/me', '/api/study/v1/list?limit=-1']) {
    // warm-up
    await loadInWorker({ url: `${url}${route}`, headers, connections, seconds: 1 });
    const ours = await loadInWorker({ url: `${url}${route}`, headers, connections, seconds });
    const theirs = await loadInWorker({
      url: `${bare.url}${route}`,
      headers,
      connections,
      seconds,
    });
    lines.push(
      `| \`GET ${route}\` | ${fmt(ours)} | ${fmt(theirs)} | ${(ours.rps / theirs.rps).toFixed(2)} |`,
    );
  }
  lines.push('');
  await bare.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function catalogue(lines: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-bench-large-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedIfEmpty(database.db, () => {});
  const started = performance.now();
  const { programId, programs, topics, activities } = await seedLargeCatalogue(database.db);
  const seededIn = (performance.now() - started) / 1000;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({ config, database });
  const db: Db = database.db;
  const [admin] = await db
    .execute<{ id: string }>(sql`select id from users where email = 'admin@ajar.test'`)
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
  const headers = await authHeader(db, admin!);
  const url = await listen(app);
  lines.push(
    `## Programs on a large catalogue (${programs} programs × ~${Math.round(topics / programs)} topics × ~${Math.round(activities / topics)} activities)`,
    '',
    `Seeded in ${seededIn.toFixed(1)} s on PGlite. ${connections} connections, ${seconds} s each.`,
    '',
    '| call | result |',
    '|---|---|',
  );
  const routes = [
    '/api/program/v1/company/list?page=1&limit=10&status=publish&sort=created_at&sort_type=desc',
    '/api/program/v1/company/list?page=50&limit=10&sort=total_participants&sort_type=desc',
    '/api/program/v1/company/list?page=1&limit=10&q=pemasaran',
    `/api/program/v1/company/detail/${programId}`,
    `/api/topic/v1/list?program_id=${programId}&sort=seq&sort_type=asc&limit=-1&with_activities=1`,
  ];
  for (const route of routes) {
    const r = await loadInWorker({ url: `${url}${route}`, headers, connections, seconds });
    lines.push(`| \`GET ${route}\` | ${fmt(r)} |`);
  }
  lines.push('');
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const lines = [
  '# Benchmarks',
  '',
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}. Figures, not assertions.`,
  '',
];
const only = process.argv.slice(2);
if (only.length === 0 || only.includes('bundle')) await bundles(lines);
if (only.length === 0 || only.includes('api')) await apiBaseline(lines);
if (only.length === 0 || only.includes('programs')) await catalogue(lines);
const out = path.join(repoRoot, 'docs/benchmarks.md');
fs.writeFileSync(out, `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
process.exit(0);
