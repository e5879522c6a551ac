import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { serverSecrets } from '../db/schema';

const cache = new WeakMap<object, Map<string, string>>();

/**
 * A secret of this installation, made at its first use and kept in the database, so every server
 * on the database signs and checks with the same one (the first insert wins a race).
 */
export async function serverSecret(db: DbOrTx, name: string): Promise<string> {
  const known = cache.get(db)?.get(name);
  if (known) return known;
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  const value = row!.value;
  const map = cache.get(db) ?? new Map<string, string>();
  map.set(name, value);
  cache.set(db, map);
  return value;
}
