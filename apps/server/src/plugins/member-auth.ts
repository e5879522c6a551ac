import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';
import { findSessionMember, touchLastSeen } from '../modules/members/member-sessions.repository';
import type { RequestMember } from '../modules/members/request-member';

declare module 'fastify' {
  interface FastifyRequest {
    member: RequestMember | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The member guard (DESIGN §11): a route declared with `openRoute({ access: 'member' })` needs a
 * live member session. Tokens are looked up in `member_sessions` only, so a staff token is 401
 * here, and the staff guard (sessions only) answers 401 to a member token.
 */
export const memberAuthPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('member', null);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url === undefined || request.is404) return;
      if (!request.routeOptions.config.member) return;
      const token = bearer(request);
      const member = token ? await findSessionMember(app.db, hashToken(token)) : null;
      if (!member) throw AppError.unauthorized();
      await touchLastSeen(app.db, member.id);
      request.member = member;
    });
  },
  { name: 'member-auth' },
);

/** The signed-in member of a member route. */
export function currentMember(request: FastifyRequest): RequestMember {
  if (!request.member) throw AppError.unauthorized();
  return request.member;
}
