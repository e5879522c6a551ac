import { z } from 'zod';
import { sortDirSchema } from '../common/envelope';
import { idempotencyKeyField } from '../members/member-learning.schemas';
import { chatMessages, chatPageSize } from './chat.constants';

const uuid = (field: string) => z.uuid({ error: `${field} tidak valid` });

/** `GET …/discussion-private/list` (spec 01 §7). */
export const chatRoomListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sort_by: z.enum(['updated_at']).default('updated_at'),
  sort_type: sortDirSchema.default('desc'),
  /** The program filter of `/discussion/private/program/{id}`. */
  program_id: uuid('program_id').optional(),
});
export type ChatRoomListQuery = z.output<typeof chatRoomListQuerySchema>;

/** One row of the private discussion list (spec 01 §3 Private discussion item). */
export const chatRoomItemSchema = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), fullname: z.string(), online: z.boolean() }),
  trainer: z.object({ id: z.string(), fullname: z.string() }),
  program: z.object({ id: z.string(), title: z.string() }),
  /** The newest message (sanitized HTML), null in a room without messages. */
  last_message: z.string().nullable(),
  unread_message: z.number(),
  read: z.boolean(),
  updated_at: z.string(),
});
export type ChatRoomItem = z.infer<typeof chatRoomItemSchema>;

export const chatRoomListSchema = z.object({
  list: z.array(chatRoomItemSchema),
  limit: z.number(),
  page: z.number(),
  total: z.number(),
  total_data: z.number(),
});
export type ChatRoomList = z.infer<typeof chatRoomListSchema>;

export const chatTotalUnreadSchema = z.object({ total_unread: z.number() });

export const roomIdParamSchema = z.object({ roomId: uuid('roomId') });

/** `POST …/get-room-id`: staff name the member; a member's own route leaves it out. */
export const chatRoomIdBodySchema = z.object({
  program_id: uuid('program_id'),
  trainer_id: uuid('trainer_id'),
  member_id: uuid('member_id'),
});
export const chatRoomIdSchema = z.object({ room_id: z.string() });

/** The member's room opening: the trainer defaults to the program's first linked trainer. */
export const memberChatRoomBodySchema = z.object({
  program_id: uuid('program_id'),
  trainer_id: uuid('trainer_id').optional(),
});

/** Newest-first pages: `before` is the oldest message id the client already has. */
export const chatMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(chatPageSize),
  before: uuid('before').optional(),
});
export type ChatMessagesQuery = z.output<typeof chatMessagesQuerySchema>;

/** A message (spec 01 §3 Message): `type` 1 = from the member, 2 = from staff. */
export const chatMessageSchema = z.object({
  id: z.string(),
  room_id: z.string(),
  type: z.number(),
  name: z.string(),
  message: z.string(),
  license: z.string().nullable(),
  topic: z.object({ id: z.string(), name: z.string() }).nullable(),
  activity: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** `GET …/detail-room/{id}`: the room and one page of messages, oldest first within the page. */
export const chatRoomDetailSchema = z.object({
  id: z.string(),
  program_id: z.string(),
  trainer_id: z.string(),
  member_id: z.string(),
  program: z.object({ id: z.string(), title: z.string() }),
  trainer: z.object({ id: z.string(), fullname: z.string() }),
  member: z.object({ id: z.string(), name: z.string(), email: z.string(), online: z.boolean() }),
  messages: z.array(chatMessageSchema),
  /** Older messages exist before the first one of this page. */
  has_more: z.boolean(),
  /** The trainer has a connection open now (the member's side shows it). */
  trainer_online: z.boolean(),
  /** When the other side (the member for staff, the trainer for the member) last read the room. */
  other_read_at: z.string().nullable(),
});
export type ChatRoomDetail = z.infer<typeof chatRoomDetailSchema>;

const messageField = z
  .string({ error: chatMessages.emptyMessage })
  .trim()
  .min(1, { error: chatMessages.emptyMessage })
  .max(5000, { error: 'Pesan harus kurang dari atau sama dengan 5000 karakter.' });

/** `POST …/room/{roomId}/send-message` (spec 01 §7). */
export const chatSendBodySchema = z.object({
  message: messageField,
  topic: uuid('topic').nullish(),
  activity: uuid('activity').nullish(),
  license: z.string().trim().max(100).nullish(),
  /** The room's member id (spec: reference_id); checked against the room when given. */
  reference_id: uuid('reference_id').nullish(),
});
export type ChatSendBody = z.output<typeof chatSendBodySchema>;

export const memberChatSendBodySchema = z.object({
  message: messageField,
  topic: uuid('topic').nullish(),
  activity: uuid('activity').nullish(),
  /** Written offline and sent again: the same key never stores a second message. */
  idempotency_key: idempotencyKeyField.optional(),
});

/** The member's own room list. */
export const memberChatRoomSchema = z.object({
  id: z.string(),
  program: z.object({ id: z.string(), title: z.string() }),
  trainer: z.object({ id: z.string(), fullname: z.string() }),
  last_message: z.string().nullable(),
  unread_message: z.number(),
  updated_at: z.string(),
});
export const memberChatRoomListSchema = z.object({ list: z.array(memberChatRoomSchema) });
