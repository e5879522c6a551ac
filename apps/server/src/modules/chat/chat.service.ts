import type {
  ChatMessage,
  ChatMessagesQuery,
  ChatRoomDetail,
  ChatRoomList,
  ChatRoomListQuery,
} from '@ajar/shared/chat/chat.schemas';
import {
  chatMessages,
  messageTypeMember,
  messageTypeStaff,
} from '@ajar/shared/chat/chat.constants';
import {
  allStaffTarget,
  memberTarget,
  userTarget,
  type RealtimeTarget,
} from '@ajar/shared/realtime';
import type { MediaItem } from '@ajar/shared/media/media.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Storage } from '../../lib/storage';
import type { Realtime } from '../../plugins/realtime';
import { assignedScope, type Viewer } from '../access/access.service';
import { runOnce, type OnceAnswer } from '../idempotency/idempotency.service';
import { isOwnMediaImage } from '../media/media-urls';
import { uploadMemberImage } from '../media/media.service';
import type { UploadPart } from '../../lib/upload-part';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { emitRead, roomExtras } from './chat-member.service';
import * as repo from './chat.repository';
import { programTrainerIds } from '../access/access.repository';
import { forgetMemberSeen } from '../members/last-seen';

export interface ChatDeps {
  db: Db;
  realtime: Realtime;
  /** Announces each message sent (`chat.message_sent`: the other side is notified); absent in tools. */
  events?: DomainEventPublisher;
  /** PUBLIC_URL: images under it (or relative `/media/…`) are the ones uploaded through Ajar. */
  publicUrl?: string;
}

type Room = repo.RoomRow;

const staffReader = (user: Viewer): repo.Reader => ({ kind: 'staff', id: user.id });
const memberReader = (memberId: string): repo.Reader => ({ kind: 'member', id: memberId });
/** A trainer sees only rooms where they are the trainer (spec 01 §6); admins see every room. */

/** Everyone who follows a room live: its member, its trainer, and the staff who see all rooms. */
function roomTargets(room: Pick<Room, 'member_id' | 'trainer_id'>): RealtimeTarget[] {
  return [memberTarget(room.member_id), userTarget(room.trainer_id), allStaffTarget];
}

/** A message stored in the room: the other side is notified (`chat.message_sent`). */
function announceSent(
  deps: ChatDeps,
  room: Room,
  sender: 'member' | 'staff',
  sent: { topic?: string | null; activity?: string | null; html: string },
) {
  return deps.events?.publish('chat.message_sent', {
    sender,
    roomId: room.id,
    programId: room.program_id,
    memberId: room.member_id,
    trainerId: room.trainer_id,
    topicId: sent.topic ?? null,
    activityId: sent.activity ?? null,
    html: sent.html,
  });
}

export function toMessage(row: repo.MessageRow): ChatMessage {
  return {
    id: row.id,
    room_id: row.room_id,
    type: row.sender === 'member' ? messageTypeMember : messageTypeStaff,
    name: (row.sender === 'member' ? row.member_name : row.user_name) ?? '',
    message: row.message,
    license: row.license,
    topic: row.topic_id ? { id: row.topic_id, name: row.topic_name ?? '' } : null,
    activity: row.activity_id ? { id: row.activity_id, name: row.activity_name ?? '' } : null,
    created_at: row.created_at.toISOString(),
  };
}

/** The room, or 404 when it does not exist or lies outside the staff user's scope. */
async function staffRoom(db: Db, user: Viewer, roomId: string): Promise<Room> {
  const room = await repo.findRoom(db, roomId);
  const scope = assignedScope(user);
  if (!room || (scope && room.trainer_id !== scope)) throw AppError.notFound();
  return room;
}

async function memberRoom(db: Db, memberId: string, roomId: string): Promise<Room> {
  const room = await repo.findRoom(db, roomId);
  if (!room || room.member_id !== memberId) throw AppError.notFound();
  return room;
}

