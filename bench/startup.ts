// `npm run bench -- startup`: the compiled server (`node apps/server/dist/main.js`) against
// today's TypeScript start (`node --import tsx apps/server/src/main.ts`), in the same run, on
// copies of one seeded PGlite data directory: time to the first ready answer, idle RSS, and
// requests per second on an authenticated list.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, freePort, repoRoot, serverMain, startServer } from '@ajar/test-support';
import { loadInWorker } from './api';
import type { LoadResult } from './load';

const variants = {
  compiled: { label: '`node apps/server/dist/main.js`', args: [serverMain] },
  tsx: {
    label: '`node --import tsx apps/server/src/main.ts`',
    args: ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
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
  load: LoadResult;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** One start of a variant on its own copy of the seeded data: measured, loaded, stopped. */
async function measure(variant: Variant, template: string): Promise<Round> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-bench-startup-'));
  fs.cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...variants[variant].args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
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
    const rss = rssMb(child.pid!);
    const login = (await fetch(`${url}/api/admin/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@ajar.test', password: 'Rahasia123' }),
    }).then((r) => r.json())) as { data: { token: string } };
    const headers = { authorization: `Bearer ${login.data.token}` };
    await loadInWorker({ url: `${url}${route}`, headers, connections, seconds: 1 }); // warm-up
    const load = await loadInWorker({ url: `${url}${route}`, headers, connections, seconds });
    return { readyMs, rssMb: rss, load };
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
  // One seeded data directory (the demo data), copied for every start.
  const seeded = await startServer();
  await seeded.stop();
  const template = seeded.dataDir;
  try {
    // Unmeasured: tsx's transform cache and the OS file cache are warm for both.
    for (const variant of Object.keys(variants) as Variant[]) await measure(variant, template);
    const results: Record<Variant, Round[]> = { compiled: [], tsx: [] };
    for (let round = 0; round < rounds; round += 1) {
      // Alternated, so a change in the machine's load touches both alike.
      for (const variant of Object.keys(variants) as Variant[]) {
        results[variant].push(await measure(variant, template));
      }
    }
    const summary = (variant: Variant) => ({
      readyMs: median(results[variant].map((r) => r.readyMs)),
      rssMb: median(results[variant].map((r) => r.rssMb)),
      rps: median(results[variant].map((r) => r.load.rps)),
      p50: median(results[variant].map((r) => r.load.p50)),
      p99: median(results[variant].map((r) => r.load.p99)),
      errors: results[variant].reduce((sum, r) => sum + r.load.errors, 0),
    });
    const compiled = summary('compiled');
    const tsx = summary('tsx');
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ');
    lines.push(
      '## Startup: the compiled server against the tsx start',
      '',
      `Measured on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ` +
        `${process.version}, load average ${load} at the end. Each start runs on its own copy of ` +
        'one PGlite data directory holding the demo data, with `NODE_ENV=production`; the two ' +
        `starts alternate, ${rounds} round${rounds === 1 ? '' : 's'} each after one unmeasured start of each (tsx's ` +
        'transform cache warm), medians shown. Ready: from spawn to the first 200 of ' +
        `\`GET /api/health/ready\` (polled every 10 ms). Idle RSS: VmRSS ${idleMs / 1000} s after ` +
        `that. Load: \`GET ${route}\` signed in as the superadmin, ${connections} keep-alive ` +
        `connections for ${seconds} s after a 1 s warm-up, from a worker thread of the bench.`,
      '',
      `| | ${variants.compiled.label} | ${variants.tsx.label} | compiled / tsx |`,
      '|---|---|---|---|',
      `| ready after | ${compiled.readyMs.toFixed(0)} ms | ${tsx.readyMs.toFixed(0)} ms | ${(compiled.readyMs / tsx.readyMs).toFixed(2)} |`,
      `| idle RSS | ${compiled.rssMb.toFixed(0)} MB | ${tsx.rssMb.toFixed(0)} MB | ${(compiled.rssMb / tsx.rssMb).toFixed(2)} |`,
      `| requests per second | ${compiled.rps.toFixed(0)} | ${tsx.rps.toFixed(0)} | ${(compiled.rps / tsx.rps).toFixed(2)} |`,
      `| p50 / p99 | ${compiled.p50.toFixed(1)} / ${compiled.p99.toFixed(1)} ms | ${tsx.p50.toFixed(1)} / ${tsx.p99.toFixed(1)} ms | |`,
      `| errors | ${compiled.errors} | ${tsx.errors} | |`,
      '',
    );
  } finally {
    fs.rmSync(template, { recursive: true, force: true });
  }
}
