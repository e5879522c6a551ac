import { createECDH, randomBytes } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PushSubscriptionJson } from '@ajar/shared/auth/auth.schemas';
import type { Db } from '../../db/client';
import { loginFailures, passwordResets, pushSubscriptions } from '../../db/schema';
import { newToken } from '../../lib/tokens';

let addressCounter = 0;

/**
 * A client address no other test uses, so one test's failed logins never lock another test out
 * through the per-address counter.
 */
export function uniqueAddress(): string {
  addressCounter += 1;
  const n = (process.pid % 200) * 65536 + addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** `POST /api/admin/v1/login` (or the trainer one) from `address`. */
export function postLogin(
  app: FastifyInstance,
  body: Record<string, unknown>,
  options: { address?: string; side?: 'admin' | 'trainer' } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/${options.side ?? 'admin'}/v1/login`,
    payload: body,
    remoteAddress: options.address ?? '127.0.0.1',
  });
}

/**
 * The `Retry-After` of a reply, in whole seconds; fails the test when the header is missing or
 * not a positive whole number (every 429 must carry one).
 */
export function retryAfterOf(res: { headers: Record<string, unknown> }): number {
  const value = res.headers['retry-after'];
  if (typeof value !== 'string' || !/^[1-9]\d*$/.test(value)) {
    throw new Error(`no usable Retry-After header: ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** Failure rows of a key (`account:…`, `address:…`, `pair:…`, `known:…`, `reset:…`). */
export async function countFailureRows(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(loginFailures)
    .where(eq(loginFailures.key, key));
  return row?.n ?? 0;
}

/**
 * Moves failure rows back in time instead of sleeping: every row whose key starts with
 * `keyPrefix` (all rows when omitted) becomes `minutes` older.
 */
export async function ageFailures(db: Db, minutes: number, keyPrefix = ''): Promise<void> {
  await db
    .update(loginFailures)
    .set({ created_at: sql`${loginFailures.created_at} - make_interval(secs => ${minutes * 60})` })
    .where(like(loginFailures.key, `${keyPrefix}%`));
}

/** Inserts failure rows straight away, `minutesAgo` old. */
export async function insertFailureRows(
  db: Db,
  key: string,
  count: number,
  minutesAgo = 0,
): Promise<void> {
  await db.insert(loginFailures).values(
    Array.from({ length: count }, () => ({
      key,
      created_at: sql`now() - make_interval(secs => ${minutesAgo * 60})`,
    })),
  );
}

/** A reset link for the user, as the forgot-password mail would carry it. */
export async function buildPasswordReset(
  db: Db,
  userId: string,
  options: { expiresInMinutes?: number } = {},
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(passwordResets).values({
    user_id: userId,
    token_hash: hash,
    expires_at: sql`now() + make_interval(secs => ${(options.expiresInMinutes ?? 60) * 60})`,
  });
  return token;
}

export async function listPasswordResets(db: Db, userId: string) {
  return db
    .select({ used_at: passwordResets.used_at, expires_at: passwordResets.expires_at })
    .from(passwordResets)
    .where(eq(passwordResets.user_id, userId));
}

export async function listPushSubscriptions(db: Db, userId?: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      session_id: pushSubscriptions.session_id,
      user_id: pushSubscriptions.user_id,
      endpoint: pushSubscriptions.endpoint,
      subscription: pushSubscriptions.subscription,
    })
    .from(pushSubscriptions)
    .where(userId ? eq(pushSubscriptions.user_id, userId) : undefined);
}

/**
 * A subscription as a browser makes it: a P-256 public key and a 16-byte auth secret, so
 * `web-push` can really encrypt for it.
 */
export function browserSubscription(endpoint: string): PushSubscriptionJson {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}
