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
  quizAnswerBodySchema,
  quizAnswerSavedSchema,
  quizResultSchema,
  quizStartDataSchema,
  quizSubmitBodySchema,
} from '@ajar/shared/members/member-learning.schemas';
import { memberGradesDataSchema } from '@ajar/shared/members/member-grades.schemas';
import { programIdParamSchema } from '@ajar/shared/members/members.schemas';
import { memberRoute, openRoute, Reply } from '../../lib/route';
import * as learning from './learning.service';
import { getMyGrades } from './member-grades.service';
import * as quiz from './quiz-attempts.service';

const tags = ['member'];
const activityUrl = '/api/member/v1/program/:programId/activity/:activityId';

/** Learning in a redeemed program: topics, activities, completion and quizzes. */
export const learningRoutes: FastifyPluginAsync = async (app) => {
  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/program/detail/:programId',
    tags,
    summary: 'A redeemed program: progress, scores, published topics and activities (is_complete)',
    params: programIdParamSchema,
    data: myProgramDetailSchema,
    handler: ({ params, member }) => learning.getMyProgramDetail(app.db, member, params.programId),
  });

  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/program/:programId/grades',
    tags,
    summary:
      "'Nilai': every scored activity (quizzes, practice work) with the best score, attempts and feedback",
    params: programIdParamSchema,
    data: memberGradesDataSchema,
    handler: ({ params, member }) => getMyGrades(app.db, member, params.programId),
  });

  memberRoute(app, {
    method: 'GET',
    url: activityUrl,
    tags,
    summary: 'One published activity: content, settings, my progress and quiz attempts',
    params: activityParamSchema,
    data: memberActivityDetailSchema,
    handler: ({ params, member }) =>
      learning.getMyActivity(app.db, member, params.programId, params.activityId, app.storage),
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

  memberRoute(app, {
    method: 'POST',
    url: `${activityUrl}/complete`,
    tags,
    summary:
      'Complete an activity done by reading (opened, time spent); videos, quizzes, practice work and meetings: 400',
    params: activityParamSchema,
    data: completeDataSchema,
    message: memberMessages.activityCompleted,
    handler: ({ params, member }) =>
      learning.completeActivity(app.db, member, params.programId, params.activityId),
  });

  memberRoute(app, {
    method: 'POST',
    url: `${activityUrl}/quiz/start`,
    tags,
    summary: 'Start (or resume) a quiz attempt: questions without answers, server deadline',
    params: activityParamSchema,
    data: quizStartDataSchema,
    message: memberMessages.quizStarted,
    handler: ({ params, member }) =>
      quiz.startQuiz(app.db, member, params.programId, params.activityId),
  });

  memberRoute(app, {
    method: 'PUT',
    url: `${activityUrl}/quiz/:attemptId/answer`,
    tags,
    summary: 'Save one answer of my running attempt as it is given (null clears it)',
    description:
      'The question must be one the attempt served, the option must exist, the deadline (plus ' +
      'the grace) not passed. idempotency_key (uuid, optional): a resend answers the first result.',
    params: attemptParamSchema,
    body: quizAnswerBodySchema,
    data: quizAnswerSavedSchema,
    message: memberMessages.answerSaved,
    handler: async ({ params, body, member }) => {
      const saved = await quiz.saveAnswer(app.db, member, params, body);
      return new Reply(saved.data, saved.message);
    },
  });

  memberRoute(app, {
    method: 'POST',
    url: `${activityUrl}/quiz/:attemptId/submit`,
    tags,
    summary: 'Submit the answers (question id → option index); scored on the server',
    description:
      'The answers sent win over the ones saved one by one. idempotency_key (uuid, optional): a ' +
      'resend with the same key, at once or later, answers the first result.',
    params: attemptParamSchema,
    body: quizSubmitBodySchema,
    data: quizResultSchema,
    message: memberMessages.quizSubmitted,
    handler: async ({ params, body, member }) => {
      const result = await quiz.submitQuiz(app.db, member, params, body);
      return new Reply(result.data, result.message);
    },
  });
};