/** `GET …/discussion-private/list`: rooms with at least one message (an empty room is noise). */
export async function listRooms(
  { db }: ChatDeps,
  user: Viewer,
  query: ChatRoomListQuery,
): Promise<ChatRoomList> {
  const { rows, total } = await repo.listRooms(db, {
    trainerId: assignedScope(user),
    programId: query.program_id,
    withMessages: true,
    reader: staffReader(user),
    page: query.page,
    limit: query.limit,
    dir: query.sort_type,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      member: { id: r.member_id, fullname: r.member_fullname, online: r.online },
      trainer: { id: r.trainer_id, fullname: r.trainer_fullname },
      program: { id: r.program_id, title: r.program_title },
      last_message: r.last_message,
      unread_message: r.unread,
      read: r.unread === 0,
      updated_at: r.updated_at.toISOString(),
    })),
    limit: query.limit,
    page: query.page,
    total,
    total_data: total,
  };
}

/** `GET …/get-total-unread`: the staff user's unread member messages over their rooms. */
export async function staffTotalUnread({ db }: ChatDeps, user: Viewer): Promise<number> {
  return repo.totalUnread(db, staffReader(user), { trainerId: assignedScope(user) });
}

async function pushStaffUnread(deps: ChatDeps, user: Viewer) {
  deps.realtime.emit(userTarget(user.id), 'chat.unread', {
    total_unread: await staffTotalUnread(deps, user),
  });
}

async function pushMemberUnread(deps: ChatDeps, memberId: string) {
  deps.realtime.emit(memberTarget(memberId), 'chat.unread', {
    total_unread: await repo.totalUnread(deps.db, memberReader(memberId), { memberId }),
  });
}

/** `PUT …/read/{roomId}`: the staff user has read the room; their badge and lists update live. */
export async function readRoom(deps: ChatDeps, user: Viewer, roomId: string): Promise<void> {
  const room = await staffRoom(deps.db, user, roomId);
  await repo.markRead(deps.db, room.id, staffReader(user));
  emitRead(deps, room, 'staff');
  deps.realtime.emit(userTarget(user.id), 'chat.rooms_changed', {
    room_id: room.id,
    program_id: room.program_id,
  });
  await pushStaffUnread(deps, user);
}

/**
 * The room of (program, trainer, member), created on first use. The program must be visible to
 * the staff user, the trainer one of the program's linked trainers (a trainer may only name
 * themselves), and the member a participant of the program; anything else is 404.
 */
async function roomFor(
  deps: ChatDeps,
  key: { programId: string; trainerId: string; memberId: string },
): Promise<string> {
  const trainers = await programTrainerIds(deps.db, key.programId);
  if (!trainers.includes(key.trainerId)) throw AppError.notFound();
  if (!(await repo.memberLicense(deps.db, key.memberId, key.programId))) throw AppError.notFound();
  const room = await repo.upsertRoom(deps.db, key);
  if (room.created) {
    deps.realtime.emit(
      roomTargets({ member_id: key.memberId, trainer_id: key.trainerId }),
      'chat.rooms_changed',
      { room_id: room.id, program_id: key.programId },
    );
  }
  return room.id;
}

/** `POST …/get-room-id`. */
export async function staffRoomId(
  deps: ChatDeps,
  user: Viewer,
  body: { program_id: string; trainer_id: string; member_id: string },
): Promise<string> {
  const scope = assignedScope(user);
  if (scope && body.trainer_id !== scope) throw AppError.notFound();
  return roomFor(deps, {
    programId: body.program_id,
    trainerId: body.trainer_id,
    memberId: body.member_id,
  });
}

async function roomDetail(
  deps: ChatDeps,
  room: Room,
  query: ChatMessagesQuery,
  reader: repo.ReaderKind,
): Promise<ChatRoomDetail> {
  const { db } = deps;
  let before: repo.MessageKey | undefined;
  if (query.before) {
    const key = await repo.findMessageKey(db, room.id, query.before);
    if (!key) throw AppError.validation({ before: 'before tidak valid' });
    before = key;
  }
  const rows = await repo.listMessages(db, room.id, { limit: query.limit, before });
  const page = rows.slice(0, query.limit).reverse();
  return {
    id: room.id,
    program_id: room.program_id,
    trainer_id: room.trainer_id,
    member_id: room.member_id,
    program: { id: room.program_id, title: room.program_title },
    trainer: { id: room.trainer_id, fullname: room.trainer_fullname },
    member: {
      id: room.member_id,
      name: room.member_fullname,
      email: room.member_email,
      online: room.online,
    },
    messages: page.map(toMessage),
    has_more: rows.length > query.limit,
    ...(await roomExtras(deps, room, reader)),
  };
}

