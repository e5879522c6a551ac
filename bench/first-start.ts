// The first `npm start` on a fresh clone, until `/api/health` answers: the web and
// learner builds, the server build, the database prepared (migrations and the demo seed) and the
// server's start, as a new user runs it. The clone gets a copy of this checkout's installed
// packages (an `npm install` is not part of the figure).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '@ajar/test-support';
import { load1 } from './browser-support';
import { machineLine } from './bench-db';

const installed = ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules'].concat(
  ['apps/learner/node_modules', 'e2e/node_modules', 'bench/node_modules'].filter((dir) =>
    fs.existsSync(path.join(repoRoot, dir)),
  ),
);

function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

interface FirstStart {
  seconds: number;
  prepared: string;
  seed: string;
  preparePeak: string;
  server: { rss: number; peak: number };
  loadBefore: string;
  loadAfter: string;
}

async function firstStartOnce(): Promise<FirstStart> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-first-start-'));
  const clone = path.join(dir, 'ajar');
  try {
    execFileSync('git', ['clone', '--quiet', repoRoot, clone]);
    for (const modules of installed) {
      execFileSync('cp', ['-a', path.join(repoRoot, modules), path.join(clone, modules)]);
    }
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const loadBefore = load1();
    const started = performance.now();
    const start = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: clone,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exited = false;
    start.on('exit', () => (exited = true));
    try {
      while (!(await healthy(url))) {
        if (exited) throw new Error(`npm start ended before answering:\n${output.slice(-3000)}`);
        if (performance.now() - started > 600_000) throw new Error('no answer in 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      const serverPid = childrenOf(start.pid!).at(-1);
      const server = serverPid ? memoryOf(serverPid) : { rss: Number.NaN, peak: Number.NaN };
      const line = (pattern: RegExp) => pattern.exec(output)?.[1] ?? '?';
      return {
        seconds,
        prepared: line(/[Dd]atabase prepared in ([\d.]+ s)/),
        seed: line(/demo seed took ([\d.]+ s)/),
        preparePeak: line(/preparing process peak memory: (\d+ MB)/),
        server,
        loadBefore,
        loadAfter: load1(),
      };
    } finally {
      start.kill('SIGTERM');
      await new Promise((resolve) => (exited ? resolve(undefined) : start.once('exit', resolve)));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function firstStartBench(lines: string[]) {
  const run = await firstStartOnce();
  console.log(
    `first npm start: ${run.seconds.toFixed(1)} s (seed ${run.seed}), load ${run.loadBefore} → ${run.loadAfter}`,
  );
  lines.push(
    '## First start on a fresh clone',
    '',
    machineLine(),
    '',
    '`git clone` of this checkout with its installed packages copied in, then `npm start`',
    '(`node scripts/start.mjs`) until `GET /api/health` answers: the web and learner builds,',
    'the server build, and the database prepared beside the builds (`main.js --prepare`:',
    'the empty cluster loaded from `apps/server/db-template`, migrations, the demo seed), then the',
    'server. Memory from `/proc` (VmRSS, VmHWM) of the server process when it first answers; the',
    'preparing process reports its own peak in the log, and is held to the same 500 MB as the',
    "first start's peak.",
    '',
    '| what | figure | goal | load avg (1 min) before → after |',
    '|---|---|---|---|',
    `| first \`npm start\` to \`/api/health\` | **${run.seconds.toFixed(1)} s** | ≤ 25 s: ${run.seconds <= 25 ? 'met' : '**missed**'} | ${run.loadBefore} → ${run.loadAfter} |`,
    `| of which the database prepared (beside the builds) | ${run.prepared}, the demo seed ${run.seed} | seed ≤ 5 s: ${parseFloat(run.seed) <= 5 ? 'met' : '**missed**'} | |`,
    `| server RSS when it first answers, and its peak | ${run.server.rss} MB, peak ${run.server.peak} MB | ≤ 300 MB: ${run.server.rss <= 300 ? 'met' : '**missed**'}; peak ≤ 500 MB: ${run.server.peak <= 500 ? 'met' : '**missed**'} | |`,
    `| the preparing process's peak (it exits before the server starts) | ${run.preparePeak} | ≤ 500 MB: ${parseFloat(run.preparePeak) <= 500 ? 'met' : '**missed**'} | |`,
    '',
  );
}
