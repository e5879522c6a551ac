import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, activityProgress, memberRedeems, topics, vouchers } from '../../db/schema';

/**
 * `column = any($1)` with the codes as one array parameter: a batch is one parameter, where an
 * `in (…)` list of a thousand parameters cost the database two to three times as much to take in.
 */
const anyOf = (column: typeof memberRedeems.license | typeof vouchers.code, values: string[]) =>
  sql`${column} = any(${sql.param(values)}::text[])`;

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
    .where(anyOf(memberRedeems.license, licenses));
}

/** Issued voucher codes among `codes` (with their program), redeemed or not. */
export async function issuedVouchers(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: vouchers.code, program_id: vouchers.program_id })
    .from(vouchers)
    .where(anyOf(vouchers.code, codes));
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
 * scan member_redeems once per batch; the foreign keys refuse a pair whose redemption or activity
 * vanished.
 * Answers the pairs the participant did (completed, or work uploaded; the upsert leaves both as
 * they were), keyed `{member_redeem_id}:{activity_id}`, so no second query reads them back.
 */
export async function upsertFeedback(
  db: DbOrTx,
  rows: FeedbackWrite[],
  userId: string,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const result = await db.execute<{ key: string }>(sql`
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
    returning case when ap.is_complete or ap.work_uploaded_at is not null
      then ap.member_redeem_id || ':' || ap.activity_id end as key
  `);
  return (result as unknown as { rows: { key: string | null }[] }).rows
    .map((r) => r.key)
    .filter((key): key is string => key !== null);
}
