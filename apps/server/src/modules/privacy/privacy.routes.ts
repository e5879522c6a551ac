import type { FastifyPluginAsync } from 'fastify';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { z } from 'zod';
import {
  deletionMessages,
  privacyMessages,
  privacyNoticeMessages,
} from '@ajar/shared/privacy/privacy.constants';
import {
  memberConsentBodySchema,
  memberConsentStatusSchema,
  privacyNoticeAdminSchema,
  privacyNoticeBodySchema,
  privacyNoticeSchema,
  privacyNoticeVersionParamSchema,
  deletionRequestBodySchema,
  deletionRequestListQuerySchema,
  memberDataExportSchema,
  memberDeletionRequestSchema,
  staffDeletionRequestListSchema,
} from '@ajar/shared/privacy/privacy.schemas';
import { attachmentHeader } from '../../lib/downloads';
import { memberRoute, openRoute, staffRoute } from '../../lib/route';
import * as deletion from './account-deletion.service';
import * as consent from './consent.service';
import * as exports from './data-export.service';

const tags = ['privacy'];

/** Participants' rights over their personal data (docs/personal-data.md). */
export const privacyRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, queue: app.queue, log: app.log });
  await exports.defineExportJob(deps());
  const deletionDeps = () => ({ ...deps(), realtime: app.realtime });
  await deletion.defineErasureJob(deletionDeps());

  memberRoute(app, {
    beforeConsent: true,
    method: 'GET',
    url: '/api/member/v1/privacy/export',
    tags,
    summary: "The member's latest copy of their data ('Unduh data saya'), or null",
    data: memberDataExportSchema.nullable(),
    handler: ({ member }) => exports.latestExport(app.db, member.id),
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'POST',
    url: '/api/member/v1/privacy/export',
    tags,
    summary: 'Starts a zip of everything the system holds about the member (a queued job)',
    description:
      'One still being made or still downloadable is answered instead of a second. Follow it with GET; when `downloadable`, GET …/export/{id}/download serves it once, within 24 hours.',
    data: memberDataExportSchema,
    message: privacyMessages.exportStarted,
    handler: ({ member }) => exports.startExport(deps(), member.id),
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'GET',
    url: '/api/member/v1/privacy/export/:id/download',
    tags,
    summary: "The member's data zip, once (404 when downloaded already, expired or not theirs)",
    params: idParamSchema,
    data: 'reply',
    handler: async ({ params, reply, member }) => {
      const file = await exports.openExport(deps(), member.id, params.id);
      reply.raw.once('close', () => {
        file.done().catch((err: unknown) => app.log.warn({ err }, 'member export not removed'));
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'GET',
    url: '/api/member/v1/privacy/delete-request',
    tags,
    summary: "The member's pending 'Hapus akun' request, or null",
    data: memberDeletionRequestSchema.nullable(),
    handler: ({ member }) => deletion.myDeletionRequest(app.db, member.id),
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'POST',
    url: '/api/member/v1/privacy/delete-request',
    tags,
    summary: "'Hapus akun': asks to erase the account (password checked)",
    description:
      'The account is erased when staff confirm it, or by itself 14 days later. A pending request is answered again.',
    body: deletionRequestBodySchema,
    data: memberDeletionRequestSchema,
    message: deletionMessages.requested,
    handler: ({ body, request, member }) =>
      deletion.requestDeletion(deletionDeps(), member, {
        password: body.password,
        ip: request.ip,
      }),
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'DELETE',
    url: '/api/member/v1/privacy/delete-request',
    tags,
    summary: "Cancels the member's pending 'Hapus akun' request",
    data: z.null(),
    message: deletionMessages.cancelled,
    handler: ({ member }) => deletion.cancelDeletion(app.db, member.id),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/privacy/v1/deletion-requests',
    permission: 'member.erase',
    tags,
    summary: "Participants' requests to erase their account (status: pending by default)",
    query: deletionRequestListQuerySchema,
    data: staffDeletionRequestListSchema,
    handler: ({ query }) => deletion.listDeletionRequests(app.db, query.status),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/privacy/v1/deletion-requests/:id/confirm',
    permission: 'member.erase',
    tags,
    summary: 'Erases the account of a pending request now',
    params: idParamSchema,
    data: z.null(),
    message: deletionMessages.erased,
    handler: ({ params, user }) => deletion.eraseRequest(deletionDeps(), params.id, user.id),
  });

  // ---- The privacy notice and consent to it (docs/decisions.md, "Consent to the privacy notice")

  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/member/v1/privacy/notice',
    tags,
    summary: 'The privacy notice in force, readable signed out (null before any is saved)',
    data: privacyNoticeSchema.nullable(),
    handler: () => consent.currentNotice(app.db),
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'GET',
    url: '/api/member/v1/privacy/consent',
    tags,
    summary: 'Whether the member must agree to the notice in force first, and that notice',
    description:
      'While `required`, other member routes answer 403 with `code: consent_required` until POST agrees.',
    data: memberConsentStatusSchema,
    handler: ({ member }) => consent.consentStatus(app.db, member.id),
  });

  memberRoute(app, {
    beforeConsent: true,
    method: 'POST',
    url: '/api/member/v1/privacy/consent',
    tags,
    summary: "'Setuju': agrees to the version read (409 when a newer one was saved meanwhile)",
    body: memberConsentBodySchema,
    data: memberConsentStatusSchema,
    message: privacyNoticeMessages.agreed,
    handler: ({ body, request, member }) =>
      consent.agree(app.db, member.id, body.version, request.ip),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/privacy/v1/notice',
    permission: 'users.manage',
    tags,
    summary: 'The privacy notice in force and every version (superadmin)',
    data: privacyNoticeAdminSchema,
    handler: () => consent.noticeForStaff(app.db),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/privacy/v1/notice/versions/:version',
    permission: 'users.manage',
    tags,
    summary: 'One earlier (or the current) version of the privacy notice',
    params: privacyNoticeVersionParamSchema,
    data: privacyNoticeSchema,
    handler: ({ params }) => consent.noticeVersion(app.db, params.version),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/privacy/v1/notice',
    permission: 'users.manage',
    tags,
    summary: 'Saves the privacy notice: a changed text becomes the next version (audited)',
    description:
      'Participants whose latest consent is to an earlier version are asked again before using the app.',
    body: privacyNoticeBodySchema,
    data: privacyNoticeAdminSchema,
    handler: ({ body, user }) => consent.saveNotice(app.db, user.id, body.content),
  });
};
