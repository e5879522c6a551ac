import { isIPv6 } from 'node:net';
import { loginLockout, passwordResetPolicy } from '@ajar/shared/auth/auth.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  countRecentFailures,
  deleteFailuresById,
  deleteFailuresOfKeys,
  insertFailures,
  pruneAllFailures,
  pruneFailuresOfKeys,
} from './login-failures.repository';

/**
 * A key is locked while it has at least `maxFailures` rows inside the last `windowMinutes` and the
 * newest of them is less than `lockMinutes` old.
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
  /** The 429 message, given the whole minutes left. */
  message: (minutesLeft: number) => string;
}

export const accountPolicy: ThrottlePolicy = {
  maxFailures: loginLockout.accountMaxFailures,
  windowMinutes: loginLockout.windowMinutes,
  lockMinutes: loginLockout.lockMinutes,
};

export const addressPolicy: ThrottlePolicy = {
  maxFailures: loginLockout.addressMaxFailures,
  windowMinutes: loginLockout.windowMinutes,
  lockMinutes: loginLockout.lockMinutes,
};

/** Every forgot-password request counts; the address waits until the window has moved on. */
export const resetAddressPolicy: ThrottlePolicy = {
  maxFailures: passwordResetPolicy.addressMaxRequests,
  windowMinutes: passwordResetPolicy.windowMinutes,
  lockMinutes: passwordResetPolicy.windowMinutes,
};

/** Rows older than this are never counted again and may be deleted. */
const retentionMinutes = Math.max(
  accountPolicy.windowMinutes,
  addressPolicy.windowMinutes,
  resetAddressPolicy.windowMinutes,
);

/** Share of recorded failures that also sweep stale rows of every key. */
const globalPruneRate = 0.01;

/**
 * The same account however the e-mail is typed (`ADMIN@AJAR.TEST ` is `admin@ajar.test`), so
 * case and spaces cannot open a fresh counter.
 */
export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

/**
 * IPv4-mapped IPv6 is the IPv4 address; other IPv6 addresses count by their /64, since one
 * client usually owns a whole /64 and could otherwise rotate through it.
 */
export function normalizeAddress(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(trimmed)) return trimmed;
  const [head = '', tail = ''] = trimmed.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = trimmed.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = trimmed.includes('::')
    ? [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts]
    : headParts;
  const prefix = groups.slice(0, 4).map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')));
  return `${prefix.join(':')}::/64`;
}

export function addressKey(ip: string): string {
  return `address:${normalizeAddress(ip)}`;
}

export function resetAddressKey(ip: string): string {
  return `reset:${normalizeAddress(ip)}`;
}

export interface Attempt {
  /** The attempt failed: its rows stay and count against every key. */
  recordFailure(): Promise<void>;
  /** The attempt succeeded: its own rows go, and every failure of `clearKeys` with them. */
  succeed(db: DbOrTx, clearKeys?: string[]): Promise<void>;
}

function minutesLeft(policy: ThrottlePolicy, secondsSinceNewest: number): number {
  return Math.max(1, Math.ceil((policy.lockMinutes * 60 - secondsSinceNewest) / 60));
}

/**
 * Starts a throttled attempt. The attempt is written as a failure of every key *before* anything
 * is checked, then the lock is judged on the other rows: two concurrent attempts each see the
 * other, so a burst of parallel requests (or several servers) cannot all slip under the limit.
 * A refused attempt removes its rows again, so hammering a locked key neither extends nor resets
 * the lock, and nothing the refused attempt carries (even the right password) is looked at.
 *
 * Runs on the pool, outside any transaction, so other requests see the rows at once.
 *
 * @throws AppError 429 with the key's message on `field` while any key is locked.
 */
export async function beginAttempt(
  db: DbOrTx,
  keys: ThrottleKey[],
  field = 'email',
): Promise<Attempt> {
  const ids = await insertFailures(
    db,
    keys.map((k) => k.key),
  );
  for (const { key, policy, message } of keys) {
    const { failures, secondsSinceNewest } = await countRecentFailures(
      db,
      key,
      policy.windowMinutes,
      ids,
    );
    if (
      failures >= policy.maxFailures &&
      secondsSinceNewest !== null &&
      secondsSinceNewest < policy.lockMinutes * 60
    ) {
      await deleteFailuresById(db, ids);
      const text = message(minutesLeft(policy, secondsSinceNewest));
      throw new AppError(429, text, { [field]: text });
    }
  }

  return {
    recordFailure: async () => {
      await pruneFailuresOfKeys(
        db,
        keys.map((k) => k.key),
        retentionMinutes,
      );
      if (Math.random() < globalPruneRate) await pruneAllFailures(db, retentionMinutes);
    },
    succeed: async (tx, clearKeys = []) => {
      await deleteFailuresById(tx, ids);
      await deleteFailuresOfKeys(tx, clearKeys);
    },
  };
}

/** Forgets every failure of the keys (after a password reset, or in tools). */
export async function clearFailures(db: DbOrTx, keys: string[]): Promise<void> {
  await deleteFailuresOfKeys(db, keys);
}
