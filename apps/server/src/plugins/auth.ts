import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, type Permission, type RoleKey } from '@ajar/shared/common/roles';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';
import { findSessionUser } from '../modules/auth/sessions.repository';

export interface RequestUser {
  id: string;
  fullname: string;
  email: string;
  phone: string | null;
  role: RoleKey;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed (login, health, public pages). */
    public?: boolean;
    /** The permission of DESIGN §4 this route needs. */
    permission?: Permission;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves the signed-in user from the bearer token, or null. */
export async function authenticate(app: FastifyInstance, token: string | null) {
  if (!token) return null;
  return findSessionUser(app.db, hashToken(token));
}

/**
 * The one route-level guard: every `/api` route needs a valid session unless its config says
 * `public`, and the permission its config names.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.is404) return;
    if (request.url.startsWith('/api/docs')) return; // the OpenAPI page is public
    const config = request.routeOptions.config;
    if (config.public) {
      request.user = await authenticate(app, bearer(request));
      return;
    }
    const user = await authenticate(app, bearer(request));
    if (!user) throw AppError.unauthorized();
    request.user = user;
    if (config.permission && !can(user.role, config.permission)) throw AppError.forbidden();
  });
});

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}
