import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, gameplays, media, topics } from '../../db/schema';

export type ActivityRow = typeof activities.$inferSelect;
export type NewActivityRow = typeof activities.$inferInsert;
export type TopicRow = typeof topics.$inferSelect;

export async function findTopicOfProgram(
  db: DbOrTx,
  programId: string,
  topicId: string,
): Promise<TopicRow | null> {
  const [row] = await db
    .select()
    .from(topics)
    .where(and(eq(topics.id, topicId), eq(topics.program_id, programId)))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the topic row for the rest of the transaction: every change to the seq of a topic's
 * activities takes this lock first, so concurrent creates, moves and deletes queue up.
 */
export async function lockTopic(tx: DbOrTx, topicId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: topics.id })
    .from(topics)
    .where(eq(topics.id, topicId))
    .for('update');
  return rows.length > 0;
}

export async function findActivity(
  db: DbOrTx,
  where: { programId: string; topicId: string; id: string },
): Promise<ActivityRow | null> {
  const [row] = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.id, where.id),
        eq(activities.topic_id, where.topicId),
        eq(activities.program_id, where.programId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findActivityInProgram(
  db: DbOrTx,
  programId: string,
  id: string,
): Promise<ActivityRow | null> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.program_id, programId)))
    .limit(1);
  return row ?? null;
}

export async function countTopicActivities(db: DbOrTx, topicId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activities)
    .where(eq(activities.topic_id, topicId));
  return row?.n ?? 0;
}

export async function insertActivity(db: DbOrTx, values: NewActivityRow): Promise<ActivityRow> {
  const [row] = await db.insert(activities).values(values).returning();
  return row!;
}

export async function updateActivity(
  db: DbOrTx,
  id: string,
  values: Partial<NewActivityRow>,
): Promise<ActivityRow> {
  const [row] = await db
    .update(activities)
    .set({ ...values, updated_at: new Date() })
    .where(eq(activities.id, id))
    .returning();
  return row!;
}

export async function deleteActivityRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(activities).where(eq(activities.id, id));
}

/**
 * Renumbers a topic's activities 1..n in their current order (seq, then age). Run under the topic
 * lock after a delete, and before a move so a gap can never survive.
 */
export async function renumberTopic(db: DbOrTx, topicId: string): Promise<void> {
  await db.execute(sql`
    update ${activities} as a
       set seq = r.rn
      from (
        select id, row_number() over (order by seq, created_at, id)::int as rn
          from ${activities}
         where topic_id = ${topicId}
      ) as r
     where a.id = r.id and a.seq <> r.rn
  `);
}

/**
 * Moves the activity at position `from` to `to` within the topic in one statement: the ones in
 * between shift by one towards the gap it leaves.
 */
export async function moveActivity(
  db: DbOrTx,
  topicId: string,
  from: number,
  to: number,
): Promise<void> {
  const step = from < to ? -1 : 1;
  await db.execute(sql`
    update ${activities}
       set seq = case when seq = ${from} then ${to} else seq + ${step} end,
           updated_at = now()
     where topic_id = ${topicId}
       and seq between ${Math.min(from, to)} and ${Math.max(from, to)}
  `);
}

/** The program's pre-tests, in program order (topic seq, then activity seq). */
export async function findProgramPreTests(
  db: DbOrTx,
  programId: string,
): Promise<{ id: string; name: string; topic_id: string }[]> {
  return db
    .select({ id: activities.id, name: activities.name, topic_id: activities.topic_id })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(and(eq(activities.program_id, programId), eq(activities.type, 'pre_test')))
    .orderBy(asc(topics.seq), asc(activities.seq), asc(activities.created_at));
}

export type MediaRow = typeof media.$inferSelect;

export async function findMedia(db: DbOrTx, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

/** Removes the media row of an upload that its activity save then refused. */
export async function deleteMediaRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(media).where(eq(media.id, id));
}

/** The pop-up questions among `ids` that belong to the activity, with their type. */
export async function gameplayTypesOf(
  db: DbOrTx,
  activityId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: gameplays.id, type: gameplays.type })
    .from(gameplays)
    .where(and(eq(gameplays.activity_id, activityId), inArray(gameplays.id, ids)));
  return new Map(rows.map((r) => [r.id, r.type]));
}

/** The activity row, locked for the rest of the transaction (pop-up quiz changes queue up). */
export async function lockActivity(tx: DbOrTx, id: string): Promise<ActivityRow | null> {
  const [row] = await tx.select().from(activities).where(eq(activities.id, id)).for('update');
  return row ?? null;
}
