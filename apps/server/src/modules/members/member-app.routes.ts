import type { FastifyPluginAsync } from 'fastify';
import { memberMessages } from '@ajar/shared/members/members.constants';
import { programIdParamSchema } from '@ajar/shared/members/members.schemas';
import {
  activityParamSchema,
  memberCertificateDataSchema,
  videoProgressBodySchema,
  videoProgressDataSchema,
} from '@ajar/shared/members/member-learning.schemas';
import {
  gameplayParamSchema,
  memberPopupMessages,
  memberPopupQuizzesDataSchema,
  popupAnswerBodySchema,
  popupAnswerResultSchema,
} from '@ajar/shared/members/member-popup.schemas';
import { memberRoute, Reply } from '../../lib/route';
import { publicOrigin } from '../../lib/public-origin';
import { sendCertificatePdf } from '../certificates/certificates.routes';
import { memberCertificate, memberCertificatePdf } from '../certificates/certificates.service';
import { saveVideoProgress } from './member-video.service';
import { answerPopup, listPopups } from './member-popup.service';
import { findMyProgram } from './redeem.service';

const tags = ['member'];
const activityUrl = '/api/member/v1/program/:programId/activity/:activityId';

/** What the learner app needs beside learning: video resume, pop-up answers, certificate. */
export const memberAppRoutes: FastifyPluginAsync = async (app) => {
  const baseUrl = publicOrigin(app.config);

  memberRoute(app, {
    method: 'PUT',
    url: `${activityUrl}/video-progress`,
    tags,
    summary: 'Keep the video position (resume) and the furthest point watched',
    description:
      'Video types only (menonton_video, embed_youtube). The activity completes once the ' +
      'furthest point watched is within the last 5 % (or 5 seconds) of the video.',
    params: activityParamSchema,
    body: videoProgressBodySchema,
    data: videoProgressDataSchema,
    message: memberMessages.videoProgressSaved,
    handler: ({ params, body, member }) => saveVideoProgress(app.db, member, params, body),
  });

  memberRoute(app, {
    method: 'GET',
    url: `${activityUrl}/gameplays`,
    tags,
    summary: "The video's pop-up quizzes without answer keys or points, with my answers",
    params: activityParamSchema,
    data: memberPopupQuizzesDataSchema,
    handler: ({ params, member }) => listPopups(app.db, member, params),
  });

  memberRoute(app, {
    method: 'POST',
    url: `${activityUrl}/gameplay/:gameplayId/answer`,
    tags,
    summary: 'Answer a pop-up question: scored on the server, kept once per member and question',
    description:
      'answer: { kind: choice, option } | { kind: pairs, pairs } | { kind: words, found }, ' +
      'indexes as served (400 on `answer` for an index that does not exist). A resend with the ' +
      'same key answers the first answer; another answer to the same question answers the ' +
      'first result with repeated: true.',
    params: gameplayParamSchema,
    body: popupAnswerBodySchema,
    data: popupAnswerResultSchema,
    message: memberPopupMessages.answered,
    handler: async ({ params, body, member }) => {
      const answered = await answerPopup(app.db, member, params, body);
      return new Reply(answered.data, answered.message);
    },
  });

  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/program/:programId/certificate',
    tags,
    summary: "The member's certificate once the program is complete: number and links",
    description:
      "400 'Sertifikat tersedia setelah program selesai' before. A revoked certificate answers status revoked with its reason and no download_url.",
    params: programIdParamSchema,
    data: memberCertificateDataSchema,
    handler: async ({ params, member }) => {
      const redeem = await findMyProgram(app.db, member, params.programId);
      const cert = await memberCertificate(
        app.db,
        redeem.id,
        baseUrl,
        memberMessages.certificateNotReady,
      );
      return {
        number: cert.number,
        verify_url: cert.verify_url,
        // A revoked certificate is not downloaded (certificates.service.ts).
        download_url:
          cert.status === 'valid'
            ? `/api/member/v1/program/${params.programId}/certificate/pdf`
            : null,
        issued_at: cert.issued_at.toISOString(),
        valid_until: cert.valid_until ? cert.valid_until.toISOString() : null,
        expired: cert.expired,
        status: cert.status,
        revoked: cert.revoked,
        replaces: cert.replaces,
      };
    },
  });

  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/program/:programId/certificate/pdf',
    tags,
    summary: "The member's certificate PDF (member token), once the program is complete",
    params: programIdParamSchema,
    data: 'reply',
    handler: async ({ params, reply, member }) => {
      const redeem = await findMyProgram(app.db, member, params.programId);
      await memberCertificate(app.db, redeem.id, baseUrl, memberMessages.certificateNotReady);
      const { pdf, number } = await memberCertificatePdf(app.db, redeem.id, baseUrl);
      return sendCertificatePdf(reply, pdf, number);
    },
  });
};
