import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const compiledMain = path.join(repoRoot, 'apps/server/dist/main.js');
const buildScript = path.join(repoRoot, 'scripts/build-server.mjs');

/** The first superadmin every system-test server creates (production has no demo accounts). */
export const systemAdmin = { email: 'admin@system.test', password: 'Sistem-Uji-2024' } as const;

/** The local Redis the servers share (TEST_REDIS_URL, else the default port on loopback). */
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  name: string;
  /** The data directory (local files, PGlite): the env's DATA_DIR, else a temp one. */
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  logs(): string;
  /** SIGTERM, as an operator would; resolves with the exit code (SIGKILL after 15 s). */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  /** Resolves when the process has exited, however it ended. */
  waitExit(): Promise<ExitStatus>;
}

export interface ServerProcessOptions {
  /** Added over the defaults (HOST, NODE_ENV, LOG_LEVEL, ADMIN_*, DATA_DIR, PORT). */
  env: Record<string, string>;
  /** A fixed port (a restart on the same address); a free one otherwise. */
  port?: number;
  /** Shown in errors and log dumps. */
  name?: string;
  /** How long to wait for `GET /api/health` to answer 200. */
  startTimeoutMs?: number;
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

let built = false;

/** Live children, killed if the test process exits without stopping them (a failed hook). */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * The compiled server, as production runs it (plain node, no TypeScript loader). `npm test`
 * builds before the system tests; a run on its own rebuilds here when the build is missing or
 * older than its sources (`--if-stale`, the same check the start script and browser tests use),
 * so a test never runs an out-of-date server.
 */
export function ensureCompiledServer(): string {
  if (!built) {
    execFileSync(process.execPath, [buildScript, '--if-stale'], { cwd: repoRoot, stdio: 'pipe' });
    built = true;
  }
  if (!fs.existsSync(compiledMain)) throw new Error(`${compiledMain} was not built`);
  return compiledMain;
}

/**
 * Starts one real server process (the compiled `apps/server/dist/main.js`) and waits until
 * `GET /api/health` answers 200. Stop it in `afterAll` (stop/kill); a temp data dir it made is
 * removed when the process exits.
 */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const name = opts.name ?? 'server';
  const port = opts.port ?? (await freePort());
  // A DATA_DIR the caller passes is theirs (a restart on the same data) and is kept; otherwise a
  // temp one is made and removed when the process exits.
  const ownDataDir = opts.env.DATA_DIR === undefined;
  const dataDir =
    opts.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), `ajar-system-${name}-`));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [ensureCompiledServer()], {
    cwd: repoRoot,
    env: {
      // Only what a server needs from this process, not the test runner's own variables.
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: systemAdmin.email,
      ADMIN_PASSWORD: systemAdmin.password,
      DATA_DIR: dataDir,
      ...opts.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    });
  });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 90_000);
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
    dataDir,
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

export interface PgDatabase {
  /** A connection string to the new database. */
  url: string;
  name: string;
  /** Drops the database (and any connection still open to it). */
  drop(): Promise<void>;
}

/** The PostgreSQL server the system tests use. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('System tests need TEST_DATABASE_URL (a PostgreSQL server)');
  return url;
}

/** A fresh, empty (not migrated) database on TEST_DATABASE_URL's server. */
export async function createPgDatabase(prefix = 'ajar_system'): Promise<PgDatabase> {
  const base = testDatabaseUrl();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}
