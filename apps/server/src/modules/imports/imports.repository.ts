import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, activityProgress, memberRedeems, topics, vouchers } from '../../db/schema';

/** Redemptions of the given voucher codes: one query for a whole batch of licenses. */
export async function redeemsByLicense(db: DbOrTx, licenses: string[]) {
  if (licenses.length === 0) return [];
  return db
    .select({
      id: memberRedeems.id,
      license: memberRedeems.license,
      program_id: memberRedeems.program_id,
    })
    .from(memberRedeems)
    .where(inArray(memberRedeems.license, licenses));
}

/** Issued voucher codes among `codes` (with their program), redeemed or not. */
export async function issuedVouchers(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: vouchers.code, program_id: vouchers.program_id })
    .from(vouchers)
    .where(inArray(vouchers.code, codes));
}

/**
 * A program's activities in the order the program detail shows them (topic seq, then activity
 * seq): the import's activity numbers are positions in this list, 1-based.
 */
export async function programActivitiesInOrder(db: DbOrTx, programId: string) {
  return db
    .select({ id: activities.id, topic_id: activities.topic_id, type: activities.type })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(eq(activities.program_id, programId))
    .orderBy(asc(topics.seq), asc(activities.seq), asc(activities.id));
}

export interface FeedbackWrite {
  member_redeem_id: string;
  program_id: string;
  topic_id: string;
  activity_id: string;
  score: number;
  /** `null` keeps the stored text. */
  text: string | null;
}

/**
 * Upserts the feedback of many (redemption, activity) pairs in one statement, passing columns as
 * arrays so a batch costs six parameters whatever its size. No joins here: they made the planner
 * scan member_redeems once per batch; the foreign keys refuse a pair whose redemption vanished.
 */
export async function upsertFeedback(db: DbOrTx, rows: FeedbackWrite[], userId: string) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${activityProgress} as ap
      (member_redeem_id, program_id, topic_id, activity_id, feedback_score, feedback_text,
       feedback_by, feedback_at)
    select v.redeem_id, v.program_id, v.topic_id, v.activity_id, v.score, v.text,
           ${userId}::uuid, now()
    from unnest(
      ${sql.param(rows.map((r) => r.member_redeem_id))}::uuid[],
      ${sql.param(rows.map((r) => r.program_id))}::uuid[],
      ${sql.param(rows.map((r) => r.topic_id))}::uuid[],
      ${sql.param(rows.map((r) => r.activity_id))}::uuid[],
      ${sql.param(rows.map((r) => r.score))}::int[],
      ${sql.param(rows.map((r) => r.text))}::text[]
    ) as v(redeem_id, program_id, topic_id, activity_id, score, text)
    on conflict (member_redeem_id, activity_id) do update set
      feedback_score = excluded.feedback_score,
      feedback_text = coalesce(excluded.feedback_text, ap.feedback_text),
      feedback_by = excluded.feedback_by,
      feedback_at = excluded.feedback_at,
      updated_at = now()
  `);
}

/**
 * Of the given (redemption, activity) pairs, those the participant did: completed, or work
 * uploaded. Keys are `{member_redeem_id}:{activity_id}`.
 */
export async function donePairs(
  db: DbOrTx,
  pairs: { member_redeem_id: string; activity_id: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .select({
      member_redeem_id: activityProgress.member_redeem_id,
      activity_id: activityProgress.activity_id,
    })
    .from(activityProgress)
    .where(
      and(
        inArray(activityProgress.member_redeem_id, [
          ...new Set(pairs.map((p) => p.member_redeem_id)),
        ]),
        inArray(activityProgress.activity_id, [...new Set(pairs.map((p) => p.activity_id))]),
        or(eq(activityProgress.is_complete, true), isNotNull(activityProgress.work_uploaded_at)),
      ),
    );
  return new Set(rows.map((r) => `${r.member_redeem_id}:${r.activity_id}`));
}
