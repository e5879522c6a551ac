import { and, count, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '@ajar/shared/notifications/notifications.constants';
import type { DbOrTx } from '../../db/client';
import { memberRedeems, programs } from '../../db/schema';
import { memberNotifications, sentNotifications } from '../../db/schema/notifications';

export interface NotificationTarget {
  programId: string | null;
  progressStart: number;
  progressEnd: number;
}

/**
 * Redemptions that make a member a recipient: of the program (or of any program for a global
 * notification) with progress inside the range.
 */
function recipientRedeems(target: NotificationTarget): SQL | undefined {
  return and(
    target.programId ? eq(memberRedeems.program_id, target.programId) : undefined,
    gte(memberRedeems.progress, target.progressStart),
    lte(memberRedeems.progress, target.progressEnd),
  );
}

export async function programExists(db: DbOrTx, programId: string) {
  const rows = await db
    .select({ id: programs.id })
    .from(programs)
    .where(eq(programs.id, programId))
    .limit(1);
  return rows.length > 0;
}

/** How many distinct members a target reaches (the live count of the dialog). */
export async function countRecipients(db: DbOrTx, target: NotificationTarget) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${memberRedeems.member_id})::int` })
    .from(memberRedeems)
    .where(recipientRedeems(target));
  return row?.n ?? 0;
}

export interface NewSentNotification extends NotificationTarget {
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  createdBy: string | null;
}

/**
 * The sent record and every recipient's in-app row: the member rows come from ONE
 * `insert … select` whose count lands in `recipients` in the same statement, so 100,000
 * recipients cost one round trip and nothing passes through JS.
 */
export async function insertSentNotification(db: DbOrTx, input: NewSentNotification) {
  return db.transaction(async (tx) => {
    const [sent] = await tx
      .insert(sentNotifications)
      .values({
        type: input.type,
        program_id: input.programId,
        progress_start: input.progressStart,
        progress_end: input.progressEnd,
        title: input.title,
        message: input.message,
        link: input.link,
        created_by: input.createdBy,
      })
      .returning({ id: sentNotifications.id, created_at: sentNotifications.created_at });
    const sentId = sent!.id;
    const where = recipientRedeems(input);
    const result = await tx.execute(sql`
      with inserted as (
        insert into ${memberNotifications} (sent_notification_id, member_id, created_at)
        select ${sentId}::uuid, r.member_id, ${sent!.created_at.toISOString()}::timestamptz
        from (select distinct ${memberRedeems.member_id} as member_id
              from ${memberRedeems} where ${where}) r
        returning 1
      )
      update ${sentNotifications} set recipients = (select count(*) from inserted)::int
      where ${sentNotifications.id} = ${sentId}::uuid
      returning ${sentNotifications.recipients} as recipients`);
    const rows = (result as unknown as { rows: { recipients: number }[] }).rows;
    return { id: sentId, recipients: Number(rows[0]?.recipients ?? 0) };
  });
}

/** The members a sent notification reached (its in-app rows). */
export async function recipientMemberIds(db: DbOrTx, sentId: string): Promise<string[]> {
  const rows = await db
    .select({ member_id: memberNotifications.member_id })
    .from(memberNotifications)
    .where(eq(memberNotifications.sent_notification_id, sentId));
  return rows.map((r) => r.member_id);
}

/** Takes back a sent notification and its members' copies (cascade), as if never sent. */
export async function deleteSentNotification(db: DbOrTx, id: string) {
  await db.delete(sentNotifications).where(eq(sentNotifications.id, id));
}

export interface NewPersonalNotification {
  memberId: string;
  programId: string;
  title: string;
  message: string;
  link: string;
}

/**
 * A notification for one member on an event of theirs: a `personal` sent record with
 * its one in-app row; its push is a job of the same worker as the staff sends.
 */
export async function insertPersonalNotification(db: DbOrTx, input: NewPersonalNotification) {
  return db.transaction(async (tx) => {
    const [sent] = await tx
      .insert(sentNotifications)
      .values({
        type: 'personal',
        program_id: input.programId,
        title: input.title,
        message: input.message,
        link: input.link,
        recipients: 1,
      })
      .returning({ id: sentNotifications.id, created_at: sentNotifications.created_at });
    await tx.insert(memberNotifications).values({
      sent_notification_id: sent!.id,
      member_id: input.memberId,
      created_at: sent!.created_at,
    });
    return sent!.id;
  });
}

/** Staff's list holds their sends only, not the personal notifications the server writes. */
const staffSends = ne(sentNotifications.type, 'personal');

/** One page of sent notifications, newest first, with the program title. */
export async function listSentNotifications(db: DbOrTx, page: number, limit: number) {
  const query = db
    .select({
      id: sentNotifications.id,
      type: sentNotifications.type,
      program_id: sentNotifications.program_id,
      program_title: programs.title,
      progress_start: sentNotifications.progress_start,
      progress_end: sentNotifications.progress_end,
      title: sentNotifications.title,
      message: sentNotifications.message,
      link: sentNotifications.link,
      recipients: sentNotifications.recipients,
      delivered: sentNotifications.delivered,
      push_state: sentNotifications.push_state,
      created_at: sentNotifications.created_at,
    })
    .from(sentNotifications)
    .leftJoin(programs, eq(programs.id, sentNotifications.program_id))
    .where(staffSends)
    .orderBy(desc(sentNotifications.created_at), desc(sentNotifications.id));
  const rows = limit === -1 ? await query : await query.limit(limit).offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(sentNotifications).where(staffSends);
  return { rows, total: total?.n ?? 0 };
}

/** One page of a member's own notifications, newest first, and their unread count. */
export async function listMemberNotifications(
  db: DbOrTx,
  memberId: string,
  page: number,
  limit: number,
) {
  const query = db
    .select({
      id: memberNotifications.id,
      read_at: memberNotifications.read_at,
      created_at: memberNotifications.created_at,
      type: sentNotifications.type,
      program_id: sentNotifications.program_id,
      program_title: programs.title,
      title: sentNotifications.title,
      message: sentNotifications.message,
      link: sentNotifications.link,
    })
    .from(memberNotifications)
    .innerJoin(
      sentNotifications,
      eq(sentNotifications.id, memberNotifications.sent_notification_id),
    )
    .leftJoin(programs, eq(programs.id, sentNotifications.program_id))
    .where(eq(memberNotifications.member_id, memberId))
    .orderBy(desc(memberNotifications.created_at), desc(memberNotifications.id));
  const rows = limit === -1 ? await query : await query.limit(limit).offset((page - 1) * limit);
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`(count(*) filter (where ${memberNotifications.read_at} is null))::int`,
    })
    .from(memberNotifications)
    .where(eq(memberNotifications.member_id, memberId));
  return { rows, total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
}

/** Marks the member's own notification read; false when it is not theirs (or not there). */
export async function markMemberNotificationRead(db: DbOrTx, memberId: string, id: string) {
  const own = and(eq(memberNotifications.id, id), eq(memberNotifications.member_id, memberId));
  const rows = await db
    .update(memberNotifications)
    .set({ read_at: sql`coalesce(${memberNotifications.read_at}, now())` })
    .where(own)
    .returning({ id: memberNotifications.id });
  return rows.length > 0;
}
