import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatReads, chatRooms, memberIdempotencyKeys } from '../../db/schema';
import type { ReaderKind } from './chat.repository';

/** When a reader of this kind last read the room (the newest of them), or null. */
export async function lastReadAt(db: DbOrTx, roomId: string, kind: ReaderKind) {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${chatReads.last_read_at})` })
    .from(chatReads)
    .where(and(eq(chatReads.room_id, roomId), eq(chatReads.reader_kind, kind)));
  return row?.at ? new Date(row.at) : null;
}

/** The members of a trainer's rooms (the trainer's online state goes to them). */
export async function membersOfTrainer(db: DbOrTx, trainerId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: chatRooms.member_id })
    .from(chatRooms)
    .where(eq(chatRooms.trainer_id, trainerId));
  return rows.map((r) => r.id);
}

/**
 * Claims an idempotency key of a chat message for the member: true when it is new. The unique
 * (member, key) index makes a second claim, however close in time, answer false.
 */
export async function claimKey(db: DbOrTx, memberId: string, key: string, scope: string) {
  const rows = await db
    .insert(memberIdempotencyKeys)
    .values({ member_id: memberId, key, scope, response: { data: null, message: null } })
    .onConflictDoNothing()
    .returning({ id: memberIdempotencyKeys.id });
  return rows.length > 0;
}

/** What the first request with the key answered (null while it is still being sent). */
export async function keptResponse(db: DbOrTx, memberId: string, key: string) {
  const [row] = await db
    .select({ scope: memberIdempotencyKeys.scope, response: memberIdempotencyKeys.response })
    .from(memberIdempotencyKeys)
    .where(and(eq(memberIdempotencyKeys.member_id, memberId), eq(memberIdempotencyKeys.key, key)));
  return row ?? null;
}

export async function keepResponse(
  db: DbOrTx,
  memberId: string,
  key: string,
  response: { data: unknown; message: string | null },
) {
  await db
    .update(memberIdempotencyKeys)
    .set({ response })
    .where(and(eq(memberIdempotencyKeys.member_id, memberId), eq(memberIdempotencyKeys.key, key)));
}

export async function releaseKey(db: DbOrTx, memberId: string, key: string) {
  await db
    .delete(memberIdempotencyKeys)
    .where(and(eq(memberIdempotencyKeys.member_id, memberId), eq(memberIdempotencyKeys.key, key)));
}
