import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages,
  authUserSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginDataSchema,
  resetPasswordBodySchema,
  updatePasswordBodySchema,
} from '@ajar/shared/auth/auth.schemas';
import { envelopeSchema } from '@ajar/shared/common/envelope';
import { createMailer } from '../../lib/mailer';
import { assertVapidConfig, createPush } from '../../lib/push';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/auth';
import {
  forgotPassword,
  login,
  logout,
  resetPassword,
  toAuthUser,
  updatePassword,
  type AuthDeps,
} from './auth.service';
import { pushRoutes } from './push.routes';

const emptyEnvelope = envelopeSchema(z.null());

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): AuthDeps => ({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
  });

  // Both sign-in screens accept any active staff account (DESIGN §3).
  for (const side of ['admin', 'trainer'] as const) {
    app.post(
      `/api/${side}/v1/login`,
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: `Sign in (${side} screen)`,
          security: [],
          body: loginBodySchema,
          response: { 200: envelopeSchema(loginDataSchema) },
        },
      },
      async (request) => {
        const { email, password, push_token } = request.body;
        return ok(await login(deps(), { email, password, pushToken: push_token, ip: request.ip }));
      },
    );
  }

  app.post(
    '/api/trainer/v1/logout',
    { schema: { tags: ['auth'], summary: 'Sign out', response: { 200: emptyEnvelope } } },
    async (request) => {
      await logout(deps(), currentUser(request));
      return ok(null, authMessages.loggedOut);
    },
  );

  app.get(
    '/api/admin/v1/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: envelopeSchema(authUserSchema) },
      },
    },
    async (request) => ok(toAuthUser(currentUser(request))),
  );

  app.put(
    '/api/admin/v1/update-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change own password',
        body: updatePasswordBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await updatePassword(deps(), currentUser(request), request.body);
      return ok(null, authMessages.passwordChanged);
    },
  );

  app.post(
    '/api/auth/v1/forgot-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link (same answer whether the e-mail exists or not)',
        security: [],
        body: forgotPasswordBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await forgotPassword(deps(), { email: request.body.email, ip: request.ip });
      return ok(null, authMessages.resetLinkSent);
    },
  );

  app.post(
    '/api/auth/v1/reset-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link',
        security: [],
        body: resetPasswordBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await resetPassword(deps(), request.body);
      return ok(null, authMessages.resetDone);
    },
  );
};

/**
 * The auth module: decorates the app with its mailer and Web Push sender (both lazy, for other
 * modules such as notifications too) and registers the account and push routes.
 */
export const authRoutes = fp(
  async (app: FastifyInstance) => {
    assertVapidConfig(app.config);
    app.decorate('mailer', createMailer(app.config, app.log));
    app.decorate('push', createPush({ config: app.config, db: app.db, log: app.log }));
    await app.register(accountRoutes);
    await app.register(pushRoutes);
  },
  { name: 'auth-module' },
);
