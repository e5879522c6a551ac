import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authMessages,
  loginLinkBodySchema,
  loginLinkConfirmBodySchema,
  loginThrottle,
} from '@ajar/shared/auth/auth.schemas';
import { publicOrigin } from '../../lib/public-origin';
import { openRoute } from '../../lib/route';
import type { AuthDeps } from './auth.service';
import { confirmLoginLink, requestLoginLink } from './login-link.service';

/** The httpOnly cookie of a browser trusted by the sign-in throttle (a sign-in link opened there). */
export const trustedLoginCookie = 'ajar_trusted_login';

/** The trusted-login cookie of the request, if it has one that could be ours. */
export function trustedLoginToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== trustedLoginCookie) continue;
    const value = rest.join('=');
    return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
  }
  return null;
}

export const loginLinkRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): AuthDeps => ({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
  });

  openRoute(app, {
    access: 'public',
    method: 'POST',
    url: '/api/auth/v1/login-link',
    tags: ['auth'],
    summary: 'E-mail a sign-in link that lifts the account-wide sign-in delay for one browser',
    description:
      'Same answer whether the e-mail exists or not. The mail links to ' +
      '`{PUBLIC_URL}/login-link?token=…` (15 minutes, single use); 429 per address as ' +
      'forgot-password.',
    body: loginLinkBodySchema,
    data: z.null(),
    message: authMessages.loginLinkSent,
    handler: async ({ body, request }) => {
      await requestLoginLink(deps(), { email: body.email, ip: request.ip });
      return null;
    },
  });

  openRoute(app, {
    access: 'public',
    method: 'POST',
    url: '/api/auth/v1/login-link/confirm',
    tags: ['auth'],
    summary: 'Use a sign-in link: this browser is no longer held back by the account-wide delay',
    description:
      'Sets the httpOnly cookie `ajar_trusted_login` that the sign-in throttle trusts like a ' +
      'known address for 30 days. No session: the password is still needed.',
    body: loginLinkConfirmBodySchema,
    data: z.null(),
    message: authMessages.loginLinkDone,
    handler: async ({ body, request, reply }) => {
      const { deviceToken } = await confirmLoginLink(deps(), {
        token: body.token,
        deviceToken: trustedLoginToken(request),
      });
      const secure = publicOrigin(app.config).startsWith('https:') ? '; Secure' : '';
      const maxAge = loginThrottle.knownAddressDays * 24 * 60 * 60;
      void reply.header(
        'set-cookie',
        `${trustedLoginCookie}=${deviceToken}; Path=/api/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
      );
      return null;
    },
  });
};
