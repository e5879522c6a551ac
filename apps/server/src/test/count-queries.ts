import type { Db } from '../db/client';

/**
 * Counts the SQL statements the database client receives while `fn` runs (both drivers send
 * every statement of a non-transaction query through `query`).
 */
export async function countQueries(db: Db, fn: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n += 1;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return n;
}
