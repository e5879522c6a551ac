import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RoleKey } from '@ajar/shared/common/roles';
import { activities, memberRedeems, topics, users } from '../../db/schema';
import { discussions, memberDiscussionReads } from '../../db/schema/discussions';
import { qualified } from './unread.sql';

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * One page of an activity's posts (messages without a parent): by default the post whose tree
 * holds the newest message first (the participants' thread); `asc`/`desc` by the posts' own time
 * (the back office's thread). A recursive query ties every reply, however deep, to its post.
 */
export async function pagePosts(
  db: DbOrTx,
  filter: {
    activityId: string;
    page: number;
    limit: number;
    order?: 'last_activity' | 'asc' | 'desc';
  },
) {
  const order =
    filter.order === 'asc'
      ? sql`first_at asc, root_id`
      : filter.order === 'desc'
        ? sql`first_at desc, root_id`
        : sql`last_at desc, root_id`;
  const result = await db.execute(sql`
    with recursive tree as (
      select d.id, d.id as root_id, d.created_at from ${discussions} d
      where d.activity_id = ${filter.activityId} and d.parent_id is null
      union all
      select d.id, tree.root_id, d.created_at from ${discussions} d
      join tree on d.parent_id = tree.id
    )
    select root_id, max(created_at) as last_at, min(created_at) as first_at,
      (count(*) over ())::int as total
    from tree group by root_id
    order by ${order}
    limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`);
  const rows = rowsOf<{ root_id: string; last_at: Date | string; total: number }>(result);
  const list = rows.map((r) => ({
    root_id: r.root_id,
    last_at: new Date(r.last_at),
    total: Number(r.total),
  }));
  let total = list[0]?.total ?? 0;
  if (list.length === 0 && filter.page > 1) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(discussions)
      .where(and(eq(discussions.activity_id, filter.activityId), isNull(discussions.parent_id)));
    total = Number(row?.n ?? 0);
  }
  return { roots: list, total };
}

/** Every message of these posts' trees (the posts and all their replies), oldest first. */
export async function messagesOfPosts(db: DbOrTx, rootIds: string[]) {
  if (rootIds.length === 0) return [];
  type Row = {
    id: string;
    root_id: string;
    parent_id: string | null;
    program_id: string;
    topic_id: string;
    activity_id: string;
    content: string;
    author_name: string;
    author_kind: 'member' | 'staff';
    author_role: RoleKey | null;
    member_id: string | null;
    user_id: string | null;
    created_at: Date | string;
    updated_at: Date | string;
    total_child: number;
  };
  const result = await db.execute(sql`
    with recursive tree as (
      select d.id, d.id as root_id from ${discussions} d
      where d.id in (${sql.join(
        rootIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      union all
      select d.id, tree.root_id from ${discussions} d join tree on d.parent_id = tree.id
    )
    select m.id, tree.root_id, m.parent_id, m.program_id, m.topic_id, m.activity_id, m.content,
      m.author_name, m.author_kind, m.member_id, m.user_id, m.created_at, m.updated_at,
      (select u.role from ${users} u where u.id = m.user_id) as author_role,
      (select count(*)::int from ${discussions} c where c.parent_id = m.id) as total_child
    from tree join ${discussions} m on m.id = tree.id
    order by m.created_at asc, m.id asc`);
  return rowsOf<Row>(result).map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
    total_child: Number(r.total_child),
  }));
}

export type ThreadRow = Awaited<ReturnType<typeof messagesOfPosts>>[number];

/** A message with its author and activity, for the owner checks of edit and delete. */
export async function findMemberMessage(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: discussions.id,
      activity_id: discussions.activity_id,
      program_id: discussions.program_id,
      member_id: discussions.member_id,
    })
    .from(discussions)
    .where(eq(discussions.id, id));
  return row;
}

export async function updateContent(db: DbOrTx, id: string, content: string) {
  await db
    .update(discussions)
    .set({ content, updated_at: sql`now()` })
    .where(eq(discussions.id, id));
}

/** The participant has now read the activity's thread. */
export async function markMemberRead(db: DbOrTx, memberId: string, activityId: string) {
  await db
    .insert(memberDiscussionReads)
    .values({ member_id: memberId, activity_id: activityId, last_read_at: sql`now()` })
    .onConflictDoUpdate({
      target: [memberDiscussionReads.member_id, memberDiscussionReads.activity_id],
      set: { last_read_at: sql`now()`, updated_at: sql`now()` },
    });
}

const publicSetting = sql`coalesce((${activities.settings}->>'is_show_discussion')::int, 0) = 2`;

/**
 * Unread messages per activity of a program for a participant: messages of others (staff or
 * other participants) in published Public threads, written after the participant last opened
 * that thread (never opened = all of them). Activities without unread messages are left out.
 */
export async function memberUnread(db: DbOrTx, memberId: string, programId: string) {
  const unread = sql<number>`(select count(*)::int from ${discussions} as d
    left join ${memberDiscussionReads} as r
      on r.activity_id = d.activity_id and r.member_id = ${memberId}
    where d.activity_id = ${qualified(activities.id)}
      and d.member_id is distinct from ${memberId}
      and (r.last_read_at is null or d.created_at > r.last_read_at))`;
  const rows = await db
    .select({ activity_id: activities.id, total_unread: unread })
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(
      and(
        eq(activities.program_id, programId),
        eq(activities.status, 'publish'),
        eq(topics.status, 'publish'),
        publicSetting,
      ),
    )
    .orderBy(asc(topics.seq), asc(activities.seq), asc(activities.id));
  return rows
    .map((r) => ({ activity_id: r.activity_id, total_unread: Number(r.total_unread) }))
    .filter((r) => r.total_unread > 0);
}

/** The members who redeemed the program (each once). */
export async function programMemberIds(db: DbOrTx, programId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: memberRedeems.member_id })
    .from(memberRedeems)
    .where(eq(memberRedeems.program_id, programId));
  return rows.map((r) => r.id);
}
