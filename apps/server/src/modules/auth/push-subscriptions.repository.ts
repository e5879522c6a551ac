import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { PushSubscriptionJson } from '@ajar/shared/auth/auth.schemas';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions, sessions } from '../../db/schema';

/**
 * Stores the subscription of one session, replacing the one it had. The same endpoint (one
 * browser) held by any other session is dropped first: after a second sign-in on that browser,
 * possibly as someone else, the earlier session's notifications must not reach it any more.
 */
export async function saveSessionSubscription(
  db: DbOrTx,
  input: { sessionId: string; userId: string; subscription: PushSubscriptionJson },
): Promise<void> {
  const { sessionId, userId, subscription } = input;
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, subscription.endpoint),
        ne(pushSubscriptions.session_id, sessionId),
      ),
    );
  await db
    .insert(pushSubscriptions)
    .values({
      session_id: sessionId,
      user_id: userId,
      endpoint: subscription.endpoint,
      subscription,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.session_id,
      set: {
        user_id: userId,
        endpoint: subscription.endpoint,
        subscription,
        updated_at: new Date(),
      },
    });
}

export async function deleteSessionSubscription(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.session_id, sessionId));
}

/** Every subscription of the user, or all but the one of `keepSessionId`. */
export async function deleteUserSubscriptions(
  db: DbOrTx,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.user_id, userId),
        keepSessionId ? ne(pushSubscriptions.session_id, keepSessionId) : undefined,
      ),
    );
}

export async function findSessionSubscription(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({ endpoint: pushSubscriptions.endpoint, subscription: pushSubscriptions.subscription })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.session_id, sessionId))
    .limit(1);
  return row ?? null;
}

/** Subscriptions of the user whose session is still live (not revoked, not expired). */
export async function listLiveUserSubscriptions(db: DbOrTx, userId: string) {
  return db
    .select({ id: pushSubscriptions.id, subscription: pushSubscriptions.subscription })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.session_id))
    .where(
      and(
        eq(pushSubscriptions.user_id, userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date()),
      ),
    );
}

export async function deleteSubscriptionsById(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