/** `GET …/detail-room/{roomId}`: the room and a newest-first page of its messages. */
export async function staffRoomDetail(
  deps: ChatDeps,
  user: Viewer,
  roomId: string,
  query: ChatMessagesQuery,
): Promise<ChatRoomDetail> {
  return roomDetail(deps, await staffRoom(deps.db, user, roomId), query, 'staff');
}

/**
 * Sanitized message HTML; whitespace or markup without text or image is the empty-message error. Only
 * images uploaded through Ajar stay: an image from any other address (a tracking pixel
 * in the reader's panel) is dropped, and the rest of the message kept.
 */
async function cleanMessage(deps: ChatDeps, message: string): Promise<string> {
  const html = await sanitizeRichText(message, {
    imageSrc: (src) => isOwnMediaImage(src, deps.publicUrl),
  });
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  // An image (an Ajar upload, the only kind kept) is a message on its own.
  if (!text && !/<img\s/i.test(html))
    throw AppError.validation({ message: chatMessages.emptyMessage });
  return html;
}

async function checkContext(db: Db, room: Room, topic: string | null, activity: string | null) {
  const belongs = await repo.contextBelongs(db, room.program_id, topic, activity);
  const errors: Record<string, string> = {};
  if (!belongs.topic) errors.topic = 'topic tidak valid';
  if (!belongs.activity) errors.activity = 'activity tidak valid';
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/** Delivers a stored message live: the message, the room lists, and the receiver's unread total. */
async function deliver(deps: ChatDeps, room: Room, messageId: string, from: 'member' | 'staff') {
  const row = await repo.findMessage(deps.db, messageId);
  if (!row) throw AppError.notFound();
  const message = toMessage(row);
  await emitMessage(deps, room, message, from);
  return message;
}

/** The live side of a stored message: the message, the room lists, the receiver's unread. */
async function emitMessage(
  deps: ChatDeps,
  room: Room,
  message: ChatMessage,
  from: 'member' | 'staff',
) {
  const targets = roomTargets(room);
  deps.realtime.emit(targets, 'chat.message', message);
  deps.realtime.emit(targets, 'chat.rooms_changed', {
    room_id: room.id,
    program_id: room.program_id,
  });
  if (from === 'member') await pushStaffUnread(deps, { id: room.trainer_id, role: 'trainer' });
  else await pushMemberUnread(deps, room.member_id);
}

/** `POST …/room/{roomId}/send-message` by staff. */
export async function staffSend(
  deps: ChatDeps,
  user: Viewer,
  roomId: string,
  body: {
    message: string;
    topic?: string | null;
    activity?: string | null;
    license?: string | null;
    reference_id?: string | null;
  },
): Promise<ChatMessage> {
  const room = await staffRoom(deps.db, user, roomId);
  if (body.reference_id && body.reference_id !== room.member_id) {
    throw AppError.validation({ reference_id: 'reference_id tidak valid' });
  }
  const html = await cleanMessage(deps, body.message);
  await checkContext(deps.db, room, body.topic ?? null, body.activity ?? null);
  const id = await deps.db.transaction(async (tx) => {
    const messageId = await repo.insertMessage(tx, {
      room_id: room.id,
      sender: 'staff',
      user_id: user.id,
      message: html,
      topic_id: body.topic ?? null,
      activity_id: body.activity ?? null,
      license: body.license ?? null,
    });
    // Writing in a room means having read it.
    await repo.markRead(tx, room.id, staffReader(user));
    return messageId;
  });
  const message = await deliver(deps, room, id, 'staff');
  await pushStaffUnread(deps, user);
  await announceSent(deps, room, 'staff', { ...body, html });
  return message;
}

// ---- The member side: only the member's own rooms. ----

/** The member's rooms, newest activity first. */
export async function memberRooms(deps: ChatDeps, memberId: string, query: ChatRoomListQuery) {
  const { rows, total } = await repo.listRooms(deps.db, {
    memberId,
    programId: query.program_id,
    reader: memberReader(memberId),
    page: query.page,
    limit: query.limit,
    dir: query.sort_type,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      program: { id: r.program_id, title: r.program_title },
      trainer: { id: r.trainer_id, fullname: r.trainer_fullname },
      last_message: r.last_message,
      unread_message: r.unread,
      updated_at: r.updated_at.toISOString(),
    })),
    limit: query.limit,
    page: query.page,
    total,
  };
}

