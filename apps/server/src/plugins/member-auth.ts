import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { consentRequiredCode } from '@ajar/shared/privacy/consent-code';
import { privacyNoticeMessages } from '@ajar/shared/privacy/privacy.constants';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';

/** The signed-in member as the member guard gives it. */
export interface RequestMember {
  id: string;
  fullname: string;
  email: string;
  phone: string | null;
  sessionId: string;
  /** When the session ends (a socket of it is closed then). */
  sessionExpiresAt: Date;
  /** A privacy notice newer than the member's latest consent exists: most routes refuse. */
  consentPending?: boolean;
}

/** Finds the live member session of a token hash (the members module's, wired in app.ts). */
export type FindMemberSession = (tokenHash: string) => Promise<RequestMember | null>;

export interface MemberAuthPluginOptions {
  findSession: FindMemberSession;
  /** Records that the member was seen (called on every member request). */
  touch: (memberId: string) => Promise<void>;
}

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
 * The member guard: a route declared with `memberRoute` (lib/route.ts) needs a
 * live member session. Tokens are looked up in `member_sessions` only, so a staff token is 401
 * here, and the staff guard (sessions only) answers 401 to a member token. The lookups come in as
 * options (app.ts wires the members module's).
 */
export const memberAuthPlugin = fp(
  async (app: FastifyInstance, { findSession, touch }: MemberAuthPluginOptions) => {
    app.decorateRequest('member', null);
    const guard = async (request: FastifyRequest) => {
      const token = bearer(request);
      const member = token ? await findSession(hashToken(token)) : null;
      if (!member) throw AppError.unauthorized();
      await touch(member.id);
      request.member = member;
      // Until the member agrees to the notice in force only the routes that lead there (or that
      // exercise their rights) answer (docs/decisions.md, "Consent to the privacy notice").
      if (member.consentPending && !request.routeOptions.config.beforeConsent) {
        throw new AppError(
          403,
          privacyNoticeMessages.consentRequired,
          undefined,
          undefined,
          consentRequiredCode,
        );
      }
    };
    // On the member routes only, decided once as each is added: a global hook would cost every
    // other request an async call that does nothing. A new array, not a push: Fastify
    // copies a GET route's options for its HEAD route before this runs, and runs it on that too.
    app.addHook('onRoute', (route) => {
      if (!route.config?.member) return;
      const existing = route.onRequest;
      route.onRequest = [
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        guard,
      ];
    });
  },
  { name: 'member-auth' },
);

/** The signed-in member of a member route. */
export function currentMember(request: FastifyRequest): RequestMember {
  if (!request.member) throw AppError.unauthorized();
  return request.member;
}
