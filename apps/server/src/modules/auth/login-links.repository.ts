import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginLinks } from '../../db/schema';

export async function insertLoginLink(
  db: DbOrTx,
  input: { userId: string; tokenHash: string; minutes: number },
): Promise<void> {
  await db.insert(loginLinks).values({
    user_id: input.userId,
    token_hash: input.tokenHash,
    expires_at: sql`now() + make_interval(mins => ${input.minutes}::int)`,
  });
}

/** Sign-in links created for the user inside the last `minutes` (used or not). */
export async function countRecentLoginLinks(
  db: DbOrTx,
  userId: string,
  minutes: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginLinks)
    .where(
      and(
        eq(loginLinks.user_id, userId),
        gt(loginLinks.created_at, sql`now() - make_interval(mins => ${minutes}::int)`),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Uses up a live, unused link in one update; the user's id, or null for any other token. */
export async function consumeLoginLink(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .update(loginLinks)
    .set({ used_at: sql`now()`, updated_at: new Date() })
    .where(
      and(
        eq(loginLinks.token_hash, tokenHash),
        isNull(loginLinks.used_at),
        gt(loginLinks.expires_at, sql`now()`),
      ),
    )
    .returning({ userId: loginLinks.user_id });
  return row?.userId ?? null;
}
