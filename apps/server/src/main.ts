import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { runBackupCommand } from './backup-cli';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { ensureFirstAdmin, ensureReferenceData } from './db/reference-data';
import { seedIfEmpty } from './seed/seed';
import { listenHost } from './listen-host';
import { liftoffWarning } from './lib/liftoff-warning';
import { startServerClockAt } from './lib/clock';
import { backupControlPlugin } from './plugins/backup-control';
import { s3BackupTarget } from './lib/backup';
import { createS3Storage } from './lib/storage';

/**
 * SIGTERM → stop accepting, let requests in flight finish, close sockets, Redis and the database;
 * past this, exit anyway (within the 10 s an operator can expect, with room to spare).
 */
const shutdownDeadlineMs = 9_000;

/** Run as `main.js --prepare`: migrate the database and seed it (outside production), then exit. */
const prepareFlag = '--prepare';

/** The process's peak resident memory in MB (VmHWM; Linux), for the start's log line. */
function peakMemoryMB(): number | undefined {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kB = /^VmHWM:\s+(\d+)/m.exec(status)?.[1];
    return kB ? Math.round(Number(kB) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A first start on the embedded database (no data directory yet) makes the database (from the
 * shipped empty cluster), runs the migrations and the demo seed in a child process that exits
 *: PGlite's WebAssembly memory never shrinks, so work done once would otherwise stay in
 * the server for good. The child runs with the server's own Node flags
 * (scripts/server-flags.mjs).
 */
async function prepareInChild(log: (msg: string) => void): Promise<void> {
  const started = performance.now();
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1] ?? '', prepareFlag], {
    stdio: 'inherit',
    env: process.env,
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`Preparing the database failed (exit code ${code}).`);
  log(`database prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Migrations, reference data, and outside production the demo seed. */
async function prepare(database: Database, config: Config, log: (msg: string) => void) {
  await database.migrate();
  await ensureReferenceData(database.db);
  if (config.NODE_ENV !== 'production') {
    const started = performance.now();
    if (await seedIfEmpty(database.db, log))
      log(`demo seed took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** pino's level numbers, for the lines written before its logger exists. */
const startLogLevels: Record<Config['LOG_LEVEL'], number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

async function main() {
  // `npm run backup` / `npm run restore` (scripts/backup.mjs): the same build, another command.
  if (await runBackupCommand(process.argv)) return;
  const config = loadConfig();
  // The start's own lines, before the app's logger exists: pino's format and levels.
  const threshold = startLogLevels[config.LOG_LEVEL];
  const startLog = (msg: string, level: number = startLogLevels.info) => {
    if (level >= threshold) {
      process.stdout.write(`${JSON.stringify({ level, time: Date.now(), msg })}\n`);
    }
  };
  const pgliteDir = path.join(config.dataDir, 'db');
  const target = config.DATABASE_URL
    ? ({ kind: 'postgres', url: config.DATABASE_URL } as const)
    : ({ kind: 'pglite', dataDir: pgliteDir } as const);
  // `--prepare` (the preparing child, or `npm start` beside a first build): prepare, then exit.
  if (process.argv.includes(prepareFlag)) {
    const database = await openDatabase(target);
    await prepare(database, config, startLog);
    await database.close();
    startLog(`preparing process peak memory: ${peakMemoryMB() ?? '?'} MB`);
    return;
  }
  // PGlite's memory flags (`--liftoff-only`) come from the command line: scripts/server-flags.mjs.
  const warning = liftoffWarning({
    embedded: !config.DATABASE_URL,
    optimize: config.PGLITE_OPTIMIZE,
    execArgv: process.execArgv,
  });
  if (warning) startLog(warning, startLogLevels.warn);
  if (!config.DATABASE_URL && !fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    await prepareInChild(startLog);
  }
  // A test server's moved clock (config.ts, CLOCK_START; refused in production).
  if (config.CLOCK_START) startServerClockAt(new Date(config.CLOCK_START));
  const database = await openDatabase(target);
  await prepare(database, config, startLog);
  const app = await buildApp({ config, database });
  // `npm run backup` of the embedded database goes through this process (plugins/backup-control.ts).
  if (database.kind === 'pglite') {
    await app.register(backupControlPlugin, {
      database,
      dataDir: config.dataDir,
      backupDir: s3BackupTarget(config.BACKUP_DIR)
        ? config.BACKUP_DIR
        : path.resolve(config.BACKUP_DIR),
      backupBucket: (bucket) => createS3Storage(config, bucket),
      keep: config.BACKUP_KEEP,
      schedule: config.BACKUP_SCHEDULE,
    });
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const admin = { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD };
    if (await ensureFirstAdmin(database.db, { ...admin, fullname: config.ADMIN_NAME })) {
      app.log.info({ email: admin.email }, 'first superadmin created from ADMIN_EMAIL');
    }
  }

  // Signals are handled before listening, so a SIGTERM during the start is not lost.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Whatever still hangs (a stuck client, a dead database) must not keep the process past
    // the orchestrator's grace period: exit hard after a deadline.
    setTimeout(() => {
      app.log.error({ signal, afterMs: shutdownDeadlineMs }, 'shutdown timed out; exiting');
      process.exit(1);
    }, shutdownDeadlineMs).unref();
    app.close().then(
      () => {
        app.log.info('shut down cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  if (closing) return; // stopped while starting
  const { host, notice } = listenHost(config);
  await app.listen({ port: config.PORT, host });
  if (notice) app.log.warn(notice);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
