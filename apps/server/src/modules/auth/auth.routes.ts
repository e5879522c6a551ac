import type { FastifyPluginAsync } from 'fastify';
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
import { userTarget } from '@ajar/shared/realtime';
import { openRoute, staffRoute } from '../../lib/route';
import {
  forgotPassword,
  login,
  logout,
  resetPassword,
  toAuthUser,
  updatePassword,
  type AuthDeps,
} from './auth.service';
import { loginLinkRoutes, trustedLoginToken } from './login-link.routes';
import { pushRoutes } from './push.routes';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): AuthDeps => ({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
  });

  // Both sign-in screens accept any active staff account.
  for (const side of ['admin', 'trainer'] as const) {
    openRoute(app, {
      access: 'public',
      method: 'POST',
      url: `/api/${side}/v1/login`,
      tags: ['auth'],
      summary: `Sign in (${side} screen)`,
      body: loginBodySchema,
      data: loginDataSchema,
      handler: ({ body, request }) => {
        const { email, password, push_token } = body;
        return login(deps(), {
          email,
          password,
          pushToken: push_token,
          ip: request.ip,
          deviceToken: trustedLoginToken(request),
        });
      },
    });
  }

  staffRoute(app, {
    method: 'POST',
    url: '/api/trainer/v1/logout',
    tags: ['auth'],
    summary: 'Sign out',
    data: z.null(),
    message: authMessages.loggedOut,
    handler: async ({ user }) => {
      await logout(deps(), user);
      app.realtime.endSessions({ sessionId: user.sessionId });
      return null;
    },
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/admin/v1/me',
    tags: ['auth'],
    summary: 'The signed-in user',
    data: authUserSchema,
    handler: async ({ user }) => toAuthUser(user),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/admin/v1/update-password',
    tags: ['auth'],
    summary: 'Change own password',
    body: updatePasswordBodySchema,
    data: z.null(),
    message: authMessages.passwordChanged,
    handler: async ({ user, body, request }) => {
      await updatePassword(deps(), user, body, request.ip);
      app.realtime.endSessions({ target: userTarget(user.id), keepSessionId: user.sessionId });
      return null;
    },
  });

  openRoute(app, {
    access: 'public',
    method: 'POST',
    url: '/api/auth/v1/forgot-password',
    tags: ['auth'],
    summary: 'Send a password reset link (same answer whether the e-mail exists or not)',
    body: forgotPasswordBodySchema,
    data: z.null(),
    message: authMessages.resetLinkSent,
    handler: async ({ body, request }) => {
      await forgotPassword(deps(), { email: body.email, ip: request.ip });
      return null;
    },
  });

  openRoute(app, {
    access: 'public',
    method: 'POST',
    url: '/api/auth/v1/reset-password',
    tags: ['auth'],
    summary: 'Set a new password from a reset link',
    body: resetPasswordBodySchema,
    data: z.null(),
    message: authMessages.resetDone,
    handler: async ({ body, request }) => {
      const { userId } = await resetPassword(deps(), { ...body, ip: request.ip });
      app.realtime.endSessions({ target: userTarget(userId) });
      return null;
    },
  });
};

/** The auth module: the account, push and login-link routes. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes);
  await app.register(pushRoutes);
  await app.register(loginLinkRoutes);
};
