// The fuzz at scale: the schema-driven cases of apps/server/src/fuzz on every route, on
// PGlite and on PostgreSQL. `npm run bench -- fuzz` runs them;
// BENCH_FUZZ_CASES=<n> (default 150) is the cases per route and caller: every single-field case
// up to n, then seeded combinations of several; BENCH_FUZZ_SEED picks them.
// Also runnable alone: `node --import tsx bench/fuzz.ts [cases per target]`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/client';
import { runRouteFuzz, type FuzzReport } from '../apps/server/src/fuzz/route-fuzz';
import { buildMatrixWorld } from '../apps/server/src/test/matrix-world';
import {
  passwordHashParams,
  setPasswordHashParamsForTests,
  testOnlyPasswordHashParams,
} from '../apps/server/src/lib/tokens';
import { recordRoutes } from '../apps/server/src/test/route-recorder';
import { machineLine } from './bench-db';

const seed = Number(process.env.BENCH_FUZZ_SEED ?? 20_251_124);

/** A database of its own: PGlite in memory (the fuzz measures answers, not the disk), or a new
 * PostgreSQL database. */
async function scratchDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') return { options: { kind } as DatabaseOptions, drop: async () => {} };
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `ajar_bench_fuzz_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { kind, url: url.toString() } as DatabaseOptions,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** One full fuzz run: a fresh app and world on the database, every route, `casesPerTarget`. */
export async function fuzzOnce(
  kind: 'pglite' | 'postgres',
  casesPerTarget: number,
): Promise<FuzzReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-bench-fuzz-'));
  const scratch = await scratchDatabase(kind);
  const database = await openDatabase(scratch.options);
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Thousands of writes per token, far past the per-account write limits.
    RATE_LIMITS: 'false',
  });
  const recorder = recordRoutes();
  let app: Awaited<ReturnType<typeof buildApp>>;
  let routes;
  try {
    app = await buildApp({ config, database });
    await app.ready();
  } finally {
    routes = recorder.stop();
  }
  try {
    const world = await buildMatrixWorld(app);
    return await runRouteFuzz(app, world, routes, { seed, casesPerTarget });
  } finally {
    await app.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const statusLine = (r: FuzzReport) =>
  Object.entries(r.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');

export async function fuzzBench(lines: string[]) {
  // As in `npm test`: NODE_ENV=test gives new password hashes the cheap scrypt setting
  // (lib/tokens.ts). Disposable accounts and the sign-in cases would otherwise spend ~0.3 s of CPU
  // each on OWASP's setting, and the bench is about the answers, not the hashing.
  const previousEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'test';
  setPasswordHashParamsForTests(testOnlyPasswordHashParams);
  const cap = Number(process.env.BENCH_FUZZ_CASES ?? 150);
  lines.push(
    '## Fuzz: schema-driven cases on every route',
    '',
    `${machineLine()} Every route of the authorization matrix, as each caller its guard admits ` +
      '(superadmin and trainer A on staff routes, the member on member routes, a guest on public ' +
      "ones), starting from a valid request with program A's ids and breaking one place at a " +
      'time from its zod schemas (apps/server/src/fuzz). ' +
      `${Number.isFinite(cap) ? `At most ${cap} cases` : 'Every generated case'} per route and caller, seed ${seed}. ` +
      'A finding is a 5xx, a stack trace, a source path or SQL in a reply, an error outside the ' +
      'envelope, or NUL not refused with 400. One app and one world per database, requests through ' +
      "`inject` one after another, with the test suite's cheap password hashing (NODE_ENV=test).",
    '',
    '| database | route × caller | cases run (of them combined) | single-field cases generated | time | cases/s | statuses | findings |',
    '|---|---|---|---|---|---|---|---|',
  );
  const details: string[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    let report: FuzzReport;
    try {
      report = await fuzzOnce(kind, cap);
    } catch (error) {
      lines.push(`| ${kind} | not measured: ${(error as Error).message} | | | | | | |`);
      continue;
    }
    const seconds = report.ms / 1000;
    lines.push(
      `| ${kind} | ${report.targets} | ${report.run} (${report.combined}) | ${report.generated} | ${seconds.toFixed(1)} s | ` +
        `${(report.run / seconds).toFixed(0)} | ${statusLine(report)} | ${report.findings.length} |`,
    );
    for (const f of report.findings.slice(0, 30)) {
      details.push(
        `- ${kind}: \`${f.route}\` as ${f.role}, ${f.label}: ${f.problem} (${f.status})`,
      );
    }
    if (report.routerErrors.length > 0) {
      details.push(
        `- ${kind}: ${report.routerErrors.length} router refusals (bad URL escapes, over-long ` +
          "parameters) still in Fastify's own shape: app.ts does not pass `frameworkErrors`.",
      );
    }
    if (report.skipped.length > 0)
      details.push(`- ${kind}: ${report.skipped.length} cases skipped (set-up failed)`);
  }
  lines.push('', ...(details.length > 0 ? details : ['No findings.']), '');
  setPasswordHashParamsForTests(passwordHashParams);
  if (previousEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = previousEnv;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2]) process.env.BENCH_FUZZ_CASES = process.argv[2];
  const lines: string[] = [];
  await fuzzBench(lines);
  console.log(lines.join('\n'));
  process.exit(0);
}
