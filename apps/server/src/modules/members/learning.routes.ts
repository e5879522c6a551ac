import type { FastifyPluginAsync } from 'fastify';
import { memberMessages } from '@ajar/shared/members/members.constants';
import {
  activityParamSchema,
  attemptParamSchema,
  completeDataSchema,
  contentOpenParamSchema,
  contentOpenQuerySchema,
  memberActivityDetailSchema,
  myProgramDetailSchema,
  quizResultSchema,
  quizStartDataSchema,
  quizSubmitBodySchema,
} from '@ajar/shared/members/member-learning.schemas';
import { programIdParamSchema } from '@ajar/shared/members/members.schemas';
import { openRoute } from '../../lib/route';
import { currentMember } from '../../plugins/member-auth';
import * as learning from './learning.service';
import { onceForKey } from './member-idempotency';
import * as quiz from './quiz-attempts.service';

const tags = ['member'];
const activityUrl = '/api/member/v1/program/:programId/activity/:activityId';

/** Learning in a redeemed program: topics, activities, completion and quizzes. */
export const learningRoutes: FastifyPluginAsync = async (app) => {
  openRoute(app, {
    access: 'member',
    method: 'GET',
    url: '/api/member/v1/program/detail/:programId',
    tags,
    summary: 'A redeemed program: progress, scores, published topics and activities (is_complete)',
    params: programIdParamSchema,
    data: myProgramDetailSchema,
    handler: ({ params, request }) =>
      learning.getMyProgramDetail(app.db, currentMember(request), params.programId),
  });

  openRoute(app, {
    access: 'member',
    method: 'GET',
    url: activityUrl,
    tags,
    summary: 'One published activity: content, settings, my progress and quiz attempts',
    params: activityParamSchema,
    data: memberActivityDetailSchema,
    handler: ({ params, request }) =>
      learning.getMyActivity(app.db, currentMember(request), params.programId, params.activityId),
  });

  openRoute(app, {
    // Reached by navigation (a PDF in the page, a link in a new tab), which carries no bearer
    // token: the member and an expiry are signed into the address handed out with the activity.
    access: 'public',
    method: 'GET',
    url: `${activityUrl}/open/:target`,
    tags,
    summary: "Open the activity's PDF or link: records the opening, then redirects (302) to it",
    params: contentOpenParamSchema,
    query: contentOpenQuerySchema,
    data: 'reply',
    handler: async ({ params, query, reply }) => {
      const to = await learning.openContent(app.db, params, query);
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  });

  openRoute(app, {
    access: 'member',
    method: 'POST',
    url: `${activityUrl}/complete`,
    tags,
    summary:
      'Complete an activity done by reading (opened, time spent); videos, quizzes, practice work and meetings: 400',
    params: activityParamSchema,
    data: completeDataSchema,
    message: memberMessages.activityCompleted,
    handler: ({ params, request }) =>
      learning.completeActivity(
        app.db,
        currentMember(request),
        params.programId,
        params.activityId,
      ),
  });

  openRoute(app, {
    access: 'member',
    method: 'POST',
    url: `${activityUrl}/quiz/start`,
    tags,
    summary: 'Start (or resume) a quiz attempt: questions without answers, server deadline',
    params: activityParamSchema,
    data: quizStartDataSchema,
    message: memberMessages.quizStarted,
    handler: ({ params, request }) =>
      quiz.startQuiz(app.db, currentMember(request), params.programId, params.activityId),
  });

  openRoute(app, {
    access: 'member',
    method: 'POST',
    url: `${activityUrl}/quiz/:attemptId/submit`,
    tags,
    summary: 'Submit the answers (question id → option index); scored on the server',
    description:
      'idempotency_key (uuid, optional): a resend with the same key answers the first result.',
    params: attemptParamSchema,
    body: quizSubmitBodySchema,
    data: quizResultSchema,
    message: memberMessages.quizSubmitted,
    handler: ({ params, body, request }) => {
      const member = currentMember(request);
      return onceForKey(app.db, member.id, body.idempotency_key, `quiz:${params.attemptId}`, () =>
        quiz.submitQuiz(app.db, member, params, body.answers),
      );
    },
  });
};
