import { allStaffTarget, memberTarget, userTarget } from '@ajar/shared/realtime';
import type { Db } from '../../db/client';
import type { Realtime } from '../../plugins/realtime';
import * as memberRepo from './chat-member.repository';
import type { ReaderKind, RoomRow } from './chat.repository';

/**
 * The participant's side of a room in Ajar Belajar: the trainer's online state and the other
 * side's read time (a message sent again after going offline is stored once: `memberSend`).
 */

/** What these functions need of the chat's dependencies (a `ChatDeps` fits). */
interface ChatDeps {
  db: Db;
  realtime: Realtime;
}

/** The trainer's live state and the other side's read time, for the room's detail. */
export async function roomExtras(
  deps: ChatDeps,
  room: Pick<RoomRow, 'id' | 'trainer_id'>,
  reader: ReaderKind,
) {
  const [sockets, readAt] = await Promise.all([
    deps.realtime.countSockets(userTarget(room.trainer_id)),
    memberRepo.lastReadAt(deps.db, room.id, reader === 'member' ? 'staff' : 'member'),
  ]);
  return { trainer_online: sockets > 0, other_read_at: readAt?.toISOString() ?? null };
}

/** One side read the room: the other side's read marks turn on live. */
export function emitRead(
  deps: ChatDeps,
  room: Pick<RoomRow, 'id' | 'trainer_id' | 'member_id'>,
  reader: ReaderKind,
) {
  const targets =
    reader === 'member'
      ? [userTarget(room.trainer_id), allStaffTarget]
      : [memberTarget(room.member_id)];
  deps.realtime.emit(targets, 'chat.read', {
    room_id: room.id,
    reader,
    read_at: new Date().toISOString(),
  });
}

/** A trainer connected or left: the members of their rooms see it live. */
export async function trainerPresence(deps: ChatDeps, trainerId: string, online: boolean) {
  const members = await memberRepo.membersOfTrainer(deps.db, trainerId);
  if (members.length === 0) return;
  deps.realtime.emit(members.map(memberTarget), 'chat.trainer_presence', {
    trainer_id: trainerId,
    online,
  });
}
