import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { boundedPageQuerySchema, idParamSchema } from '@ajar/shared/common/envelope';
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
import {
  memberDiscussionMessages,
  memberDiscussionUnreadSchema,
  memberDiscussionUpdateBodySchema,
  memberMessageParamSchema,
  memberThreadQuerySchema,
  memberThreadSchema,
} from '@ajar/shared/discussions/member-discussions.schemas';
import { activityParamSchema } from '@ajar/shared/members/member-learning.schemas';
import { programIdParamSchema } from '@ajar/shared/members/members.schemas';
import { memberRoute, staffRoute } from '../../lib/route';
import * as service from './discussions.service';
import * as memberService from './member-discussions.service';

const tags = ['discussions'];
const permission = 'discussion.manage';

/** Public discussion (spec 01 §2, §7): staff threads per activity, and the member side. */
export const discussionsRoutes: FastifyPluginAsync = async (app) => {
  const writeDeps: service.DiscussionWriteDeps = {
    db: app.db,
    realtime: app.realtime,
    log: app.log,
    events: app.events,
  };
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
    writeLimit: 'discussion',
    permission,
    tags,
    summary: 'Post or reply in an activity thread as staff',
    body: discussionCreateBodySchema,
    data: discussionMessageSchema,
    message: discussionMessages.created,
    handler: ({ user, body }) => service.createAsStaff(writeDeps, user, body),
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

  memberRoute(app, {
    method: 'GET',
    url: memberUrl,
    tags: ['member'],
    summary: 'The public thread of an activity in a redeemed program (discussion set to Public)',
    params: activityParamSchema,
    query: boundedPageQuerySchema,
    data: discussionMessageListSchema,
    handler: ({ params, query, member }) =>
      service.listForMember(app.db, params.programId, params.activityId, member, query),
  });

  memberRoute(app, {
    method: 'POST',
    url: memberUrl,
    writeLimit: 'discussion',
    tags: ['member'],
    summary: 'Post or reply in the public thread of an activity',
    params: activityParamSchema,
    body: memberDiscussionCreateBodySchema,
    data: discussionMessageSchema,
    message: discussionMessages.created,
    handler: ({ params, body, member }) =>
      service.createAsMember(writeDeps, member, params.programId, params.activityId, body),
  });

  // The participant's thread in Ajar Belajar: paged posts, own edits, unread counts.
  memberRoute(app, {
    method: 'GET',
    url: `${memberUrl}/thread`,
    tags: ['member'],
    summary: 'A page of posts with their replies, the newest activity first',
    params: activityParamSchema,
    query: memberThreadQuerySchema,
    data: memberThreadSchema,
    handler: ({ params, query, member }) =>
      memberService.memberThread(app.db, member, params.programId, params.activityId, query),
  });

  memberRoute(app, {
    method: 'PUT',
    url: `${memberUrl}/read`,
    tags: ['member'],
    summary: 'The participant has read the thread (its unread count goes to 0)',
    params: activityParamSchema,
    data: z.null(),
    message: memberDiscussionMessages.read,
    handler: async ({ params, member }) => {
      await memberService.readThread(app.db, member, params.programId, params.activityId);
      return null;
    },
  });

  memberRoute(app, {
    method: 'PUT',
    url: `${memberUrl}/:messageId`,
    tags: ['member'],
    summary: "Change the text of one's own message",
    params: memberMessageParamSchema,
    body: memberDiscussionUpdateBodySchema,
    data: z.null(),
    message: memberDiscussionMessages.updated,
    handler: async ({ params, body, member }) => {
      await memberService.updateOwn(app.db, member, params, body.content);
      return null;
    },
  });

  memberRoute(app, {
    method: 'DELETE',
    url: `${memberUrl}/:messageId`,
    tags: ['member'],
    summary: "Delete one's own message without replies",
    params: memberMessageParamSchema,
    data: z.null(),
    message: discussionMessages.deleted,
    handler: async ({ params, member }) => {
      await memberService.deleteOwn(app.db, member, params);
      return null;
    },
  });

  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/program/:programId/discussion/unread',
    tags: ['member'],
    summary: "The participant's unread messages per activity thread of a program",
    params: programIdParamSchema,
    data: memberDiscussionUnreadSchema,
    handler: ({ params, member }) => memberService.unreadCounts(app.db, member, params.programId),
  });
};
