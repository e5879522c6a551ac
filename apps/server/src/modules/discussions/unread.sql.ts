import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { discussionReads, discussions } from '../../db/schema/discussions';

/** Which discussion column ties a message to the outer row (program, topic or activity). */
export type UnreadScope = 'program_id' | 'topic_id' | 'activity_id';

/**
 * Unread member messages for one staff user, as one SQL expression used by the program list,
 * the topics and the activities alike (here, not in a repository, so the programs and topics
 * repositories can use it without an import circle): member messages of the scope written after
 * the user last opened their activity's thread (never opened = all unread).
 */
export function totalUnreadSql(userId: string, scope: UnreadScope, ref: AnyPgColumn): SQL<number> {
  // Inner tables are aliased and the outer column fully qualified: drizzle may render a bare
  // column name, which inside the subquery would bind to the inner table.
  return sql<number>`(select count(*)::int from ${discussions} as d
    left join ${discussionReads} as r on r.activity_id = d.activity_id and r.user_id = ${userId}
    where d.${sql.identifier(scope)} = ${qualified(ref)}
      and d.author_kind = 'member'
      and (r.last_read_at is null or d.created_at > r.last_read_at))`;
}

/** `"table"."column"` of an outer query's column. */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
