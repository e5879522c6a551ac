import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The production artifact the browser tests drive (`npm run build`), run with plain node. */
export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');

let buildChecked = false;

/**
 * `npm test` builds before the browser tests; a run of vitest on its own could find no build, or
 * one older than the source: compile the server then (about a second; nothing when it is fresh).
 */
export function ensureServerBuild(): void {
  if (buildChecked) return;
  const build = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts/build-server.mjs'), '--if-stale'],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('the server build failed: run `npm run build`');
  buildChecked = true;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  logs: () => string;
  /** Stops the server gracefully (SIGTERM), as an operator would. */
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Stops and deletes its data. */
  close(): Promise<void>;
}

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

export interface ServerOptions {
  /** An existing data directory, kept after `close` (a restart test). */
  dataDir?: string;
  /** A seeded data directory to start from a private copy of (deleted on `close`). */
  template?: string;
  env?: Record<string, string>;
}

/**
 * Starts the real server, compiled (`apps/server/dist/main.js`), on the built web app: on
 * `dataDir`, on a copy of `template`, or on a fresh embedded database that the server seeds with
 * the demo data.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-e2e-'));
    if (options.template) fs.cpSync(options.template, dataDir, { recursive: true });
  }
  ensureServerBuild();
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds: minutes on a loaded 2-core machine, not seconds.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  return {
    url,
    port,
    dataDir,
    logs: () => output,
    stop,
    kill,
    close: async () => {
      await stop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
