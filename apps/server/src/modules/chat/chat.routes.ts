import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { chatMessages } from '@ajar/shared/chat/chat.constants';
import {
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatRoomDetailSchema,
  chatRoomIdBodySchema,
  chatRoomIdSchema,
  chatRoomListQuerySchema,
  chatRoomListSchema,
  chatSendBodySchema,
  chatTotalUnreadSchema,
  memberChatRoomBodySchema,
  memberChatRoomListSchema,
  memberChatSendBodySchema,
  roomIdParamSchema,
} from '@ajar/shared/chat/chat.schemas';
import { mediaItemSchema } from '@ajar/shared/media/media.schemas';
import { memberRoute, Reply, staffRoute } from '../../lib/route';
import { parts } from '../members/practice-work.routes';
import { discardRest, registerMultipart } from '../../plugins/multipart';
import { trainerPresence } from './chat-member.service';
import * as service from './chat.service';

const tags = ['chat'];
const base = '/api/discussion/v1/discussion-private';
const memberBase = '/api/member/v1/chat';

/**
 * Private discussion (spec 01 §7): staff routes with `discussion.manage` (a trainer only reaches
 * rooms where they are the trainer), and the member's side of the same rooms.
 */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  const deps: service.ChatDeps = {
    db: app.db,
    realtime: app.realtime,
    events: app.events,
    publicUrl: app.config.PUBLIC_URL,
  };
  app.realtime.onConnect(async (identity) => {
    if (identity.kind === 'member') await service.memberConnected(deps, identity.id);
  });
  app.realtime.onLastDisconnect(async (identity) => {
    if (identity.kind === 'member') await service.memberDisconnected(deps, identity.id);
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/list`,
    permission: 'discussion.manage',
    tags,
    summary: 'Private discussion rooms, newest activity first',
    query: chatRoomListQuerySchema,
    data: chatRoomListSchema,
    handler: ({ user, query }) => service.listRooms(deps, user, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/get-total-unread`,
    permission: 'discussion.manage',
    tags,
    summary: "The signed-in user's unread private messages",
    data: chatTotalUnreadSchema,
    handler: async ({ user }) => ({ total_unread: await service.staffTotalUnread(deps, user) }),
  });

  staffRoute(app, {
    method: 'PUT',
    url: `${base}/read/:roomId`,
    permission: 'discussion.manage',
    tags,
    summary: 'Mark a room read',
    params: roomIdParamSchema,
    data: z.null(),
    handler: async ({ user, params }) => {
      await service.readRoom(deps, user, params.roomId);
      return new Reply(null, chatMessages.read);
    },
  });

  staffRoute(app, {
    method: 'POST',
    url: `${base}/get-room-id`,
    permission: 'discussion.manage',
    tags,
    summary: 'The room of a program, trainer and member (created on first use)',
    body: chatRoomIdBodySchema,
    data: chatRoomIdSchema,
    handler: async ({ user, body }) => ({
      room_id: await service.staffRoomId(deps, user, body),
    }),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/detail-room/:roomId`,
    permission: 'discussion.manage',
    tags,
    summary: 'A room and a page of its messages (newest first pages, `before` = oldest id held)',
    params: roomIdParamSchema,
    query: chatMessagesQuerySchema,
    data: chatRoomDetailSchema,
    handler: ({ user, params, query }) => service.staffRoomDetail(deps, user, params.roomId, query),
  });

  staffRoute(app, {
    method: 'POST',
    url: `${base}/room/:roomId/send-message`,
    writeLimit: 'chat',
    permission: 'discussion.manage',
    tags,
    summary: 'Send a message to the member of the room',
    params: roomIdParamSchema,
    body: chatSendBodySchema,
    data: chatMessageSchema,
    handler: async ({ user, params, body }) =>
      new Reply(await service.staffSend(deps, user, params.roomId, body), chatMessages.sent),
  });

  // ---- Member API ----

  memberRoute(app, {
    method: 'GET',
    url: `${memberBase}/rooms`,
    tags,
    summary: "The member's private discussion rooms",
    query: chatRoomListQuerySchema,
    data: memberChatRoomListSchema,
    handler: ({ query, member }) => service.memberRooms(deps, member.id, query),
  });

  memberRoute(app, {
    method: 'GET',
    url: `${memberBase}/get-total-unread`,
    tags,
    summary: "The member's unread trainer messages",
    data: chatTotalUnreadSchema,
    handler: async ({ member }) => ({
      total_unread: await service.memberTotalUnread(deps, member.id),
    }),
  });

  memberRoute(app, {
    method: 'POST',
    url: `${memberBase}/get-room-id`,
    tags,
    summary: 'Open the room with a trainer of a redeemed program (first linked trainer by default)',
    body: memberChatRoomBodySchema,
    data: chatRoomIdSchema,
    handler: async ({ body, member }) => ({
      room_id: await service.memberRoomId(deps, member.id, body),
    }),
  });

  memberRoute(app, {
    method: 'GET',
    url: `${memberBase}/detail-room/:roomId`,
    tags,
    summary: "A member's room and a page of its messages",
    params: roomIdParamSchema,
    query: chatMessagesQuerySchema,
    data: chatRoomDetailSchema,
    handler: ({ params, query, member }) =>
      service.memberRoomDetail(deps, member.id, params.roomId, query),
  });

  memberRoute(app, {
    method: 'PUT',
    url: `${memberBase}/read/:roomId`,
    tags,
    summary: 'The member has read the room',
    params: roomIdParamSchema,
    data: z.null(),
    handler: async ({ params, member }) => {
      await service.memberRead(deps, member.id, params.roomId);
      return new Reply(null, chatMessages.read);
    },
  });

  memberRoute(app, {
    method: 'POST',
    url: `${memberBase}/room/:roomId/send-message`,
    writeLimit: 'chat',
    tags,
    summary: 'Send a message to the trainer of the room',
    params: roomIdParamSchema,
    body: memberChatSendBodySchema,
    data: chatMessageSchema,
    handler: async ({ params, body, member }) => {
      const sent = await service.memberSend(deps, member.id, params.roomId, body);
      return new Reply(sent.data, sent.message);
    },
  });

  await registerMultipart(app);
  memberRoute(app, {
    method: 'POST',
    url: `${memberBase}/room/:roomId/image`,
    writeLimit: 'chat',
    tags,
    summary: 'Upload an image for a message to the trainer (multipart `file`)',
    description:
      "The member's own room only (404 else). An image read by its bytes (415 else), at most the " +
      'media image limit (413). Send it afterwards as `<img src>` with the answered `url`.',
    consumes: ['multipart/form-data'],
    params: roomIdParamSchema,
    data: mediaItemSchema,
    message: chatMessages.imageUploaded,
    handler: async ({ request, params, member }) => {
      try {
        return await service.memberUploadImage(
          deps,
          app.storage,
          member.id,
          params.roomId,
          parts(request),
        );
      } catch (error) {
        discardRest(request.raw);
        throw error;
      }
    },
  });

  // A trainer's connection is their online state for the members of their rooms, pushed live
  // both ways: online at the first socket, offline when the last one closes.
  app.realtime.onConnect(async (identity) => {
    if (identity.kind === 'staff') await trainerPresence(deps, identity.id, true);
  });
  app.realtime.onLastDisconnect(async (identity) => {
    if (identity.kind === 'staff') await trainerPresence(deps, identity.id, false);
  });
};
