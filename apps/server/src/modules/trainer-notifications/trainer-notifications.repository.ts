import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TrainerNotificationKind } from '@ajar/shared/trainer-notifications/trainer-notifications.constants';
import type { DbOrTx } from '../../db/client';
import { activities, members, programs, topics, users } from '../../db/schema';
import { facilitatorUserIds } from '../access/access.repository';
import { trainerNotifications } from '../../db/schema/trainer-notifications';

export interface NewTrainerNotification {
  programId: string;
  /** Only this trainer (a chat message is for its room's trainer), when still one of the program's. */
  trainerId?: string;
  topicId: string | null;
  activityId: string | null;
  kind: TrainerNotificationKind;
  title: string;
  description: string;
  link: string;
  /** The member of the event: a trainer with an unread entry of this member and activity gets none. */
  memberId: string;
}

export interface InsertedNotification {
  id: string;
  user_id: string;
  created_at: Date;
}

/**
 * One row per trainer of the program (facilitators linked to active users) in ONE
 * `insert … select`: the recipients never pass through JS. For uploaded work, a trainer who
 * still has an unread entry of the same member and activity gets no new one (ten uploads are
 * one bell entry until it is read); only the rows inserted are returned, so nothing is sent live
 * or pushed for the others. Each discussion post keeps its own entry (each is there to be read).
 */
const unreadWorkOfSameMember = (input: NewTrainerNotification) => sql`
  and not exists (
    select 1 from ${trainerNotifications} n
    where n.user_id = u.id and n.kind = 'work' and n.read_at is null
      and n.member_id = ${input.memberId}::uuid
      and n.activity_id is not distinct from ${input.activityId}::uuid
  )`;

export async function insertForProgramTrainers(
  db: DbOrTx,
  input: NewTrainerNotification,
): Promise<InsertedNotification[]> {
  const result = await db.execute(sql`
    insert into ${trainerNotifications}
      (user_id, kind, title, description, program_id, topic_id, activity_id, link, member_id)
    select distinct u.id, ${input.kind}, ${input.title}, ${input.description},
      ${input.programId}::uuid, ${input.topicId}::uuid, ${input.activityId}::uuid, ${input.link},
      ${input.memberId}::uuid
    from ${users} u
    where u.id in (${facilitatorUserIds(sql`${input.programId}::uuid`)}) and u.is_active = true
      ${input.trainerId ? sql`and u.id = ${input.trainerId}::uuid` : sql``}
      ${input.kind === 'work' ? unreadWorkOfSameMember(input) : sql``}
    returning id, user_id, created_at`);
  const rows = (
    result as unknown as { rows: { id: string; user_id: string; created_at: unknown }[] }
  ).rows;
  // node-postgres parses timestamptz into a Date; another driver may hand back the text.
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    created_at: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
  }));
}

/** One notification for one user, about nothing in a program (a job of theirs ended). */
export async function insertForUser(
  db: DbOrTx,
  input: {
    userId: string;
    kind: TrainerNotificationKind;
    title: string;
    description: string;
    link: string;
  },
) {
  const [row] = await db
    .insert(trainerNotifications)
    .values({
      user_id: input.userId,
      kind: input.kind,
      title: input.title,
      description: input.description,
      link: input.link,
    })
    .returning();
  return row!;
}

/** The names a notification shows (spec 01 §3 `additional`) and the member's name, one query. */
export async function contextNames(
  db: DbOrTx,
  ids: { programId: string; topicId: string | null; activityId: string | null; memberId: string },
) {
  const result = await db.execute(sql`
    select
      (select ${programs.title} from ${programs} where ${programs.id} = ${ids.programId}::uuid) as program,
      (select ${topics.name} from ${topics} where ${topics.id} = ${ids.topicId}::uuid) as topic,
      (select ${activities.name} from ${activities}
        where ${activities.id} = ${ids.activityId}::uuid) as activity,
      (select ${members.fullname} from ${members} where ${members.id} = ${ids.memberId}::uuid) as member`);
  type Names = {
    program: string | null;
    topic: string | null;
    activity: string | null;
    member: string | null;
  };
  const row = (result as unknown as { rows: Names[] }).rows[0];
  return {
    program: row?.program ?? null,
    topic: row?.topic ?? null,
    activity: row?.activity ?? null,
    member: row?.member ?? null,
  };
}

const rowSelect = {
  id: trainerNotifications.id,
  kind: trainerNotifications.kind,
  title: trainerNotifications.title,
  description: trainerNotifications.description,
  link: trainerNotifications.link,
  read_at: trainerNotifications.read_at,
  created_at: trainerNotifications.created_at,
  program_name: programs.title,
  topic_name: topics.name,
  activity_name: activities.name,
};

export interface ListOptions {
  page: number;
  limit: number;
  dir: 'asc' | 'desc';
  /** true: only read ones, false: only unread ones, undefined: all. */
  read?: boolean;
}

/** One page of the user's own notifications and how many match. */
export async function listForUser(db: DbOrTx, userId: string, options: ListOptions) {
  const filters: SQL[] = [eq(trainerNotifications.user_id, userId)];
  if (options.read === true) filters.push(isNotNull(trainerNotifications.read_at));
  if (options.read === false) filters.push(isNull(trainerNotifications.read_at));
  const where = and(...filters);
  const order = options.dir === 'asc' ? asc : desc;
  const query = db
    .select(rowSelect)
    .from(trainerNotifications)
    .leftJoin(programs, eq(programs.id, trainerNotifications.program_id))
    .leftJoin(topics, eq(topics.id, trainerNotifications.topic_id))
    .leftJoin(activities, eq(activities.id, trainerNotifications.activity_id))
    .where(where)
    .orderBy(order(trainerNotifications.created_at), order(trainerNotifications.id));
  const rows =
    options.limit === -1
      ? await query
      : await query.limit(options.limit).offset((options.page - 1) * options.limit);
  const [total] = await db.select({ n: count() }).from(trainerNotifications).where(where);
  return { rows, total: total?.n ?? 0 };
}

export type TrainerNotificationRow = Awaited<ReturnType<typeof listForUser>>['rows'][number];

/** Marks the user's own notification read; false when it is not theirs (or not there). */
export async function markRead(db: DbOrTx, userId: string, id: string) {
  const rows = await db
    .update(trainerNotifications)
    .set({ read_at: sql`coalesce(${trainerNotifications.read_at}, now())` })
    .where(and(eq(trainerNotifications.id, id), eq(trainerNotifications.user_id, userId)))
    .returning({ id: trainerNotifications.id });
  return rows.length > 0;
}
