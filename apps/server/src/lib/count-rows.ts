import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/**
 * `count(*)` of the rows a query selects; with `atMost`, the query is limited first, so finding
 * whether there are more than n rows reads at most n + 1 of them, however many there are
 * (PostgreSQL flattens the subquery of a plain count: no cost without a limit).
 */
export async function countRows(db: DbOrTx, rows: PgSelect, atMost?: number): Promise<number> {
  const counted = (atMost === undefined ? rows : rows.limit(atMost)).as('counted');
  const [row] = await db.select({ n: count() }).from(counted);
  return Number(row?.n ?? 0);
}
