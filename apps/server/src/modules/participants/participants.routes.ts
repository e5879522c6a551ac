import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { participantMessages } from '@ajar/shared/participants/participants.constants';
import {
  feedbackBodySchema,
  feedbackSchema,
  memberUpdateBodySchema,
  participantDetailSchema,
  participantListQuerySchema,
  participantListSchema,
  participantMemberSchema,
  programIdParamSchema,
  redeemWorkParamSchema,
  voucherDetailSchema,
} from '@ajar/shared/participants/participants.schemas';
import { Reply, staffRoute } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import * as service from './participants.service';

const tags = ['participants'];

/** `filename*` of RFC 6266/5987, plus a plain ASCII fallback for old clients. */
function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Participants of a program as staff see them (spec 01 §2, §7 'Participants and certificates'):
 * grading staff (`grade.manage`; a trainer only in assigned programs, 404 elsewhere) list them,
 * read their activities and work, give feedback and correct their data; removing a participant
 * from a program needs `program.manage`.
 */
export const participantsRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/trainer/member-redeem/list/:programId',
    permission: 'grade.manage',
    tags,
    summary: "A program's participants (Daftar Peserta)",
    description:
      'q searches voucher code, redeem code, name and phone; sort=results.progress|created_at, dir=asc|desc.',
    params: programIdParamSchema,
    query: participantListQuerySchema,
    data: participantListSchema,
    handler: ({ params, query, user }) =>
      service.listParticipants(app.db, user, params.programId, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/trainer/member-redeem/detail/:id',
    permission: 'grade.manage',
    tags,
    summary: 'A participant with topics, activities, work and feedback (Detail Aktivitas)',
    params: idParamSchema,
    data: participantDetailSchema,
    handler: ({ params, user }) => service.getParticipantDetail(app.db, user, params.id),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/company/detail-member-redeem/:id',
    permission: 'grade.manage',
    tags,
    summary: 'A redemption (Detail Voucher)',
    params: idParamSchema,
    data: voucherDetailSchema,
    handler: ({ params, user }) => service.getVoucherDetail(app.db, user, params.id),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/users/v1/member/detail_by_id/:id',
    permission: 'grade.manage',
    tags,
    summary: 'A member (Update User)',
    params: idParamSchema,
    data: participantMemberSchema,
    handler: ({ params, user }) => service.getMember(app.db, user, params.id),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/users/v1/member/update_by_id/:id',
    permission: 'grade.manage',
    tags,
    summary: "Correct a member's data (phone is read-only)",
    params: idParamSchema,
    body: memberUpdateBodySchema,
    data: participantMemberSchema,
    message: participantMessages.memberUpdated,
    handler: ({ params, body, user }) =>
      service.updateMember(
        {
          db: app.db,
          mailer: app.mailer,
          log: app.log,
          endSessions: (ids) => {
            for (const sessionId of ids) app.realtime.endSessions({ sessionId });
          },
        },
        user,
        params.id,
        body,
      ),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/users/v1/trainer/feedback-mr',
    permission: 'grade.manage',
    tags,
    summary: "Feedback (score 0..100, text ≤ 250) on a participant's activity",
    body: feedbackBodySchema,
    data: feedbackSchema,
    message: participantMessages.feedbackSent,
    handler: ({ body, user }) =>
      service.giveFeedback({ db: app.db, events: app.events }, user, body),
  });

  staffRoute(app, {
    method: 'DELETE',
    url: '/api/users/v1/company/program/delete/:id',
    permission: 'program.manage',
    tags,
    summary:
      'Remove a participant from a program (progress and attempts go; the voucher stays used)',
    params: idParamSchema,
    data: z.null(),
    handler: async ({ params, user }) => {
      await service.removeParticipant(app, user, params.id);
      return new Reply(null, participantMessages.removed);
    },
  });

  // A file, not an envelope: declared with the same guard config that `staffRoute` sets.
  app.route({
    method: 'GET',
    url: '/api/program/v1/trainer/member-redeem/:redeemId/work/:activityId',
    config: { permission: 'grade.manage' },
    schema: {
      tags,
      summary: "A participant's uploaded work (bearer token required; staff who may see them)",
      params: redeemWorkParamSchema,
    },
    handler: async (request, reply) => {
      const { redeemId, activityId } = redeemWorkParamSchema.parse(request.params);
      const work = await service.openWork(app, currentUser(request), redeemId, activityId);
      return reply
        .header('content-type', work.type ?? 'application/octet-stream')
        .header('content-length', String(work.size))
        .header('content-disposition', attachment(work.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(work.stream);
    },
  });
};
