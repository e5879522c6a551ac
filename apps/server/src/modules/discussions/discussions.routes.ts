import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { discussionMessages } from '@ajar/shared/discussions/discussions.constants';
import {
  discussionCreateBodySchema,
  discussionListQuerySchema,
  discussionMessageListSchema,
  discussionMessageSchema,
  discussionProgramDetailSchema,
  discussionProgramListQuerySchema,
  discussionProgramListSchema,
  discussionTopicListQuerySchema,
  discussionTopicListSchema,
  memberDiscussionCreateBodySchema,
} from '@ajar/shared/discussions/discussions.schemas';
import { activityParamSchema } from '@ajar/shared/members/member-learning.schemas';
import { openRoute, staffRoute } from '../../lib/route';
import { currentMember } from '../../plugins/member-auth';
import * as service from './discussions.service';

const tags = ['discussions'];
const permission = 'discussion.manage';

/** Public discussion (spec 01 §2, §7): staff threads per activity, and the member side. */
export const discussionsRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: '/api/discussion/v1/list-program',
    permission,
    tags,
    summary: 'Programs with the signed-in user’s unread member messages',
    query: discussionProgramListQuerySchema,
    data: discussionProgramListSchema,
    handler: ({ user, query }) => service.listPrograms(app.db, user, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/discussion/v1/detail-program/:id',
    permission,
    tags,
    summary: 'A program of the public discussion (data.name is its title)',
    params: idParamSchema,
    data: discussionProgramDetailSchema,
    handler: ({ user, params }) => service.getProgram(app.db, user, params.id),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/discussion/v1/list-topic',
    permission,
    tags,
    summary: 'Topics with unread counts and the activities that have a public thread',
    query: discussionTopicListQuerySchema,
    data: discussionTopicListSchema,
    handler: ({ user, query }) => service.listTopics(app.db, user, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/discussion/v1/list',
    permission,
    tags,
    summary: "An activity's messages (flat, with parent_id); marks the thread read for the user",
    query: discussionListQuerySchema,
    data: discussionMessageListSchema,
    handler: ({ user, query }) => service.listMessages(app.db, user, query),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/discussion/v1/create',
    permission,
    tags,
    summary: 'Post or reply in an activity thread as staff',
    body: discussionCreateBodySchema,
    data: discussionMessageSchema,
    message: discussionMessages.created,
    handler: ({ user, body }) => service.createAsStaff(app.db, user, body),
  });

  staffRoute(app, {
    method: 'DELETE',
    url: '/api/discussion/v1/delete/:id',
    permission,
    tags,
    summary: 'Delete a message without replies (own message; admins any)',
    params: idParamSchema,
    data: z.null(),
    message: discussionMessages.deleted,
    handler: async ({ user, params }) => {
      await service.deleteMessage(app.db, user, params.id);
      return null;
    },
  });

  const memberUrl = '/api/member/v1/program/:programId/activity/:activityId/discussion';

  openRoute(app, {
    access: 'member',
    method: 'GET',
    url: memberUrl,
    tags: ['member'],
    summary: 'The public thread of an activity in a redeemed program (discussion set to Public)',
    params: activityParamSchema,
    data: discussionMessageListSchema,
    handler: ({ params, request }) =>
      service.listForMember(app.db, params.programId, params.activityId, currentMember(request)),
  });

  openRoute(app, {
    access: 'member',
    method: 'POST',
    url: memberUrl,
    tags: ['member'],
    summary: 'Post or reply in the public thread of an activity',
    params: activityParamSchema,
    body: memberDiscussionCreateBodySchema,
    data: discussionMessageSchema,
    message: discussionMessages.created,
    handler: ({ params, body, request }) =>
      service.createAsMember(
        app.db,
        currentMember(request),
        params.programId,
        params.activityId,
        body,
        app,
      ),
  });
};
