import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The production artifact (`npm run build`), run with plain node as production runs it. */
export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const buildScript = path.join(repoRoot, 'scripts/build-server.mjs');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

let built = false;

/**
 * `npm test` builds before the browser and system tests; a run on its own could find no build, or
 * one older than its sources: compile the server then (`--if-stale`, the check the start script
 * uses; nothing when the build is fresh), so a test never runs an out-of-date server.
 */
export function ensureServerBuild(): string {
  if (!built) {
    const build = spawnSync(process.execPath, [buildScript, '--if-stale'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      throw new Error(`the server build failed (npm run build):\n${build.stdout}${build.stderr}`);
    }
    built = true;
  }
  if (!fs.existsSync(serverMain)) throw new Error(`${serverMain} was not built`);
  return serverMain;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnedServer {
  url: string;
  port: number;
  pid: number;
  name: string;
  /** Everything the process wrote to stdout and stderr so far. */
  logs(): string;
  /** SIGTERM, as an operator would; resolves with the exit code (SIGKILL after 15 s). */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  /** Resolves when the process has exited, however it ended. */
  waitExit(): Promise<ExitStatus>;
}

export interface SpawnServerOptions {
  /** The whole environment of the process (PORT is set here). */
  env: Record<string, string | undefined>;
  /** A fixed port (a restart on the same address); a free one otherwise. */
  port?: number;
  /** Node flags before the script (`--enable-source-maps`). */
  nodeArgs?: string[];
  /** Shown in errors. */
  name?: string;
  /** How long to wait for `GET /api/health` to answer 200 (default 120 s). */
  startTimeoutMs?: number;
  /** Runs once the process has exited (removing a data directory the caller made for it). */
  onExit?: () => void;
}

/** Live children, killed if the test process exits without stopping them (a failed hook). */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * Starts the compiled server (`apps/server/dist/main.js`, built when stale) as one process and
 * waits until `GET /api/health` answers 200. The one start-and-wait loop of the browser tests,
 * the system tests and the benchmarks.
 */
export async function spawnServer(opts: SpawnServerOptions): Promise<SpawnedServer> {
  const name = opts.name ?? 'server';
  const main = ensureServerBuild();
  const port = opts.port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), main], {
    cwd: repoRoot,
    env: { ...opts.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      opts.onExit?.();
      resolve({ code, signal });
    });
  });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  const url = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds: minutes on a loaded 2-core machine, not seconds.
  const deadline = Date.now() + (opts.startTimeoutMs ?? 300_000);
  for (;;) {
    if (hasExited()) throw new Error(`${name} exited before answering /api/health:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer /api/health in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    pid: child.pid ?? -1,
    name,
    logs: () => output,
    waitExit: () => exited,
    async stop() {
      if (!hasExited()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      return (await exited).code;
    },
    async kill() {
      if (!hasExited()) child.kill('SIGKILL');
      await exited;
    },
  };
}
