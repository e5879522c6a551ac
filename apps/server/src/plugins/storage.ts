import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage, type Storage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Media storage (local disk, or S3 when configured): DESIGN §1, §6. */
    storage: Storage;
  }
}

/** Decorates the app with the configured storage (local disk, or S3 when configured). */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const storage = createStorage(app.config);
    try {
      await storage.prepare();
    } catch (error) {
      await storage.close?.();
      throw error;
    }
    app.decorate('storage', storage);
    // S3 keeps sockets open in its agent; a graceful shutdown lets them go.
    app.addHook('onClose', async () => {
      await storage.close?.();
    });
  },
  { name: 'storage', decorators: { fastify: ['config'] } },
);
