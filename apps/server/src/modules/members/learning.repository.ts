import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, activityProgress, memberRedeems, topics } from '../../db/schema';

export type ProgressRow = typeof activityProgress.$inferSelect;

/** Locks the redemption: one member's progress changes on a program run one after another. */
export async function lockRedeem(db: DbOrTx, redeemId: string): Promise<void> {
  await db
    .select({ id: memberRedeems.id })
    .from(memberRedeems)
    .where(eq(memberRedeems.id, redeemId))
    .for('update');
}

/** Published activities of published topics (with the activities and topics joined). */
export const publishedIn = (programs: SQL | undefined) =>
  and(programs, eq(activities.status, 'publish'), eq(topics.status, 'publish'));

/** Published activities of published topics of a program, in program order. */
export async function publishedActivities(db: DbOrTx, programId: string) {
  return db
    .select({
      topic_id: topics.id,
      topic_name: topics.name,
      topic_seq: topics.seq,
      id: activities.id,
      name: activities.name,
      type: activities.type,
      seq: activities.seq,
    })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(publishedIn(eq(activities.program_id, programId)))
    .orderBy(asc(topics.seq), asc(activities.seq));
}

/**
 * Published activities of several programs, in program order within each, with what a walk
 * through them reads (settings, content): the demo seed's participants.
 */
export async function publishedActivitiesOfPrograms(db: DbOrTx, programIds: string[]) {
  return db
    .select({
      id: activities.id,
      topic_id: activities.topic_id,
      program_id: activities.program_id,
      name: activities.name,
      type: activities.type,
      settings: activities.settings,
      content: activities.content,
    })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(publishedIn(inArray(activities.program_id, programIds)))
    .orderBy(asc(activities.program_id), asc(topics.seq), asc(activities.seq));
}

/** Published topics without published activities still show (empty) to the member. */
export async function publishedTopics(db: DbOrTx, programId: string) {
  return db
    .select({ id: topics.id, name: topics.name, seq: topics.seq })
    .from(topics)
    .where(and(eq(topics.program_id, programId), eq(topics.status, 'publish')))
    .orderBy(asc(topics.seq));
}

/**
 * A published activity (of a published topic) of the program, with its settings and content;
 * `withContent: false` answers an empty content, for the frequent calls that never read it (a
 * video report every 10 s, a quiz start or answer), so a cohort does not carry it every time.
 */
export async function findPublishedActivity(
  db: DbOrTx,
  programId: string,
  activityId: string,
  withContent = true,
) {
  const [row] = await db
    .select({
      id: activities.id,
      topic_id: activities.topic_id,
      program_id: activities.program_id,
      name: activities.name,
      type: activities.type,
      seq: activities.seq,
      settings: activities.settings,
      content: withContent
        ? activities.content
        : sql<Record<string, unknown>>`'{}'::jsonb`.mapWith(activities.content),
      quiz_version: activities.quiz_version,
    })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(publishedIn(and(eq(activities.id, activityId), eq(activities.program_id, programId))))
    .limit(1);
  return row ?? null;
}

export type PublishedActivity = NonNullable<Awaited<ReturnType<typeof findPublishedActivity>>>;

/** What an activity of the program's list shows of the member's progress (`toMemberActivity`). */
const listedProgress = {
  activity_id: activityProgress.activity_id,
  is_complete: activityProgress.is_complete,
  completed_at: activityProgress.completed_at,
  score: activityProgress.score,
  attempts: activityProgress.attempts,
  video_position: activityProgress.video_position,
  content_opened_at: activityProgress.content_opened_at,
  link_followed_at: activityProgress.link_followed_at,
  work_file_key: activityProgress.work_file_key,
  work_file_name: activityProgress.work_file_name,
  work_file_size: activityProgress.work_file_size,
  work_file_type: activityProgress.work_file_type,
  work_note: activityProgress.work_note,
  work_uploaded_at: activityProgress.work_uploaded_at,
  feedback_score: activityProgress.feedback_score,
  feedback_text: activityProgress.feedback_text,
  feedback_at: activityProgress.feedback_at,
};
export type ListedProgress = Pick<ProgressRow, keyof typeof listedProgress>;

/**
 * The member's progress rows of a program, only what its list shows: never the watched
 * intervals or the run marks of the videos, which only a video report reads.
 */
export async function progressOfRedeem(db: DbOrTx, redeemId: string): Promise<ListedProgress[]> {
  return db
    .select(listedProgress)
    .from(activityProgress)
    .where(eq(activityProgress.member_redeem_id, redeemId));
}

export async function findProgress(
  db: DbOrTx,
  redeemId: string,
  activityId: string,
): Promise<ProgressRow | null> {
  const [row] = await db
    .select()
    .from(activityProgress)
    .where(
      and(
        eq(activityProgress.member_redeem_id, redeemId),
        eq(activityProgress.activity_id, activityId),
      ),
    )
    .limit(1);
  return row ?? null;
}

