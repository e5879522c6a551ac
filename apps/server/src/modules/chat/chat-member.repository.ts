import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatReads, chatRooms } from '../../db/schema';
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
