import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { TopicSortField, TopicStatus } from '@ajar/shared/topics/topics.constants';
import type { DbOrTx } from '../../db/client';
import { activities, topics } from '../../db/schema';
import { totalUnreadSql } from '../discussions/unread.sql';
import { likePattern } from '../programs/programs.repository';

/**
 * The topic columns with the viewer's unread member messages (a correlated subquery, so no extra
 * statement); no viewer (writes that only need the row) counts nothing.
 */
function topicColumns(viewerId: string | null) {
  return {
    ...topicBaseColumns,
    total_unread: viewerId ? totalUnreadSql(viewerId, 'topic_id', topics.id) : sql<number>`0::int`,
  };
}

const topicBaseColumns = {
  id: topics.id,
  program_id: topics.program_id,
  name: topics.name,
  seq: topics.seq,
  status: topics.status,
  created_at: topics.created_at,
  updated_at: topics.updated_at,
};

export type TopicRow = {
  id: string;
  program_id: string;
  name: string;
  seq: number;
  status: TopicStatus;
  created_at: Date;
  updated_at: Date;
  total_unread: number;
};

export interface TopicListFilter {
  /** Whose unread messages `total_unread` counts. */
  viewerId: string;
  programId: string;
  q?: string;
  sort: TopicSortField;
  sortType: 'asc' | 'desc';
  page: number;
  /** -1 = all. */
  limit: number;
}

const sortColumns = { seq: topics.seq, created_at: topics.created_at, name: topics.name };

/**
 * One page of a program's topics and the total, in one statement (a window count); only a page
 * past the end needs a second count.
 */
export async function listTopics(db: DbOrTx, filter: TopicListFilter) {
  const where: SQL | undefined = and(
    eq(topics.program_id, filter.programId),
    filter.q ? sql`lower(${topics.name}) like ${likePattern(filter.q)}` : undefined,
  );
  const dir = filter.sortType === 'asc' ? asc : desc;
  const query = db
    .select({ ...topicColumns(filter.viewerId), total: sql<number>`(count(*) over ())::int` })
    .from(topics)
    .where(where)
    .orderBy(dir(sortColumns[filter.sort]), asc(topics.seq), asc(topics.id));
  const rows =
    filter.limit === -1
      ? await query
      : await query.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && filter.page > 1 && filter.limit !== -1) {
    total = (await db.select({ n: count() }).from(topics).where(where))[0]?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row as TopicRow), total };
}

/**
 * The activities of these topics, in one query, ordered by topic then seq, with the viewer's
 * unread member messages of each.
 */
export async function activitiesOfTopics(db: DbOrTx, viewerId: string, topicIds: string[]) {
  if (topicIds.length === 0) return [];
  return db
    .select({
      id: activities.id,
      topic_id: activities.topic_id,
      program_id: activities.program_id,
      name: activities.name,
      type: activities.type,
      seq: activities.seq,
      status: activities.status,
      estimated_duration: sql<string | null>`${activities.settings}->>'estimated_duration'`,
      // What 'Konten belum lengkap' reads (completion.rules contentMissing), not the whole text.
      content_parts: sql<Record<string, unknown>>`jsonb_build_object(
        'file', ${activities.content}->'file',
        'link_embed', ${activities.content}->'link_embed',
        'embed_youtube', ${activities.content}->'embed_youtube',
        'description', left(${activities.content}->>'description', 4000))`,
      total_unread: totalUnreadSql(viewerId, 'activity_id', activities.id),
    })
    .from(activities)
    .where(inArray(activities.topic_id, topicIds))
    .orderBy(asc(activities.topic_id), asc(activities.seq), asc(activities.id));
}

/** `viewerId`: whose unread messages `total_unread` counts; null counts none. */
export async function findTopic(
  db: DbOrTx,
  id: string,
  viewerId: string | null,
): Promise<TopicRow | undefined> {
  const [row] = await db.select(topicColumns(viewerId)).from(topics).where(eq(topics.id, id));
  return row as TopicRow | undefined;
}

/** Appends a topic at seq n+1; the caller holds the program lock so n cannot change meanwhile. */
export async function insertTopic(
  db: DbOrTx,
  values: { program_id: string; name: string; status: TopicStatus },
) {
  const [row] = await db
    .insert(topics)
    .values({
      ...values,
      seq: sql`(select coalesce(max(${topics.seq}), 0) + 1 from ${topics} where ${topics.program_id} = ${values.program_id})`,
    })
    .returning({ id: topics.id, seq: topics.seq });
  return row!;
}

export async function updateTopic(
  db: DbOrTx,
  id: string,
  values: { name: string; status: TopicStatus },
) {
  await db
    .update(topics)
    .set({ ...values, updated_at: new Date() })
    .where(eq(topics.id, id));
}

/** Deletes the topic (its activities go with it, FK cascade); answers where it was. */
export async function deleteTopic(db: DbOrTx, id: string) {
  const [row] = await db
    .delete(topics)
    .where(eq(topics.id, id))
    .returning({ program_id: topics.program_id, seq: topics.seq });
  return row;
}

/** Closes the gap a removed topic left. */
export async function shiftTopicsAfter(db: DbOrTx, programId: string, seq: number) {
  await db
    .update(topics)
    .set({ seq: sql`${topics.seq} - 1` })
    .where(and(eq(topics.program_id, programId), gt(topics.seq, seq)));
}

/** The program's topic ids in their current order. */
export async function topicOrder(db: DbOrTx, programId: string) {
  const rows = await db
    .select({ id: topics.id, seq: topics.seq })
    .from(topics)
    .where(eq(topics.program_id, programId))
    .orderBy(asc(topics.seq), asc(topics.created_at), asc(topics.id));
  return rows;
}

/** Writes new seq values in one statement, touching only the rows that change. */
export async function setTopicSeqs(db: DbOrTx, changes: { id: string; seq: number }[]) {
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map((c) => sql`(${c.id}::uuid, ${c.seq}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${topics} set seq = v.seq, updated_at = now() from (values ${values}) as v(id, seq) where ${topics.id} = v.id`,
  );
}
