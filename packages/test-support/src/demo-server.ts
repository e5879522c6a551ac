import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from './spawn-server';

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

export interface ServerOptions {
  /** An existing data directory, kept after `close` (a restart test). */
  dataDir?: string;
  /** A seeded data directory to start from a private copy of (deleted on `close`). */
  template?: string;
  env?: Record<string, string>;
}

/**
 * The server the browser tests and the benchmarks drive: compiled, on the built web app, in
 * development mode on the embedded database, so a fresh data directory gets the demo seed. On
 * `dataDir`, on a copy of `template`, or on a fresh directory.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-e2e-'));
    if (options.template) fs.cpSync(options.template, dataDir, { recursive: true });
  }
  const server = await spawnServer({
    nodeArgs: ['--enable-source-maps'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Test servers keep V8's optimizing tier for the embedded database (faster queries; memory
      // is not what they measure), on purpose, so the server does not warn of `--liftoff-only`.
      PGLITE_OPTIMIZE: 'true',
      ...options.env,
    },
  });
  const stop = async () => {
    await server.stop();
  };
  return {
    url: server.url,
    port: server.port,
    dataDir,
    logs: server.logs,
    stop,
    kill: server.kill,
    close: async () => {
      await stop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
