import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, type Permission, type RoleKey } from '@ajar/shared/common/roles';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';

/** The signed-in staff user of a request, resolved from the bearer token by the auth plugin. */
export interface RequestUser {
  id: string;
  fullname: string;
  email: string;
  phone: string | null;
  role: RoleKey;
  sessionId: string;
  /** When the session ends (a socket of it is closed then). */
  sessionExpiresAt: Date;
}

/** Finds the live staff session of a token hash (the auth module's sessions, wired in app.ts). */
export type FindStaffSession = (tokenHash: string) => Promise<RequestUser | null>;

export interface AuthPluginOptions {
  findSession: FindStaffSession;
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
    /**
     * A member-API route: the staff guard leaves it to the member guard, and a staff
     * token never signs in there.
     */
    member?: boolean;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves the signed-in user from the bearer token, or null. */
export async function authenticate(findSession: FindStaffSession, token: string | null) {
  if (!token) return null;
  return findSession(hashToken(token));
}

/**
 * Whether a matched route needs a session. Decided from the route's pattern, never from the raw
 * URL: the router decodes the path before matching, so `/%61pi/…` reaches an `/api/…` route. A
 * route that names a permission is guarded wherever it lives.
 */
export function isGuardedRoute(pattern: string, config: FastifyContextConfig): boolean {
  if (config.public || config.member) return false;
  if (config.permission) return true;
  return pattern.startsWith('/api/') && !pattern.startsWith('/api/docs');
}

/**
 * The one route-level guard: every `/api` route needs a valid session unless its config says
 * `public`, and the permission its config names. It knows no domain: the session lookup comes in
 * as an option, as fastify's own plugins take theirs.
 */
export const authPlugin = fp(async (app: FastifyInstance, { findSession }: AuthPluginOptions) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url;
    if (pattern === undefined || request.is404) return;
    const config = request.routeOptions.config;
    if (config.public) {
      request.user = await authenticate(findSession, bearer(request));
      return;
    }
    if (!isGuardedRoute(pattern, config)) return;
    const user = await authenticate(findSession, bearer(request));
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