type ProgressKey = { redeemId: string; programId: string; topicId: string; activityId: string };
type ProgressChange = Partial<
  Pick<
    typeof activityProgress.$inferInsert,
    | 'is_complete'
    | 'completed_at'
    | 'score'
    | 'attempts'
    | 'work_file_key'
    | 'work_file_name'
    | 'work_file_size'
    | 'work_file_type'
    | 'work_note'
    | 'work_uploaded_at'
    | 'video_position'
    | 'video_max_position'
    | 'video_duration'
    | 'video_watched'
    | 'video_reported_at'
    | 'video_counted_position'
    | 'video_counted_at'
    | 'video_run_position'
    | 'video_run_at'
  >
>;

/** Creates or changes the member's row of an activity; answers the row after the change. */
export async function upsertProgress(
  db: DbOrTx,
  key: ProgressKey,
  change: ProgressChange,
): Promise<ProgressRow> {
  const [row] = await db
    .insert(activityProgress)
    .values({
      member_redeem_id: key.redeemId,
      program_id: key.programId,
      topic_id: key.topicId,
      activity_id: key.activityId,
      ...change,
    })
    .onConflictDoUpdate({
      target: [activityProgress.member_redeem_id, activityProgress.activity_id],
      set: { ...change, updated_at: new Date() },
    })
    .returning();
  return row!;
}

/**
 * Recomputes the redemption's progress in SQL: completed published activities (of published
 * topics) over all of them, rounded down, so 100 means everything is done. `start_test_at` is set
 * at the first activity, `end_test_at` the first time progress reaches 100 (and kept after).
 */
export async function recomputeProgress(
  db: DbOrTx,
  redeemId: string,
  programId: string,
): Promise<{ progress: number; end_test_at: Date | null }> {
  const percent = sql<number>`(
    select coalesce(floor(100.0 * count(${activityProgress.id}) filter (where ${activityProgress.is_complete})
      / nullif(count(${activities.id}), 0)), 0)::int
    from ${activities}
    inner join ${topics} on ${topics.id} = ${activities.topic_id}
    left join ${activityProgress}
      on ${activityProgress.activity_id} = ${activities.id}
     and ${activityProgress.member_redeem_id} = ${redeemId}
    where ${activities.program_id} = ${programId}
      and ${activities.status} = 'publish' and ${topics.status} = 'publish'
  )`;
  const [row] = await db
    .update(memberRedeems)
    .set({
      progress: percent,
      start_test_at: sql`coalesce(${memberRedeems.start_test_at}, now())`,
      end_test_at: sql`case when ${memberRedeems.end_test_at} is null and ${percent} >= 100
        then now() else ${memberRedeems.end_test_at} end`,
      updated_at: new Date(),
    })
    .where(eq(memberRedeems.id, redeemId))
    .returning({ progress: memberRedeems.progress, end_test_at: memberRedeems.end_test_at });
  return row!;
}

/** Sets `start_test_at` at the member's first step (a quiz started counts). */
export async function markStarted(db: DbOrTx, redeemId: string): Promise<void> {
  await db
    .update(memberRedeems)
    .set({ start_test_at: sql`coalesce(${memberRedeems.start_test_at}, now())` })
    .where(eq(memberRedeems.id, redeemId));
}

export async function setScores(
  db: DbOrTx,
  redeemId: string,
  scores: Record<string, unknown>,
): Promise<void> {
  await db
    .update(memberRedeems)
    .set({ scores, updated_at: new Date() })
    .where(eq(memberRedeems.id, redeemId));
}

/** The member of a redemption. */
export async function memberOfRedeem(db: DbOrTx, redeemId: string): Promise<string> {
  const [row] = await db
    .select({ member_id: memberRedeems.member_id })
    .from(memberRedeems)
    .where(eq(memberRedeems.id, redeemId));
  return row!.member_id;
}

/**
 * Keeps the first time the member's page or file was served (`content`) or its link followed
 * (`link`): creates the member's row of the activity when there is none, never moves a time.
 */
export async function markOpened(
  db: DbOrTx,
  key: ProgressKey,
  what: 'content' | 'link',
  at: Date,
): Promise<{ first: boolean }> {
  const column = what === 'content' ? 'content_opened_at' : 'link_followed_at';
  const target = activityProgress[column];
  const [row] = await db
    .insert(activityProgress)
    .values({
      member_redeem_id: key.redeemId,
      program_id: key.programId,
      topic_id: key.topicId,
      activity_id: key.activityId,
      [column]: at,
    })
    .onConflictDoUpdate({
      target: [activityProgress.member_redeem_id, activityProgress.activity_id],
      set: { [column]: sql`coalesce(${target}, ${at.toISOString()}::timestamptz)` },
      setWhere: sql`${target} is null`,
    })
    .returning({ id: activityProgress.id });
  return { first: Boolean(row) };
}
