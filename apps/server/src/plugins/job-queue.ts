import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startJobQueue, type JobQueue, type QueueConnection } from '../lib/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (lib/job-queue.ts): modules define their workers on it and send jobs. */
    queue: JobQueue;
  }
}

/**
 * Starts the job queue with the app and stops it on close before the database closes: jobs in flight get a few seconds to finish; one that does not
 * is left active and retried by whichever server is alive once it expires.
 */
export const jobQueuePlugin = fp(
  async (app: FastifyInstance, options: { connection: QueueConnection; schedule?: boolean }) => {
    const queue = await startJobQueue(options.connection, app.log, {
      schedule: options.schedule,
    });
    app.decorate('queue', queue);
    app.addHook('onClose', async () => {
      await queue.stop({ graceful: true, timeout: 5_000 });
    });
  },
  { name: 'job-queue', dependencies: ['database'] },
);
