import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  chatMessages,
  chatReads,
  chatRooms,
  memberRedeems,
  members,
  programs,
  topics,
  users,
} from '../../db/schema';

export type ReaderKind = 'member' | 'staff';
export interface Reader {
  kind: ReaderKind;
  id: string;
}

/**
 * Online = active within the last hour (spec 01 §9), decided by the database clock, and not gone
 * since: a member whose last socket closed is offline until their next activity.
 */
const onlineSql = sql<boolean>`coalesce(
  ${members.last_seen_at} > now() - interval '1 hour'
    and (${members.offline_at} is null or ${members.last_seen_at} > ${members.offline_at}),
  false
)`;

/** The sender whose messages are unread for this reader: the other side. */
const otherSide = (kind: ReaderKind) => (kind === 'staff' ? 'member' : 'staff');

/** Messages of the room `roomRef` from the other side that the reader has not read yet. */
function unreadSql(roomRef: SQL | typeof chatRooms.id, reader: Reader) {
  return sql<number>`(
    select count(*)::int from ${chatMessages} cm
    where cm.room_id = ${roomRef} and cm.sender = ${otherSide(reader.kind)}
      and cm.created_at > coalesce((
        select cr.last_read_at from ${chatReads} cr
        where cr.room_id = ${roomRef} and cr.reader_kind = ${reader.kind}
          and cr.reader_id = ${reader.id}
      ), '-infinity'::timestamptz)
  )`;
}

const lastMessageSql = sql<string | null>`(
  select cm.message from ${chatMessages} cm where cm.room_id = ${chatRooms.id}
  order by cm.created_at desc, cm.id desc limit 1
)`;

export interface RoomListFilter {
  /** A trainer sees only rooms where they are the trainer (spec 01 §6); undefined = all. */
  trainerId?: string;
  memberId?: string;
  programId?: string;
  /** Staff lists leave out rooms opened without a message yet. */
  withMessages?: boolean;
  reader: Reader;
  page: number;
  limit: number;
  dir: 'asc' | 'desc';
}

function roomWhere(filter: Omit<RoomListFilter, 'reader' | 'page' | 'limit' | 'dir'>) {
  return and(
    filter.trainerId ? eq(chatRooms.trainer_id, filter.trainerId) : undefined,
    filter.memberId ? eq(chatRooms.member_id, filter.memberId) : undefined,
    filter.programId ? eq(chatRooms.program_id, filter.programId) : undefined,
    filter.withMessages
      ? sql`exists (select 1 from ${chatMessages} cm where cm.room_id = ${chatRooms.id})`
      : undefined,
  );
}

/** One page of rooms, newest activity first, with last message and the reader's unread count. */
export async function listRooms(db: DbOrTx, filter: RoomListFilter) {
  const where = roomWhere(filter);
  const order = filter.dir === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: chatRooms.id,
      updated_at: chatRooms.last_message_at,
      member_id: members.id,
      member_fullname: members.fullname,
      online: onlineSql,
      trainer_id: users.id,
      trainer_fullname: users.fullname,
      program_id: programs.id,
      program_title: programs.title,
      last_message: lastMessageSql,
      unread: unreadSql(chatRooms.id, filter.reader),
    })
    .from(chatRooms)
    .innerJoin(members, eq(members.id, chatRooms.member_id))
    .innerJoin(users, eq(users.id, chatRooms.trainer_id))
    .innerJoin(programs, eq(programs.id, chatRooms.program_id))
    .where(where)
    .orderBy(order(chatRooms.last_message_at), order(chatRooms.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ n: count() }).from(chatRooms).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The reader's unread messages over every room in scope, in one statement. */
export async function totalUnread(
  db: DbOrTx,
  reader: Reader,
  scope: { trainerId?: string; memberId?: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.room_id))
    .leftJoin(
      chatReads,
      and(
        eq(chatReads.room_id, chatRooms.id),
        eq(chatReads.reader_kind, reader.kind),
        eq(chatReads.reader_id, reader.id),
      ),
    )
    .where(
      and(
        roomWhere(scope),
        eq(chatMessages.sender, otherSide(reader.kind)),
        sql`${chatMessages.created_at} > coalesce(${chatReads.last_read_at}, '-infinity'::timestamptz)`,
      ),
    );
  return row?.n ?? 0;
}

export type RoomRow = NonNullable<Awaited<ReturnType<typeof findRoom>>>;

/** A room with its program, trainer and member. */
export async function findRoom(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: chatRooms.id,
      program_id: chatRooms.program_id,
      trainer_id: chatRooms.trainer_id,
      member_id: chatRooms.member_id,
      program_title: programs.title,
      trainer_fullname: users.fullname,
      member_fullname: members.fullname,
      member_email: members.email,
      online: onlineSql,
    })
    .from(chatRooms)
    .innerJoin(members, eq(members.id, chatRooms.member_id))
    .innerJoin(users, eq(users.id, chatRooms.trainer_id))
    .innerJoin(programs, eq(programs.id, chatRooms.program_id))
    .where(eq(chatRooms.id, id));
  return row ?? null;
}

/** The room of (program, trainer, member), created on first use. */
export async function upsertRoom(
  db: DbOrTx,
  key: { programId: string; trainerId: string; memberId: string },
): Promise<{ id: string; created: boolean }> {
  const [inserted] = await db
    .insert(chatRooms)
    .values({ program_id: key.programId, trainer_id: key.trainerId, member_id: key.memberId })
    .onConflictDoNothing()
    .returning({ id: chatRooms.id });
  if (inserted) return { id: inserted.id, created: true };
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(
      and(
        eq(chatRooms.program_id, key.programId),
        eq(chatRooms.trainer_id, key.trainerId),
        eq(chatRooms.member_id, key.memberId),
      ),
    );
  if (!row) throw new Error('chat room upsert found no row');
  return { id: row.id, created: false };
}

