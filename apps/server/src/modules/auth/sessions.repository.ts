import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { RequestUser } from '../../plugins/auth';

/** The active user behind a session token hash, if the session is live. */
export async function findSessionUser(db: DbOrTx, tokenHash: string): Promise<RequestUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      fullname: users.fullname,
      email: users.email,
      phone: users.phone,
      role: users.role,
      sessionId: sessions.id,
      sessionExpiresAt: sessions.expires_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, tokenHash),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date()),
        eq(users.is_active, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A new session; only the token's hash is stored. */
export async function createSession(
  db: DbOrTx,
  input: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<{ id: string; expires_at: Date }> {
  const [row] = await db
    .insert(sessions)
    .values({ user_id: input.userId, token_hash: input.tokenHash, expires_at: input.expiresAt })
    .returning({ id: sessions.id, expires_at: sessions.expires_at });
  if (!row) throw new Error('session insert returned no row');
  return row;
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date(), updated_at: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Revokes every live session of the user, or all but `keepSessionId`. */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date(), updated_at: new Date() })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/**
 * Drops the user's sessions that ended more than `graceHours` ago (expired or revoked), so the
 * table does not grow with every login; their push subscriptions go with them (cascade).
 */
export async function deleteEndedSessions(
  db: DbOrTx,
  userId: string,
  graceHours: number,
): Promise<void> {
  const before = new Date(Date.now() - graceHours * 60 * 60 * 1000);
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        or(lt(sessions.expires_at, before), lt(sessions.revoked_at, before)),
      ),
    );
}
