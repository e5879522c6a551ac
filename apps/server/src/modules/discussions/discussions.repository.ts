import { and, asc, count, desc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, programs, studies, topics } from '../../db/schema';
import {
  discussionReads,
  discussions,
  type DiscussionAuthorKind,
} from '../../db/schema/discussions';
import { likePattern } from '../programs/programs.repository';
import { qualified, totalUnreadSql } from './unread.sql';
import { inAssignedPrograms } from '../access/access.repository';

export interface ProgramListFilter {
  userId: string;
  /** Only programs this trainer is assigned to. */
  assignedUserId?: string;
  q?: string;
  sort: 'total_unread' | 'title' | 'created_at';
  sortType: 'asc' | 'desc';
  page: number;
  /** -1 = all. */
  limit: number;
}

/** One page of programs with the viewer's unread count, sorted and counted by SQL. */
export async function listPrograms(db: DbOrTx, filter: ProgramListFilter) {
  const where = and(
    filter.q ? sql`lower(${programs.title}) like ${likePattern(filter.q)}` : undefined,
    inAssignedPrograms(programs.id, filter.assignedUserId),
  );
  const unread = totalUnreadSql(filter.userId, 'program_id', programs.id);
  const dir = filter.sortType === 'asc' ? asc : desc;
  const sortBy = { total_unread: unread, title: programs.title, created_at: programs.created_at };
  const query = db
    .select({
      id: programs.id,
      title: programs.title,
      status: programs.status,
      created_at: programs.created_at,
      study_id: studies.id,
      study_title: studies.title,
      total_unread: unread,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(programs)
    .leftJoin(studies, eq(studies.id, programs.study_id))
    .where(where)
    .orderBy(dir(sortBy[filter.sort]), desc(programs.created_at), asc(programs.id));
  const rows =
    filter.limit === -1
      ? await query
      : await query.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && filter.page > 1 && filter.limit !== -1) {
    total = (await db.select({ n: count() }).from(programs).where(where))[0]?.n ?? 0;
  }
  return { rows, total };
}

export async function findProgram(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({
      id: programs.id,
      title: programs.title,
      total_unread: totalUnreadSql(userId, 'program_id', programs.id),
    })
    .from(programs)
    .where(eq(programs.id, id));
  return row;
}

export interface TopicListFilter {
  userId: string;
  programId: string;
  q?: string;
  sort: 'seq' | 'name' | 'total_unread';
  sortType: 'asc' | 'desc';
  page: number;
  limit: number;
}

export async function listTopics(db: DbOrTx, filter: TopicListFilter) {
  const unread = totalUnreadSql(filter.userId, 'topic_id', topics.id);
  const where = and(
    eq(topics.program_id, filter.programId),
    filter.q ? sql`lower(${topics.name}) like ${likePattern(filter.q)}` : undefined,
  );
  const dir = filter.sortType === 'asc' ? asc : desc;
  const sortBy = { seq: topics.seq, name: topics.name, total_unread: unread };
  const query = db
    .select({
      id: topics.id,
      program_id: topics.program_id,
      name: topics.name,
      seq: topics.seq,
      total_unread: unread,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(topics)
    .where(where)
    .orderBy(dir(sortBy[filter.sort]), asc(topics.seq), asc(topics.id));
  const rows =
    filter.limit === -1
      ? await query
      : await query.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

const discussionSetting = sql<number>`coalesce((${activities.settings}->>'is_show_discussion')::int, 0)`;

/**
 * The activities of these topics that have a public thread: discussion set to Public, or
 * messages already written (a thread stays readable when the setting is switched off later).
 */
export async function discussionActivitiesOf(db: DbOrTx, userId: string, topicIds: string[]) {
  if (topicIds.length === 0) return [];
  const hasMessages = exists(
    sql`(select 1 from ${discussions} as d where d.activity_id = ${qualified(activities.id)})`,
  );
  return db
    .select({
      id: activities.id,
      topic_id: activities.topic_id,
      program_id: activities.program_id,
      name: activities.name,
      type: activities.type,
      seq: activities.seq,
      is_show_discussion: discussionSetting,
      total_unread: totalUnreadSql(userId, 'activity_id', activities.id),
      total_messages: sql<number>`(select count(*)::int from ${discussions} as d where d.activity_id = ${qualified(activities.id)})`,
    })
    .from(activities)
    .where(
      and(inArray(activities.topic_id, topicIds), or(sql`${discussionSetting} = 2`, hasMessages)),
    )
    .orderBy(asc(activities.topic_id), asc(activities.seq), asc(activities.id));
}

/** An activity with its topic and program and its discussion setting. */
export async function findActivity(db: DbOrTx, activityId: string) {
  const [row] = await db
    .select({
      id: activities.id,
      name: activities.name,
      topic_id: activities.topic_id,
      program_id: activities.program_id,
      status: activities.status,
      topic_status: topics.status,
      is_show_discussion: discussionSetting,
      // The member lock rule reads an activity's own schedule from its content.
      content: activities.content,
    })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(eq(activities.id, activityId));
  return row;
}

export async function findMessage(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: discussions.id,
      activity_id: discussions.activity_id,
      program_id: discussions.program_id,
      user_id: discussions.user_id,
      member_id: discussions.member_id,
      author_kind: discussions.author_kind,
    })
    .from(discussions)
    .where(eq(discussions.id, id));
  return row;
}

export async function insertMessage(
  db: DbOrTx,
  values: {
    program_id: string;
    topic_id: string;
    activity_id: string;
    parent_id: string | null;
    author_kind: DiscussionAuthorKind;
    member_id: string | null;
    user_id: string | null;
    author_name: string;
    content: string;
  },
) {
  const [row] = await db.insert(discussions).values(values).returning();
  return row!;
}

/**
 * Deletes the message unless it has replies (checked in the same statement, so a reply arriving
 * meanwhile cannot be cascaded away); answers whether a row was deleted.
 */
export async function deleteLeafMessage(db: DbOrTx, id: string) {
  const rows = await db
    .delete(discussions)
    .where(
      and(
        eq(discussions.id, id),
        sql`not exists (select 1 from ${discussions} as child where child.parent_id = ${qualified(discussions.id)})`,
      ),
    )
    .returning({ id: discussions.id });
  return rows.length > 0;
}

/** The user has now read the activity's thread: later member messages are unread. */
export async function markRead(db: DbOrTx, userId: string, activityId: string) {
  await db
    .insert(discussionReads)
    .values({ user_id: userId, activity_id: activityId, last_read_at: sql`now()` })
    .onConflictDoUpdate({
      target: [discussionReads.user_id, discussionReads.activity_id],
      set: { last_read_at: sql`now()`, updated_at: sql`now()` },
    });
}