/** Opens (or creates) the member's room with a trainer of a program they redeemed. */
export async function memberRoomId(
  deps: ChatDeps,
  memberId: string,
  body: { program_id: string; trainer_id?: string },
): Promise<string> {
  if (!(await repo.memberLicense(deps.db, memberId, body.program_id))) throw AppError.notFound();
  const trainers = await programTrainerIds(deps.db, body.program_id);
  const trainerId = body.trainer_id ?? trainers[0];
  if (!trainerId) throw AppError.notFound(chatMessages.noTrainer);
  return roomFor(deps, { programId: body.program_id, trainerId, memberId });
}

export async function memberRoomDetail(
  deps: ChatDeps,
  memberId: string,
  roomId: string,
  query: ChatMessagesQuery,
) {
  return roomDetail(deps, await memberRoom(deps.db, memberId, roomId), query, 'member');
}

export async function memberTotalUnread({ db }: ChatDeps, memberId: string) {
  return repo.totalUnread(db, memberReader(memberId), { memberId });
}

export async function memberRead(deps: ChatDeps, memberId: string, roomId: string) {
  const room = await memberRoom(deps.db, memberId, roomId);
  await repo.markRead(deps.db, room.id, memberReader(memberId));
  emitRead(deps, room, 'member');
  await pushMemberUnread(deps, memberId);
}

/** A member's message; the voucher code of their redemption is attached as `license`. */
export async function memberSend(
  deps: ChatDeps,
  memberId: string,
  roomId: string,
  body: {
    message: string;
    topic?: string | null;
    activity?: string | null;
    idempotency_key?: string | undefined;
  },
): Promise<OnceAnswer<ChatMessage>> {
  const room = await memberRoom(deps.db, memberId, roomId);
  const html = await cleanMessage(deps, body.message);
  await checkContext(deps.db, room, body.topic ?? null, body.activity ?? null);
  const license = await repo.memberLicense(deps.db, memberId, room.program_id);
  // Sent again with its key (offline, two tabs): the first message, stored and delivered once.
  const once = { memberId, key: body.idempotency_key, scope: `chat:${room.id}` };
  const answer = await runOnce(deps.db, once, chatMessages.sent, async (tx) => {
    const messageId = await repo.insertMessage(tx, {
      room_id: room.id,
      sender: 'member',
      member_id: memberId,
      message: html,
      topic_id: body.topic ?? null,
      activity_id: body.activity ?? null,
      license,
    });
    await repo.markRead(tx, room.id, memberReader(memberId));
    const row = await repo.findMessage(tx, messageId);
    if (!row) throw AppError.notFound();
    return toMessage(row);
  });
  if (answer.replayed) return answer;
  await emitMessage(deps, room, answer.data, 'member');
  await announceSent(deps, room, 'member', { ...body, html });
  return answer;
}

/** The member's online state, live to the trainers of their rooms and the staff who see all. */
async function pushPresence(deps: ChatDeps, memberId: string, online: boolean): Promise<void> {
  const trainers = await repo.trainersOfMember(deps.db, memberId);
  deps.realtime.emit([...trainers.map(userTarget), allStaffTarget], 'chat.presence', {
    member_id: memberId,
    online,
  });
}

/** A member's socket connected: they are active now (their online dot turns on live). */
/**
 * `POST /api/member/v1/chat/room/{roomId}/image`: an image for a message in the member's own
 * room, stored through the media upload (type read from its bytes, an image only: 415; the media
 * image limit: 413). The member then sends it as `<img src>` with that address, the only kind of
 * image a chat message keeps.
 */
export async function memberUploadImage(
  deps: ChatDeps,
  storage: Storage,
  memberId: string,
  roomId: string,
  parts: AsyncIterable<UploadPart>,
): Promise<MediaItem> {
  await memberRoom(deps.db, memberId, roomId);
  return uploadMemberImage({ db: deps.db, storage }, parts, chatMessages.imageUnsupported);
}

export async function memberConnected(deps: ChatDeps, memberId: string): Promise<void> {
  await repo.touchMember(deps.db, memberId);
  await pushPresence(deps, memberId, true);
}

/**
 * A member's last socket closed (counted on every server): they are offline from now until their
 * next activity, and their online dot turns off live.
 */
export async function memberDisconnected(deps: ChatDeps, memberId: string): Promise<void> {
  await repo.markMemberOffline(deps.db, memberId);
  forgetMemberSeen(memberId);
  await pushPresence(deps, memberId, false);
}
