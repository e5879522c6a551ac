import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defineNotificationPush, type NotificationPushWorker } from './notification-push.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The participants' Web Push worker (staff sends and personal notifications alike). */
    participantPush: NotificationPushWorker;
  }
}

/**
 * Decorates the app with the participants' push jobs, which the staff sends and the personal
 * notifications (notification-subscribers.plugin.ts) queue. The worker runs on the job queue
 * (app.queue), which resumes jobs a restart left and stops with the app.
 */
export const participantPushPlugin = fp(
  async (app: FastifyInstance) => {
    const push = await defineNotificationPush({
      config: app.config,
      db: app.db,
      queue: app.queue,
      log: app.log,
    });
    app.decorate('participantPush', push);
  },
  { name: 'participant-push', dependencies: ['database', 'job-queue'] },
);
