import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, gameplays, popupAnswers, topics } from '../../db/schema';

export type GameplayRow = typeof gameplays.$inferSelect;
export type PopupAnswerRow = typeof popupAnswers.$inferSelect;

export async function activityQuiz(db: DbOrTx, activityId: string): Promise<unknown> {
  const [row] = await db
    .select({ quiz: activities.quiz })
    .from(activities)
    .where(eq(activities.id, activityId));
  return row?.quiz ?? null;
}

export async function gameplaysOf(db: DbOrTx, activityId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(gameplays)
    .where(and(eq(gameplays.activity_id, activityId), inArray(gameplays.id, ids)));
}

export async function answersOf(db: DbOrTx, redeemId: string, activityId: string) {
  return db
    .select()
    .from(popupAnswers)
    .where(
      and(eq(popupAnswers.member_redeem_id, redeemId), eq(popupAnswers.activity_id, activityId)),
    );
}

/** Stores the first answer of a question; null when one was stored before (or the key is used). */
export async function insertAnswer(
  db: DbOrTx,
  values: typeof popupAnswers.$inferInsert,
): Promise<PopupAnswerRow | null> {
  const [row] = await db.insert(popupAnswers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findAnswer(db: DbOrTx, redeemId: string, gameplayId: string) {
  const [row] = await db
    .select()
    .from(popupAnswers)
    .where(
      and(eq(popupAnswers.member_redeem_id, redeemId), eq(popupAnswers.gameplay_id, gameplayId)),
    );
  return row ?? null;
}

/** Points earned on the video's pop-ups by the member. */
export async function earnedPoints(db: DbOrTx, redeemId: string, activityId: string) {
  const [row] = await db
    .select({ earned: sql<string>`coalesce(sum(${popupAnswers.points}), 0)` })
    .from(popupAnswers)
    .where(
      and(eq(popupAnswers.member_redeem_id, redeemId), eq(popupAnswers.activity_id, activityId)),
    );
  return Number(row?.earned ?? 0);
}

/** The videos of a redemption with answered pop-ups, in program order, with the points earned. */
export async function popupVideosOfRedeem(db: DbOrTx, redeemId: string) {
  const rows = await db
    .select({
      activity_id: activities.id,
      topic_id: activities.topic_id,
      name: activities.name,
      type: activities.type,
      topic_seq: topics.seq,
      activity_seq: activities.seq,
      quiz: activities.quiz,
      earned: sql<string>`coalesce(sum(${popupAnswers.points}), 0)`,
    })
    .from(popupAnswers)
    .innerJoin(activities, eq(activities.id, popupAnswers.activity_id))
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(eq(popupAnswers.member_redeem_id, redeemId))
    .groupBy(activities.id, topics.id)
    .orderBy(asc(topics.seq), asc(activities.seq));
  return rows.map((r) => ({ ...r, earned: Number(r.earned) }));
}
