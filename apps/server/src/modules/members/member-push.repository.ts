import { and, eq, ne } from 'drizzle-orm';
import type { PushSubscriptionJson } from '@ajar/shared/auth/auth.schemas';
import type { DbOrTx } from '../../db/client';
import { memberPushSubscriptions } from '../../db/schema';

/**
 * Stores the subscription of one member session, replacing the one it had; the same endpoint
 * held by another member session is dropped first (one browser, one signed-in member).
 */
export async function saveMemberSessionSubscription(
  db: DbOrTx,
  input: { sessionId: string; memberId: string; subscription: PushSubscriptionJson },
): Promise<void> {
  const { sessionId, memberId, subscription } = input;
  await db
    .delete(memberPushSubscriptions)
    .where(
      and(
        eq(memberPushSubscriptions.endpoint, subscription.endpoint),
        ne(memberPushSubscriptions.session_id, sessionId),
      ),
    );
  await db
    .insert(memberPushSubscriptions)
    .values({
      session_id: sessionId,
      member_id: memberId,
      endpoint: subscription.endpoint,
      subscription,
    })
    .onConflictDoUpdate({
      target: memberPushSubscriptions.session_id,
      set: {
        member_id: memberId,
        endpoint: subscription.endpoint,
        subscription,
        updated_at: new Date(),
      },
    });
}

export async function deleteMemberSessionSubscription(
  db: DbOrTx,
  sessionId: string,
): Promise<void> {
  await db.delete(memberPushSubscriptions).where(eq(memberPushSubscriptions.session_id, sessionId));
}
