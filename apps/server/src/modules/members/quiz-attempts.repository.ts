import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, quizAttempts, topics } from '../../db/schema';

export type AttemptRow = typeof quizAttempts.$inferSelect;

/** The member's attempts at an activity, in order. */
export async function listAttempts(
  db: DbOrTx,
  redeemId: string,
  activityId: string,
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(quizAttempts)
    .where(
      and(eq(quizAttempts.member_redeem_id, redeemId), eq(quizAttempts.activity_id, activityId)),
    )
    .orderBy(asc(quizAttempts.attempt_no));
}

export async function findAttempt(
  db: DbOrTx,
  redeemId: string,
  activityId: string,
  attemptId: string,
): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.id, attemptId),
        eq(quizAttempts.member_redeem_id, redeemId),
        eq(quizAttempts.activity_id, activityId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertAttempt(
  db: DbOrTx,
  values: {
    redeemId: string;
    activityId: string;
    packetId: string;
    attemptNo: number;
    questionIds: string[];
    startedAt: Date;
    deadlineAt: Date | null;
  },
): Promise<AttemptRow> {
  const [row] = await db
    .insert(quizAttempts)
    .values({
      member_redeem_id: values.redeemId,
      activity_id: values.activityId,
      packet_id: values.packetId,
      attempt_no: values.attemptNo,
      question_ids: values.questionIds,
      // The deadline is counted from this same instant.
      started_at: values.startedAt,
      deadline_at: values.deadlineAt,
    })
    .returning();
  return row!;
}

/**
 * Keeps one answer of an open attempt (null clears it) in its `answers`, merged in SQL so two
 * saves of different questions never overwrite each other; null when the attempt is closed.
 */
export async function saveAnswer(
  db: DbOrTx,
  id: string,
  questionId: string,
  answer: number | null,
): Promise<AttemptRow | null> {
  const [row] = await db
    .update(quizAttempts)
    .set({
      answers: sql`${quizAttempts.answers} || jsonb_build_object(${questionId}::text, ${answer}::int)`,
      updated_at: new Date(),
    })
    .where(and(eq(quizAttempts.id, id), isNull(quizAttempts.submitted_at)))
    .returning();
  return row ?? null;
}

/** Closes an open attempt with its result; null when it was already closed (a second submit). */
export async function closeAttempt(
  db: DbOrTx,
  id: string,
  result: {
    answers: Record<string, unknown>;
    submittedAt: Date;
    score: number | null;
    passed: boolean;
    details: Record<string, unknown>[];
  },
): Promise<AttemptRow | null> {
  const [row] = await db
    .update(quizAttempts)
    .set({
      answers: result.answers,
      submitted_at: result.submittedAt,
      score: result.score,
      passed: result.passed,
      details: result.details,
      updated_at: new Date(),
    })
    .where(and(eq(quizAttempts.id, id), isNull(quizAttempts.submitted_at)))
    .returning();
  return row ?? null;
}

/** Every submitted attempt of a redemption, in program order then attempt order. */
export async function submittedAttemptsOfRedeem(db: DbOrTx, redeemId: string) {
  return db
    .select({
      activity_id: activities.id,
      topic_id: activities.topic_id,
      name: activities.name,
      type: activities.type,
      topic_seq: topics.seq,
      activity_seq: activities.seq,
      attempt_no: quizAttempts.attempt_no,
      score: quizAttempts.score,
      passed: quizAttempts.passed,
    })
    .from(quizAttempts)
    .innerJoin(activities, eq(activities.id, quizAttempts.activity_id))
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(and(eq(quizAttempts.member_redeem_id, redeemId), isNotNull(quizAttempts.submitted_at)))
    .orderBy(asc(topics.seq), asc(activities.seq), asc(quizAttempts.attempt_no));
}
