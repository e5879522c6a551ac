import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../lib/mailer';

/** Decorates the app with its mailer (lib/mailer.ts; it connects on the first mail). */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('mailer', createMailer(app.config, app.log));
  },
  { name: 'mailer', decorators: { fastify: ['config'] } },
);
