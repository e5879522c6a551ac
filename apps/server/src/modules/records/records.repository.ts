import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { LearningEventKind } from '@ajar/shared/learning-record/learning-events';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  auditEvents,
  learningEvents,
  memberRedeems,
  members,
  topics,
  users,
} from '../../db/schema';

export type NewLearningEvent = typeof learningEvents.$inferInsert;
export type NewAuditEvent = typeof auditEvents.$inferInsert;

export async function insertLearningEvents(db: DbOrTx, events: NewLearningEvent[]): Promise<void> {
  if (events.length > 0) await db.insert(learningEvents).values(events);
}

/** A user's role, read by the INSERT that writes the entry. */
export const roleOfUser = (userId: string): SQL =>
  sql`(select ${users.role} from ${users} where ${users.id} = ${userId}::uuid)`;

export async function insertAuditEvent(
  db: DbOrTx,
  event: Omit<NewAuditEvent, 'actor_role'> & { actor_role: string | null | SQL },
): Promise<void> {
  await db.insert(auditEvents).values(event);
}

/**
 * Inserts the event unless the same member has one of the same kind for the same activity newer
 * than `quietMinutes`: one statement, so the check and the insert read the same snapshot. Two
 * requests at the same instant may both insert; a second row then says the same thing twice.
 * Answers whether a row was inserted.
 */
