import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * Decorates the app with the database and closes it with the app. Registered first: onClose
 * hooks run last-added first, so everything that still writes on close (the job queue) stops
 * before the database does.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, { database }: { database: Database }) => {
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
