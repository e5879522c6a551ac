import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureFirstAdmin, ensureReferenceData } from './db/reference-data';
import { seedIfEmpty } from './db/seed';

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST ?? '0.0.0.0' });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