export async function insertUnlessRecent(
  db: DbOrTx,
  event: { member_id: string; program_id: string; activity_id: string; kind: LearningEventKind },
  quietMinutes: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${learningEvents} (member_id, program_id, activity_id, kind)
    select ${event.member_id}::uuid, ${event.program_id}::uuid, ${event.activity_id}::uuid,
           ${event.kind}
    where not exists (
      select 1 from ${learningEvents}
      where member_id = ${event.member_id}::uuid and program_id = ${event.program_id}::uuid
        and activity_id = ${event.activity_id}::uuid and kind = ${event.kind}
        and created_at > now() - make_interval(mins => ${quietMinutes}::int)
    )
    returning id
  `);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** A number in an event's `data`, or null (a field of another type is not read). */
const dataNumber = (field: string) =>
  sql`case when jsonb_typeof(${learningEvents.data} -> ${field}) = 'number'
    then (${learningEvents.data} ->> ${field})::float8 end`;

/**
 * Per activity (and once for events of no activity), a member's record in a program: first and
 * last event, how many, video watched, the last score an event states. One grouped query over
 * `learning_events_member_program_idx`; a record has a row per activity at most.
 */
export async function activitySummaries(db: DbOrTx, memberId: string, programId: string) {
  const isVideo = sql`${learningEvents.kind} = 'video_watched'`;
  const rows = await db
    .select({
      activity_id: learningEvents.activity_id,
      activity_name: sql<string | null>`max(${activities.name})`,
      first_at: sql<Date>`min(${learningEvents.created_at})`.mapWith(learningEvents.created_at),
      last_at: sql<Date>`max(${learningEvents.created_at})`.mapWith(learningEvents.created_at),
      events: count(),
      // A report's total (`watched_seconds`) when the recorder writes one; else its intervals.
      watched_total: sql<
        number | null
      >`max(${dataNumber('watched_seconds')}) filter (where ${isVideo})`.mapWith(Number),
      watched_sum: sql<number | null>`sum(greatest(0, ${dataNumber('to')} - ${dataNumber(
        'from',
      )})) filter (where ${isVideo})`.mapWith(Number),
      has_video: sql<boolean>`bool_or(${isVideo})`,
      score: sql<number | null>`(array_agg(${dataNumber('score')} order by ${
        learningEvents.created_at
      } desc, ${learningEvents.id} desc) filter (where ${dataNumber('score')} is not null))[1]`,
    })
    .from(learningEvents)
    .leftJoin(activities, eq(activities.id, learningEvents.activity_id))
    .where(and(eq(learningEvents.member_id, memberId), eq(learningEvents.program_id, programId)))
    .groupBy(learningEvents.activity_id)
    .orderBy(sql`min(${learningEvents.created_at})`);
  return rows.map((r) => ({
    activity_id: r.activity_id,
    activity_name: r.activity_name,
    first_at: r.first_at,
    last_at: r.last_at,
    events: r.events,
    watched_seconds: r.has_video ? (r.watched_total ?? r.watched_sum ?? 0) : null,
    score: r.score === null ? null : Number(r.score),
  }));
}

const eventColumns = {
  id: learningEvents.id,
  kind: learningEvents.kind,
  activity_id: learningEvents.activity_id,
  activity_name: activities.name,
  data: learningEvents.data,
  actor_name: users.fullname,
  created_at: learningEvents.created_at,
};

/** One page of a member's events in a program (oldest first), and how many there are. */
export async function listMemberEvents(
  db: DbOrTx,
  filter: { memberId: string; programId: string; activityId?: string },
  page: { page: number; limit: number },
) {
  const where: SQL = and(
    eq(learningEvents.member_id, filter.memberId),
    eq(learningEvents.program_id, filter.programId),
    filter.activityId ? eq(learningEvents.activity_id, filter.activityId) : undefined,
  )!;
  const [total] = await db.select({ n: count() }).from(learningEvents).where(where);
  const rows = await db
    .select(eventColumns)
    .from(learningEvents)
    .leftJoin(activities, eq(activities.id, learningEvents.activity_id))
    .leftJoin(users, eq(users.id, learningEvents.actor_user_id))
    .where(where)
    .orderBy(asc(learningEvents.created_at), asc(learningEvents.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, total: total?.n ?? 0 };
}

/** Where an export page continues: after this event of the chronological order. */
export interface EventCursor {
  created_at: string;
  id: string;
}

/**
 * One page of every event of a program, oldest first, read by keyset on
 * `learning_events_program_idx` (program, time): a deep page costs what the first does. Each
 * row carries its participant, redemption code, topic, activity and staff member.
 */
export async function programEventsPage(
  db: DbOrTx,
  programId: string,
  cursor: EventCursor | null,
  limit: number,
) {
  const after = cursor
    ? sql`(${learningEvents.created_at}, ${learningEvents.id}) > (${cursor.created_at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select({
      id: learningEvents.id,
      kind: learningEvents.kind,
      data: learningEvents.data,
      created_at: learningEvents.created_at,
      // The exact instant, kept as text: a JS Date drops the microseconds the keyset compares.
      cursor_at: sql<string>`${learningEvents.created_at}::text`,
      member_fullname: members.fullname,
      member_email: members.email,
      license: sql<string | null>`(select ${memberRedeems.license} from ${memberRedeems}
        where ${memberRedeems.member_id} = ${learningEvents.member_id}
          and ${memberRedeems.program_id} = ${learningEvents.program_id}
        order by ${memberRedeems.created_at} desc limit 1)`,
      topic_name: topics.name,
      activity_name: activities.name,
      actor_name: users.fullname,
    })
    .from(learningEvents)
    .innerJoin(members, eq(members.id, learningEvents.member_id))
    .leftJoin(activities, eq(activities.id, learningEvents.activity_id))
    .leftJoin(topics, eq(topics.id, activities.topic_id))
    .leftJoin(users, eq(users.id, learningEvents.actor_user_id))
    .where(and(eq(learningEvents.program_id, programId), after))
    .orderBy(asc(learningEvents.created_at), asc(learningEvents.id))
    .limit(limit);
}

/** A program's events, counted in SQL; with `atMost`, counting stops there. */
export async function countProgramEvents(
  db: DbOrTx,
  programId: string,
  atMost?: number,
): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(learningEvents)
    .where(eq(learningEvents.program_id, programId));
  const limited = atMost === undefined ? inner : inner.limit(atMost);
  const [row] = await db.select({ n: count() }).from(limited.as('e'));
  return row?.n ?? 0;
}

/** Whether a member has any event of the kind in the program (the demo seed fills the gaps). */
export async function kindsRecorded(db: DbOrTx, memberId: string, programId: string) {
  const rows = await db
    .selectDistinct({ kind: learningEvents.kind })
    .from(learningEvents)
    .where(and(eq(learningEvents.member_id, memberId), eq(learningEvents.program_id, programId)));
  return new Set(rows.map((r) => r.kind));
}

/**
 * `feedback_given` of many (redemption, activity) pairs in one statement, arrays as parameters
 * like the score import's own write; the member is read from the redemption.
 */
export async function insertFeedbackEvents(
  db: DbOrTx,
  rows: {
    member_redeem_id: string;
    program_id: string;
    activity_id: string;
    score: number;
    text: string | null;
  }[],
  actorUserId: string,
  source: string,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${learningEvents} (member_id, program_id, activity_id, kind, data, actor_user_id)
    select mr.member_id, v.program_id, v.activity_id, 'feedback_given',
           jsonb_strip_nulls(jsonb_build_object('score', v.score, 'text', v.text,
             'source', ${source}::text)),
           ${actorUserId}::uuid
    from unnest(
      ${sql.param(rows.map((r) => r.member_redeem_id))}::uuid[],
      ${sql.param(rows.map((r) => r.program_id))}::uuid[],
      ${sql.param(rows.map((r) => r.activity_id))}::uuid[],
      ${sql.param(rows.map((r) => r.score))}::int[],
      ${sql.param(rows.map((r) => r.text))}::text[]
    ) as v(redeem_id, program_id, activity_id, score, text)
    join ${memberRedeems} mr on mr.id = v.redeem_id
  `);
}
