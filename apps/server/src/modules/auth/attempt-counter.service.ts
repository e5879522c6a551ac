// Counts attempts per key (sign-in, reset requests, voucher guesses) under the throttle policies:
// records each attempt, refuses one over its policy with a 429, forgets the key on success.
import { isIPv4, isIPv6 } from 'node:net';
import {
  loginThrottle,
  passwordResetPolicy,
  type BackoffLimits,
} from '@ajar/shared/auth/auth.schemas';
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
 * A hard limit: a key is refused while it has at least `maxFailures` rows inside the last
 * `windowMinutes` and the newest of them is less than `lockMinutes` old. Only for limits whose
 * lock hurts no one but the one who caused it (one address's reset requests, one member's voucher
 * guesses); sign-in uses `BackoffPolicy` (login-throttle.service.ts).
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

/** A growing delay (see `BackoffLimits`), failures counted over `windowMinutes`. */
export interface BackoffPolicy extends BackoffLimits {
  windowMinutes: number;
}

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy | BackoffPolicy;
  /** The 429 message, given the whole minutes and the whole seconds left. */
  message: (minutesLeft: number, secondsLeft: number) => string;
  /**
   * False: the attempt is recorded on the key but the key does not refuse it (a sign-in from an
   * address the account knows is not held back by the account-wide counter).
   */
  judged?: boolean;
  /** More entries of the 429's `validation` when this key holds the attempt back. */
  hint?: Record<string, string>;
  /**
   * When the attempt is written on this key. 'begin' (the default): before anything is checked,
   * so parallel attempts see each other and a burst cannot slip under the limit. 'failure': only
   * once the attempt failed, so attempts still under way never hold each other back (a classroom
   * behind one address signing in at the same minute). 'in-flight': at the start, and gone again
   * when the attempt ends either way, so the key counts attempts under way.
   */
  recorded?: 'begin' | 'failure' | 'in-flight';
}

/** Every forgot-password request counts; the address waits until the window has moved on. */
export const resetAddressPolicy: ThrottlePolicy = {
  maxFailures: passwordResetPolicy.addressMaxRequests,
  windowMinutes: passwordResetPolicy.windowMinutes,
  lockMinutes: passwordResetPolicy.windowMinutes,
};

/** Failure rows older than this are never counted again and may be deleted. */
export const retentionMinutes = Math.max(
  loginThrottle.windowMinutes,
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
 * client usually owns a whole /64 and could otherwise rotate through it. Anything that is not an
 * address (a forged forwarding header behind a careless proxy) counts as one `unknown` address.
 */
export function normalizeAddress(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(trimmed)) return trimmed;
  if (!isIPv6(trimmed)) return 'unknown';
  const bare = trimmed.replace(/%.*$/, '');
  const [head = '', tail = ''] = bare.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = bare.includes('::')
    ? [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts]
    : headParts;
  const prefix = groups.slice(0, 4).map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')));
  return `${prefix.join(':')}::/64`;
}

export function addressKey(ip: string): string {
  return `address:${normalizeAddress(ip)}`;
}

export function registerAddressKey(ip: string): string {
  return `register:${normalizeAddress(ip)}`;
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

/**
 * Seconds the key still holds an attempt back (0: free to go), from the other failures inside
 * the key's window and the age of the newest of them.
 */
export function secondsToWait(
  policy: ThrottlePolicy | BackoffPolicy,
  failures: number,
  secondsSinceNewest: number | null,
): number {
  if (secondsSinceNewest === null) return 0;
  if ('freeFailures' in policy) {
    if (failures < policy.freeFailures) return 0;
    const exponent = Math.min(failures - policy.freeFailures, 30);
    const delay = Math.min(policy.firstDelaySeconds * 2 ** exponent, policy.maxDelaySeconds);
    return Math.max(0, delay - secondsSinceNewest);
  }
  if (failures < policy.maxFailures) return 0;
  return Math.max(0, policy.lockMinutes * 60 - secondsSinceNewest);
}

/**
 * Starts a throttled attempt. The attempt is written as a failure of every key *before* anything
 * is checked, then each judged key is checked on the other rows: two concurrent attempts each
 * see the other, so a burst of parallel requests (or several servers) cannot all slip under the
 * limit. A refused attempt removes its rows again, so hammering a held key neither extends nor
 * resets the wait, and nothing the refused attempt carries (even the right password) is looked at.
 *
 * Runs on the pool, outside any transaction, so other requests see the rows at once.
 *
 * @throws AppError 429 with `Retry-After` and the message of the key that holds it back longest,
 *   on `field`.
 */
export async function beginAttempt(
  db: DbOrTx,
  keys: ThrottleKey[],
  field = 'email',
  /** The chance that a failure also sweeps every key's old rows (tests pin it to 0 or 1). */
  sweepChance = globalPruneRate,
): Promise<Attempt> {
  const atStart = keys.filter((k) => k.recorded !== 'failure');
  const ids = await insertFailures(
    db,
    atStart.map((k) => k.key),
  );
  const inFlightIds = ids.filter((_id, i) => atStart[i]?.recorded === 'in-flight');
  let longest: { wait: number; key: ThrottleKey } | null = null;
  for (const throttleKey of keys) {
    if (throttleKey.judged === false) continue;
    const { failures, secondsSinceNewest } = await countRecentFailures(
      db,
      throttleKey.key,
      throttleKey.policy.windowMinutes,
      ids,
    );
    const wait = secondsToWait(throttleKey.policy, failures, secondsSinceNewest);
    if (wait > 0 && (!longest || wait > longest.wait)) longest = { wait, key: throttleKey };
  }
  if (longest) {
    await deleteFailuresById(db, ids);
    const seconds = Math.max(1, Math.ceil(longest.wait));
    const text = longest.key.message(Math.max(1, Math.ceil(longest.wait / 60)), seconds);
    throw AppError.tooMany(text, seconds, { ...longest.key.hint, [field]: text });
  }

  return {
    recordFailure: async () => {
      await deleteFailuresById(db, inFlightIds);
      await insertFailures(
        db,
        keys.filter((k) => k.recorded === 'failure').map((k) => k.key),
      );
      await pruneFailuresOfKeys(
        db,
        keys.map((k) => k.key),
        retentionMinutes,
      );
      if (Math.random() < sweepChance) {
        await pruneAllFailures(db, {
          failureMinutes: retentionMinutes,
          knownMinutes: loginThrottle.knownAddressDays * 24 * 60,
        });
      }
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
