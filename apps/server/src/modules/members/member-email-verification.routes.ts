import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { emailVerificationMessages } from '@ajar/shared/members/email-verification.constants';
import { verifyEmailBodySchema } from '@ajar/shared/members/email-verification.schemas';
import { memberRoute, openRoute } from '../../lib/route';
import * as service from './member-email-verification.service';

const tags = ['member'];

/** Verifying a member's e-mail address: the mailed link, and 'Kirim ulang'. */
export const memberEmailVerificationRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => ({ db: app.db, config: app.config, mailer: app.mailer, log: app.log });

  openRoute(app, {
    access: 'public',
    method: 'POST',
    url: '/api/member/v1/verify-email',
    tags,
    summary: "Use an e-mail verification link: the member's address is verified",
    description:
      'The token of `{PUBLIC_URL}/belajar/verify-email?token=…` (48 hours, single use). 400 for ' +
      'a used, expired or unknown link, or one sent to an address the member no longer has.',
    body: verifyEmailBodySchema,
    data: z.null(),
    message: emailVerificationMessages.verified,
    handler: async ({ body }) => {
      await service.verifyEmail(deps(), body.token);
      return null;
    },
  });

  memberRoute(app, {
    method: 'POST',
    url: '/api/member/v1/verify-email/resend',
    tags,
    summary: "Send a new verification link to the signed-in member's address",
    description: '409 when the address is verified already; 429 after 3 links in 15 minutes.',
    data: z.null(),
    message: emailVerificationMessages.sent,
    handler: async ({ member }) => {
      await service.resendVerification(deps(), member.id);
      return null;
    },
  });
};
