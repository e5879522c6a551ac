import type { FastifyPluginAsync } from 'fastify';
import { memberEmailVerificationRoutes } from './member-email-verification.routes';
import { memberAccountRoutes } from './member-account.routes';
import { memberAppRoutes } from './member-app.routes';
import { memberAuthRoutes } from './member-auth.routes';
import { learningRoutes } from './learning.routes';
import { practiceWorkRoutes } from './practice-work.routes';
import { redeemRoutes } from './redeem.routes';

/** The member API under `/api/member/v1/…`, guarded by the member guard. */
export const membersRoutes: FastifyPluginAsync = async (app) => {
  await app.register(memberAuthRoutes);
  await app.register(memberAccountRoutes);
  await app.register(memberEmailVerificationRoutes);
  await app.register(memberAppRoutes);
  await app.register(redeemRoutes);
  await app.register(learningRoutes);
  await app.register(practiceWorkRoutes);
};
