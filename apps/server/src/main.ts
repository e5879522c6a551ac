import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureFirstAdmin, ensureReferenceData } from './db/reference-data';
import { seedIfEmpty } from './seed/seed';
import { listenHost } from './listen-host';

/**
 * SIGTERM → stop accepting, let requests in flight finish, close sockets, Redis and the database;
 * past this, exit anyway (within the 10 s an operator can expect, with room to spare).
 */
const shutdownDeadlineMs = 9_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  await database.migrate();
  await ensureReferenceData(database.db);
  const app = await buildApp({ config, database });
  if (config.NODE_ENV !== 'production') {
    await seedIfEmpty(database.db, (msg) => app.log.info(msg));
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
