import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  memberAccountMessages,
  memberForgotPasswordBodySchema,
  memberPhotoDataSchema,
  memberProfileUpdateBodySchema,
  memberResetPasswordBodySchema,
  memberUpdatePasswordBodySchema,
} from '@ajar/shared/members/member-account.schemas';
import { memberProfileSchema } from '@ajar/shared/members/members.schemas';
import { memberRoute, openRoute, Reply } from '../../lib/route';
import { publicOrigin } from '../../lib/public-origin';
import * as service from './member-account.service';
import { parts } from './practice-work.routes';
import { discardRest, registerMultipart } from '../../plugins/multipart';

const tags = ['member'];

/** The member's own account: forgot/reset/update password, profile and photo. */
export const memberAccountRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);
  const deps = () => ({ db: app.db, log: app.log, mailer: app.mailer });
  const endSessions = (ids: string[]) => {
    for (const sessionId of ids) app.realtime.endSessions({ sessionId });
  };

  openRoute(app, {
    access: 'public',
    method: 'POST',
    url: '/api/member/v1/forgot-password',
    tags,
    summary: 'Send a member a reset link (same answer whether the e-mail exists or not)',
    description:
      'The e-mail links to `{PUBLIC_URL}/belajar/reset-password?token=…` (60 minutes, ' +
      'single use). 429 after 10 requests from one address in 15 minutes.',
    body: memberForgotPasswordBodySchema,
    data: z.null(),
    message: memberAccountMessages.resetSent,
    handler: async ({ body, request }) => {
      await service.forgotMemberPassword(deps(), {
        email: body.email,
        ip: request.ip,
        origin: publicOrigin(app.config),
      });
      return null;
    },
  });

  openRoute(app, {
    access: 'public',
    method: 'POST',
    url: '/api/member/v1/reset-password',
    tags,
    summary: "Set a member's new password from a reset link; every session ends",
    body: memberResetPasswordBodySchema,
    data: z.null(),
    message: memberAccountMessages.resetDone,
    handler: async ({ body }) => {
      const { sessionIds } = await service.resetMemberPassword(deps(), body);
      endSessions(sessionIds);
      return null;
    },
  });

  memberRoute(app, {
    method: 'PUT',
    url: '/api/member/v1/update-password',
    tags,
    summary: "Change the member's password (old_password checked); the other sessions end",
    body: memberUpdatePasswordBodySchema,
    data: z.null(),
    handler: async ({ body, request, member }) => {
      const ended = await service.updateMemberPassword(deps(), member, body, request.ip);
      endSessions(ended);
      return new Reply(null, memberAccountMessages.passwordUpdated);
    },
  });

  memberRoute(app, {
    method: 'PUT',
    url: '/api/member/v1/profile',
    tags,
    summary: "Change the member's name and WhatsApp number",
    body: memberProfileUpdateBodySchema,
    data: memberProfileSchema,
    message: memberAccountMessages.profileUpdated,
    handler: ({ body, member }) => service.updateProfile(app.db, member, body),
  });

  memberRoute(app, {
    method: 'POST',
    url: '/api/member/v1/profile/photo',
    tags,
    summary: "Upload the member's photo (multipart `file`, an image read by its bytes)",
    description: '415 when the file is not an image, 413 over the media image limit (10 MB).',
    data: memberPhotoDataSchema,
    message: memberAccountMessages.photoUpdated,
    handler: async ({ request, member }) => {
      try {
        return await service.uploadPhoto(
          { db: app.db, storage: app.storage },
          member,
          parts(request),
        );
      } catch (error) {
        discardRest(request.raw);
        throw error;
      }
    },
  });
};