const messageColumns = {
  id: chatMessages.id,
  room_id: chatMessages.room_id,
  sender: chatMessages.sender,
  message: chatMessages.message,
  license: chatMessages.license,
  created_at: chatMessages.created_at,
  member_name: members.fullname,
  user_name: users.fullname,
  topic_id: topics.id,
  topic_name: topics.name,
  activity_id: activities.id,
  activity_name: activities.name,
};
export type MessageRow = Awaited<ReturnType<ReturnType<typeof messageQuery>['execute']>>[number];

function messageQuery(db: DbOrTx) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(members, eq(members.id, chatMessages.member_id))
    .leftJoin(users, eq(users.id, chatMessages.user_id))
    .leftJoin(topics, eq(topics.id, chatMessages.topic_id))
    .leftJoin(activities, eq(activities.id, chatMessages.activity_id));
}

/**
 * One page of a room's messages, newest first, older than the message `before` (keyset on
 * created_at, id). Returns `limit + 1` rows at most so the caller knows whether more exist.
 */
export async function listMessages(
  db: DbOrTx,
  roomId: string,
  page: { limit: number; before?: MessageKey },
): Promise<MessageRow[]> {
  const before = page.before;
  return messageQuery(db)
    .where(
      and(
        eq(chatMessages.room_id, roomId),
        before
          ? sql`(${chatMessages.created_at}, ${chatMessages.id}) < (${before.created_at}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(chatMessages.created_at), desc(chatMessages.id))
    .limit(page.limit + 1);
}

/**
 * Where a page of messages ends: created_at as PostgreSQL's text, to the microsecond (a JS Date
 * keeps milliseconds, and a message in the same millisecond would be skipped).
 */
export interface MessageKey {
  created_at: string;
  id: string;
}

export async function findMessageKey(
  db: DbOrTx,
  roomId: string,
  id: string,
): Promise<MessageKey | null> {
  const [row] = await db
    .select({ id: chatMessages.id, created_at: sql<string>`${chatMessages.created_at}::text` })
    .from(chatMessages)
    .where(and(eq(chatMessages.room_id, roomId), eq(chatMessages.id, id)));
  return row ?? null;
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | null> {
  const [row] = await messageQuery(db).where(eq(chatMessages.id, id));
  return row ?? null;
}

/** Stores a message and moves the room to the top of the lists. */
export async function insertMessage(
  db: DbOrTx,
  values: typeof chatMessages.$inferInsert,
): Promise<string> {
  const [row] = await db
    .insert(chatMessages)
    .values(values)
    .returning({ id: chatMessages.id, created_at: chatMessages.created_at });
  if (!row) throw new Error('chat message insert returned no row');
  await db
    .update(chatRooms)
    .set({ last_message_at: row.created_at })
    .where(eq(chatRooms.id, values.room_id));
  return row.id;
}

/** The reader has read the room up to now. */
export async function markRead(db: DbOrTx, roomId: string, reader: Reader): Promise<void> {
  await db
    .insert(chatReads)
    .values({ room_id: roomId, reader_kind: reader.kind, reader_id: reader.id })
    .onConflictDoUpdate({
      target: [chatReads.room_id, chatReads.reader_kind, chatReads.reader_id],
      set: { last_read_at: sql`now()`, updated_at: sql`now()` },
    });
}

/** The member's voucher code for the program, or null when they have not redeemed it. */
export async function memberLicense(db: DbOrTx, memberId: string, programId: string) {
  const [row] = await db
    .select({ license: memberRedeems.license })
    .from(memberRedeems)
    .where(and(eq(memberRedeems.member_id, memberId), eq(memberRedeems.program_id, programId)))
    .orderBy(asc(memberRedeems.created_at))
    .limit(1);
  return row?.license ?? null;
}

/** The trainers of the member's rooms (presence goes to them). */
export async function trainersOfMember(db: DbOrTx, memberId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: chatRooms.trainer_id })
    .from(chatRooms)
    .where(eq(chatRooms.member_id, memberId));
  return rows.map((r) => r.id);
}

/** The member's last socket closed: offline from now until their next activity. */
export async function markMemberOffline(db: DbOrTx, memberId: string): Promise<void> {
  await db
    .update(members)
    .set({ offline_at: sql`now()` })
    .where(eq(members.id, memberId));
}

export async function touchMember(db: DbOrTx, memberId: string): Promise<void> {
  await db
    .update(members)
    .set({ last_seen_at: sql`now()` })
    .where(eq(members.id, memberId));
}

/** Whether the topic (and the activity, inside that topic when both are given) is the program's. */
export async function contextBelongs(
  db: DbOrTx,
  programId: string,
  topicId: string | null,
  activityId: string | null,
): Promise<{ topic: boolean; activity: boolean }> {
  const topic = topicId
    ? (
        await db
          .select({ id: topics.id })
          .from(topics)
          .where(and(eq(topics.id, topicId), eq(topics.program_id, programId)))
      ).length > 0
    : true;
  const activity = activityId
    ? (
        await db
          .select({ id: activities.id })
          .from(activities)
          .where(
            and(
              eq(activities.id, activityId),
              eq(activities.program_id, programId),
              topicId ? eq(activities.topic_id, topicId) : undefined,
            ),
          )
      ).length > 0
    : true;
  return { topic, activity };
}
