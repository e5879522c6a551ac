// `npm run bench -- startup`: the compiled server as `npm start` runs it (its Node flags,
// scripts/server-flags.mjs) on copies of one seeded PGlite data directory and on one seeded
// PostgreSQL database, beside the TypeScript start (`node --import tsx apps/server/src/main.ts`):
// time to the first ready answer, idle RSS against its goals (docs/benchmarks.md), and requests per second on an
// authenticated list.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, freePort, repoRoot, serverMain, startServer } from '@ajar/test-support';
import { serverNodeFlags } from '../scripts/server-flags.mjs';
import { loadInWorker } from './api';
import { createBenchPgDatabase } from './bench-db';
import type { LoadResult } from './load';

const flagsFor = (databaseUrl: string) => serverNodeFlags({ DATABASE_URL: databaseUrl });

/** How each start runs; `pgUrl` is the seeded PostgreSQL database's address. */
const variants = {
  compiled: {
    label: 'compiled, PGlite (`npm start`)',
    goal: 200,
    args: () => [...flagsFor(''), serverMain],
  },
  tsx: {
    label: '`node --import tsx apps/server/src/main.ts`, PGlite',
    goal: null,
    args: () => [
      ...flagsFor(''),
      '--import',
      'tsx',
      path.join(repoRoot, 'apps/server/src/main.ts'),
    ],
  },
  postgres: {
    label: 'compiled, PostgreSQL (`npm start` with `DATABASE_URL`)',
    goal: 175,
    args: (pgUrl: string) => [...flagsFor(pgUrl), serverMain],
  },
} as const;
type Variant = keyof typeof variants;

const rounds = Number(process.env.BENCH_STARTUP_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const idleMs = 2_000;
const route = '/api/program/v1/company/list?page=1&limit=10';

interface Round {
  readyMs: number;
  rssMb: number;
  peakMb: number;
  load: LoadResult;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * One start of a variant (on PGlite, its own copy of the seeded data; on PostgreSQL, the seeded
 * database): measured, loaded, stopped.
 */
async function measure(variant: Variant, template: string, pgUrl: string): Promise<Round> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-bench-startup-'));
  if (variant !== 'postgres') fs.cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, variants[variant].args(pgUrl), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: variant === 'postgres' ? pgUrl : '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant} exited during start`);
      const res = await fetch(`${url}/api/health/ready`).catch(() => null);
      if (res?.status === 200) break;
      if (performance.now() - started > 120_000) throw new Error(`${variant} did not start`);
      await sleep(10);
    }
    const readyMs = performance.now() - started;
    await sleep(idleMs);
    const rss = memoryMb(child.pid!, 'VmRSS');
    const peak = memoryMb(child.pid!, 'VmHWM');
    const login = (await fetch(`${url}/api/admin/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@ajar.test', password: 'Rahasia123' }),
    }).then((r) => r.json())) as { data: { token: string } };
    const headers = { authorization: `Bearer ${login.data.token}` };
    await loadInWorker({ url: `${url}${route}`, headers, connections, seconds: 1 }); // warm-up
    const load = await loadInWorker({ url: `${url}${route}`, headers, connections, seconds });
    return { readyMs, rssMb: rss, peakMb: peak, load };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function startupBench(lines: string[]) {
  ensureServerBuild();
  // One seeded data directory (the demo data), copied for every start, and one seeded
  // PostgreSQL database, restarted on.
  const seeded = await startServer();
  await seeded.stop();
  const template = seeded.dataDir;
  const pg = await createBenchPgDatabase('ajar_bench_startup');
  const pgSeeded = await startServer({ env: { DATABASE_URL: pg.url } });
  await pgSeeded.close();
  const names = Object.keys(variants) as Variant[];
  try {
    // Unmeasured: tsx's transform cache and the OS file cache are warm for all.
    for (const variant of names) await measure(variant, template, pg.url);
    const results: Record<Variant, Round[]> = { compiled: [], tsx: [], postgres: [] };
    for (let round = 0; round < rounds; round += 1) {
      // Alternated, so a change in the machine's load touches all alike.
      for (const variant of names) results[variant].push(await measure(variant, template, pg.url));
    }
    const summary = (variant: Variant) => ({
      readyMs: median(results[variant].map((r) => r.readyMs)),
      rssMb: median(results[variant].map((r) => r.rssMb)),
      peakMb: median(results[variant].map((r) => r.peakMb)),
      rps: median(results[variant].map((r) => r.load.rps)),
      p50: median(results[variant].map((r) => r.load.p50)),
      p99: median(results[variant].map((r) => r.load.p99)),
      errors: results[variant].reduce((sum, r) => sum + r.load.errors, 0),
    });
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ');
    const row = (variant: Variant) => {
      const r = summary(variant);
      const goal = variants[variant].goal;
      const verdict =
        goal === null ? '—' : `≤ ${goal} MB: ${r.rssMb <= goal ? 'met' : '**missed**'}`;
      return (
        `| ${variants[variant].label} | ${r.readyMs.toFixed(0)} ms | ${r.rssMb.toFixed(0)} MB | ` +
        `${verdict} | ${r.peakMb.toFixed(0)} MB | ${r.rps.toFixed(0)} | ` +
        `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms | ${r.errors} |`
      );
    };
    lines.push(
      '## Startup and idle memory: the compiled server as `npm start` runs it',
      '',
      `Measured on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ` +
        `${process.version}, load average ${load} at the end. Each PGlite start runs on its own ` +
        'copy of one data directory holding the demo data; the PostgreSQL start on one database ' +
        'holding the demo data (a restart each time). `NODE_ENV=production`, the Node flags ' +
        '`npm start` gives the server (scripts/server-flags.mjs). The starts alternate, ' +
        `${rounds} round${rounds === 1 ? '' : 's'} each after one unmeasured start of each ` +
        "(tsx's transform cache warm), medians shown. Ready: from spawn to the first 200 of " +
        `\`GET /api/health/ready\` (polled every 10 ms). Idle RSS: VmRSS ${idleMs / 1000} s after ` +
        `that; peak: VmHWM then. Load: \`GET ${route}\` signed in as the superadmin, ` +
        `${connections} keep-alive connections for ${seconds} s after a 1 s warm-up, from a ` +
        'worker thread of the bench.',
      '',
      '| start | ready after | idle RSS | goal | peak RSS | requests per second | p50 / p99 | errors |',
      '|---|---|---|---|---|---|---|---|',
      ...names.map(row),
      '',
    );
  } finally {
    fs.rmSync(template, { recursive: true, force: true });
    await pg.drop();
  }
}
