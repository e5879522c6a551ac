import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { idParamSchema } from '@ajar/shared/common/envelope';
import {
  certificateFileName,
  certificateMessages,
  type CertificateKind,
} from '@ajar/shared/certificates/certificates.constants';
import {
  certificateCorrectBodySchema,
  certificateIdParamSchema,
  certificateRedeemDetailSchema,
  certificateRevokeBodySchema,
  certificateRedeemParamSchema,
  certificateVerificationSchema,
  certificateVerifyParamSchema,
  certificateZipParamSchema,
  certificateZipQuerySchema,
  issuedCertificateSchema,
  updateSertificateBodySchema,
  updateSertificateReplySchema,
} from '@ajar/shared/certificates/certificates.schemas';
import { jobLimits, jobMessages } from '@ajar/shared/jobs/jobs.constants';
import { jobStartedSchema } from '@ajar/shared/jobs/jobs.schemas';
import { attachmentHeader } from '../../lib/downloads';
import { openRoute, staffRoute } from '../../lib/route';
import { publicOrigin } from '../../lib/public-origin';
import { defineFileJob, startJob } from '../jobs/jobs.service';
import { assertLargeZipConfirmed } from '../jobs/kept-renders';
import * as service from './certificates.service';
import * as staff from './certificate-staff.service';
import { verifyCertificate } from './certificate-verify.service';

/** A certificate PDF as a private download (never cached), its number in a header. */
export function sendCertificatePdf(reply: FastifyReply, pdf: Buffer, number: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(pdf.length))
    .header('content-disposition', attachmentHeader(certificateFileName))
    .header('x-certificate-number', number)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

const tags = ['certificates'];

/**
 * Certificates of member redemptions (spec 01 §2, §7, §9; DESIGN §3, §6, §11): staff with
 * `grade.manage` (a trainer only in assigned programs, 404 elsewhere) download a participant's
 * PDF or a program's zip, correct or revoke an issued certificate; anyone may check a number on
 * the public verification call.
 */
export const certificatesRoutes: FastifyPluginAsync = async (app) => {
  await defineFileJob<service.ProgramZipJobInput>(app, {
    kind: 'certificate_zip',
    run: (ctx) => service.runProgramZipJob(app.db, app.certificatePdfs, ctx),
  });

  /** Where the QR code points: the configured public address (lib/public-origin.ts). */
  const baseUrl = publicOrigin(app.config);

  staffRoute(app, {
    method: 'GET',
    url: '/api/users/v1/member_redeem/detail/:id',
    permission: 'grade.manage',
    tags,
    summary: 'A redemption for its certificate page (member, program, results, certificates)',
    description:
      "The spec's fixed access key header is replaced by the staff session: a key shipped in a web app is no secret.",
    params: idParamSchema,
    data: certificateRedeemDetailSchema,
    handler: ({ params, user }) => staff.getRedeemDetail(app.db, user, params.id),
  });

  for (const kind of ['participant', 'graduation'] as const satisfies CertificateKind[]) {
    staffRoute(app, {
      method: 'GET',
      url: `/api/certificate/v1/${kind}/:redeemId`,
      permission: 'grade.manage',
      tags,
      summary:
        kind === 'graduation'
          ? `Graduation certificate PDF (progress 100 and post-test passed; otherwise 400 '${certificateMessages.notFinished}' / '${certificateMessages.postTestNotPassed}')`
          : `Participation certificate PDF (once the member started the program; otherwise 400 '${certificateMessages.notStarted}')`,
      params: certificateRedeemParamSchema,
      data: 'reply',
      handler: async ({ params, user, reply }) => {
        const { pdf, number } = await service.issueCertificate(
          app.db,
          user,
          params.redeemId,
          kind,
          baseUrl,
        );
        return sendCertificatePdf(reply, pdf, number);
      },
    });
  }

  staffRoute(app, {
    method: 'GET',
    url: '/api/certificate/v1/program/:programId/zip',
    permission: 'grade.manage',
    tags,
    summary:
      "Starts the zip of every eligible participant's certificate of a program as a job (`data.job_id`; follow it with GET /api/job/v1/detail/{id})",
    description: `Entries are named sertifikat-{name}-{license}.pdf; 400 '${certificateMessages.noneEligible}' when nobody qualifies; past ZIP_CONFIRM_ABOVE (${jobLimits.zipConfirmAbove}) certificates 409 with the count and an estimate until sent again with confirm=true; an identical zip still in 'Unduhan' answers its job.`,
    params: certificateZipParamSchema,
    query: certificateZipQuerySchema,
    data: jobStartedSchema,
    message: jobMessages.started,
    handler: async ({ params, query, user }) => {
      const { name, input, eligible } = await service.programZipJob(
        app.db,
        user,
        params.programId,
        query.kind,
        baseUrl,
      );
      assertLargeZipConfirmed(eligible, query.confirm, app.config.ZIP_CONFIRM_ABOVE);
      return startJob(app, user, { kind: 'certificate_zip', name, input });
    },
  });

  openRoute(app, {
    access: 'public',
    method: 'GET',
    url: '/api/certificate/v1/verify/:number',
    tags,
    summary:
      'Public check of a certificate number: genuine, whose and for which program (429 when one address asks too often)',
    params: certificateVerifyParamSchema,
    data: certificateVerificationSchema,
    handler: ({ params, request }) => verifyCertificate(app.db, params.number, request.ip),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/certificate/v1/correct/:id',
    permission: 'grade.manage',
    tags,
    summary:
      'Correct a valid certificate: a new number is issued with the corrected data; the old one is replaced and its verification page links to the new one',
    description: `400 '${certificateMessages.nothingCorrected}' when nothing differs; 409 '${certificateMessages.notValidAnyMore}' for a replaced or revoked certificate. Answers the new certificate.`,
    params: certificateIdParamSchema,
    body: certificateCorrectBodySchema,
    data: issuedCertificateSchema,
    message: certificateMessages.corrected,
    handler: ({ params, body, user }) => staff.correctCertificate(app.db, user, params.id, body),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/certificate/v1/revoke/:id',
    permission: 'grade.manage',
    tags,
    summary:
      "Revoke a valid certificate with a reason (shown on its verification page, 'dicabut'); it can no longer be downloaded",
    description: `409 '${certificateMessages.notValidAnyMore}' for a replaced or revoked certificate. Answers the revoked certificate.`,
    params: certificateIdParamSchema,
    body: certificateRevokeBodySchema,
    data: issuedCertificateSchema,
    message: certificateMessages.revoked,
    handler: ({ params, body, user }) => staff.revokeCertificate(app.db, user, params.id, body),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/users/v1/member/order/update-sertificate',
    permission: 'grade.manage',
    tags,
    summary: 'Link an external certificate id to a redemption (order_id = member redemption id)',
    body: updateSertificateBodySchema,
    data: updateSertificateReplySchema,
    message: certificateMessages.sertificateUpdated,
    handler: ({ body, user }) => service.updateSertificate(app.db, user, body),
  });
};
