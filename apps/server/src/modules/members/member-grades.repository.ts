import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { quizActivityTypes } from '@ajar/shared/activities/activities.constants';
import type { DbOrTx } from '../../db/client';
import { activities, activityProgress, quizAttempts, topics } from '../../db/schema';
import { publishedIn } from './learning.repository';

/** Practice work: the trainer scores the uploaded file. */
export const workActivityType = 'praktek_mandiri';

/**
 * The program's published quiz-type and practice-work activities in program order, each with the
 * member's submitted attempts (best score, how many, whether one passed) and the trainer's
 * feedback, in one query.
 */
export async function gradesOfRedeem(db: DbOrTx, redeemId: string, programId: string) {
  const submitted = db
    .select({
      activity_id: quizAttempts.activity_id,
      best: sql<string | null>`max(${quizAttempts.score})`.as('best'),
      used: count().as('used'),
      passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`.as('passed'),
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.member_redeem_id, redeemId), isNotNull(quizAttempts.submitted_at)))
    .groupBy(quizAttempts.activity_id)
    .as('submitted');
  return db
    .select({
      activity_id: activities.id,
      topic_id: topics.id,
      topic_name: topics.name,
      name: activities.name,
      type: activities.type,
      settings: activities.settings,
      best: submitted.best,
      used: submitted.used,
      passed: submitted.passed,
      work_uploaded_at: activityProgress.work_uploaded_at,
      feedback_score: activityProgress.feedback_score,
      feedback_text: activityProgress.feedback_text,
      feedback_at: activityProgress.feedback_at,
    })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .leftJoin(submitted, eq(submitted.activity_id, activities.id))
    .leftJoin(
      activityProgress,
      and(
        eq(activityProgress.activity_id, activities.id),
        eq(activityProgress.member_redeem_id, redeemId),
      ),
    )
    .where(
      publishedIn(
        and(
          eq(activities.program_id, programId),
          inArray(activities.type, [...quizActivityTypes, workActivityType]),
        ),
      ),
    )
    .orderBy(asc(topics.seq), asc(activities.seq));
}
