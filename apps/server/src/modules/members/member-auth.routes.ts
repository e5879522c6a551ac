import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { memberMessages } from '@ajar/shared/members/members.constants';
import {
  memberLoginBodySchema,
  memberLoginDataSchema,
  memberProfileSchema,
  memberPushBodySchema,
  memberRegisterBodySchema,
} from '@ajar/shared/members/members.schemas';
import { memberRoute, openRoute, Reply } from '../../lib/route';
import * as service from './member-auth.service';

const tags = ['member'];

/** Member accounts: register, login, logout, me, and the session's push subscription. */
export const memberAuthRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => ({ db: app.db, log: app.log, config: app.config });

  openRoute(app, {
    access: 'public',
    method: 'POST',
    url: '/api/member/v1/register',
    tags,
    summary: 'Register a member account (signed in at once, as login answers)',
    body: memberRegisterBodySchema,
    data: memberLoginDataSchema,
    message: memberMessages.registered,
    handler: ({ body, request }) =>
      service.registerMember(
        deps(),
        { db: app.db, config: app.config, mailer: app.mailer, log: app.log },
        body,
        request.ip,
      ),
  });

  openRoute(app, {
    access: 'public',
    method: 'POST',
    url: '/api/member/v1/login',
    tags,
    summary: 'Member sign-in: data.token is a member token (never valid on staff routes)',
    body: memberLoginBodySchema,
    data: memberLoginDataSchema,
    handler: ({ body, request }) => service.loginMember(deps(), { ...body, ip: request.ip }),
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'POST',
    url: '/api/member/v1/logout',
    tags,
    summary: 'Member sign-out: revokes the token and its push subscription',
    data: z.null(),
    handler: async ({ member }) => {
      await service.logoutMember(deps(), member);
      app.realtime.endSessions({ sessionId: member.sessionId });
      return new Reply(null, memberMessages.loggedOut);
    },
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'GET',
    url: '/api/member/v1/me',
    tags,
    summary: 'The signed-in member',
    data: memberProfileSchema,
    handler: ({ member }) => service.getMe(app.db, member),
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'PUT',
    url: '/api/member/v1/push/subscription',
    tags,
    summary: "Register or replace the Web Push subscription of the member's session",
    body: memberPushBodySchema,
    data: z.null(),
    handler: async ({ body, member }) => {
      await service.saveMemberPush(deps(), member, body.subscription);
      return null;
    },
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'DELETE',
    url: '/api/member/v1/push/subscription',
    tags,
    summary: "Remove the Web Push subscription of the member's session",
    data: z.null(),
    handler: async ({ member }) => {
      await service.removeMemberPush(app.db, member);
      return null;
    },
  });
};
