import { and, eq, gt, inArray, lt, notInArray, notLike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** `now() - N minutes`, on the database clock so every server agrees. */
const minutesAgo = (minutes: number) => sql`now() - make_interval(mins => ${minutes}::int)`;

export async function insertFailures(db: DbOrTx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key })))
    .returning({ id: loginFailures.id });
  return rows.map((r) => r.id);
}

export interface FailureCount {
  failures: number;
  /** Seconds since the newest counted failure; null when there is none. */
  secondsSinceNewest: number | null;
}

/**
 * Failures of one key inside the window, counted by the database (count + newest), leaving out
 * the rows of `excludeIds` (the attempt that is asking).
 */
export async function countRecentFailures(
  db: DbOrTx,
  key: string,
  windowMinutes: number,
  excludeIds: string[] = [],
): Promise<FailureCount> {
  const [row] = await db
    .select({
      failures: sql<number>`count(*)::int`.mapWith(Number),
      secondsSinceNewest: sql<
        number | null
      >`extract(epoch from now() - max(${loginFailures.created_at}))::float8`,
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.key, key),
        gt(loginFailures.created_at, minutesAgo(windowMinutes)),
        excludeIds.length > 0 ? notInArray(loginFailures.id, excludeIds) : undefined,
      ),
    );
  const seconds = row?.secondsSinceNewest;
  return {
    failures: row?.failures ?? 0,
    secondsSinceNewest: seconds === null || seconds === undefined ? null : Number(seconds),
  };
}

export async function deleteFailuresById(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
}

export async function deleteFailuresOfKeys(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}

/** Rows of these keys that fell out of the window (uses the key + created_at index). */
export async function pruneFailuresOfKeys(
  db: DbOrTx,
  keys: string[],
  olderThanMinutes: number,
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, keys),
        lt(loginFailures.created_at, minutesAgo(olderThanMinutes)),
      ),
    );
}

/** Keys of rows that record a success (a known address), not a failure. */
export const knownKeyPrefix = 'known:';

/**
 * Every stale row, whatever its key (keys that never come back): failure rows older than
 * `failureMinutes`, known-address rows older than `knownMinutes`.
 */
export async function pruneAllFailures(
  db: DbOrTx,
  ages: { failureMinutes: number; knownMinutes: number },
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      or(
        lt(loginFailures.created_at, minutesAgo(ages.knownMinutes)),
        and(
          notLike(loginFailures.key, `${knownKeyPrefix}%`),
          lt(loginFailures.created_at, minutesAgo(ages.failureMinutes)),
        ),
      ),
    );
}

/** Whether the key has a row younger than `minutes` (a known address). */
export async function hasRecentRow(db: DbOrTx, key: string, minutes: number): Promise<boolean> {
  const rows = await db
    .select({ id: loginFailures.id })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.created_at, minutesAgo(minutes))))
    .limit(1);
  return rows.length > 0;
}

/** Keeps one fresh row for the key (a known address seen again). */
export async function refreshKey(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
  await db.insert(loginFailures).values({ key });
}
