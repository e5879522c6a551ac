import { authMessages, loginThrottle, type BackoffLimits } from '@ajar/shared/auth/auth.schemas';
import type { DbOrTx } from '../../db/client';
import { hashToken } from '../../lib/tokens';
import {
  deleteFailuresOfKeys,
  hasRecentRow,
  knownKeyPrefix,
  refreshKey,
} from './login-failures.repository';
import {
  accountKey,
  beginAttempt,
  normalizeAddress,
  type BackoffPolicy,
  type ThrottleKey,
  type ThrottlePolicy,
} from './attempt-counter.service';

/**
 * The sign-in throttle (the scheme is in docs/decisions.md): failed sign-ins slow
 * the next attempt with a growing delay (429 + Retry-After) instead of locking the account, on
 * three counters: the account from this address (`pair`), the account from everywhere
 * (`account`) and the address for every account (`address`). The last two do not hold back an
 * address the account signed in from lately, so no one can keep the owner out from their own
 * address, however many addresses they attack from.
 */

const policy = (limits: BackoffLimits): BackoffPolicy => ({
  ...limits,
  windowMinutes: loginThrottle.windowMinutes,
});

export const pairPolicy = policy(loginThrottle.pair);
export const accountPolicy = policy(loginThrottle.account);
export const addressPolicy = policy(loginThrottle.address);

/**
 * Sign-ins under way from one address at once: a school's or an office's whole cohort behind one
 * public address may sign in at the same minute; beyond this many the next waits a few seconds,
 * so one address cannot run an unbounded wave of guesses past the address counter.
 */
export const inFlightPolicy: ThrottlePolicy = {
  maxFailures: loginThrottle.inFlight.maxAttempts,
  windowMinutes: 2,
  lockMinutes: loginThrottle.inFlight.retrySeconds / 60,
};

const knownMinutes = loginThrottle.knownAddressDays * 24 * 60;

/** Staff and members count on separate keys: a learner's typos never slow a staff account. */
export type LoginScope = 'staff' | 'member';

/** The keys of one sign-in: who (account), from where (address), and both together. */
export function loginKeys(scope: LoginScope, email: string, ip: string) {
  const prefix = scope === 'member' ? 'member-' : '';
  const account = `${prefix}${accountKey(email)}`;
  const address = normalizeAddress(ip);
  return {
    account,
    address: `${prefix}address:${address}`,
    inFlight: `${prefix}in-flight:${address}`,
    pair: `pair:${account}|${address}`,
    known: `${knownKeyPrefix}${account}|${address}`,
  };
}

export interface LoginAttempt {
  /** Wrong password (or inactive account): the attempt counts on every key. */
  recordFailure(): Promise<void>;
  /**
   * Right password: the attempt's rows and the failures of this account from this address go,
   * and the address becomes known to the account. Account and address counters stay.
   */
  succeed(tx: DbOrTx): Promise<void>;
}

/**
 * Starts a sign-in (or a password check such as update-password's current password) of the
 * account `email` from `ip`, in `scope`.
 *
 * @throws AppError 429 with Retry-After while a counter holds this attempt back; the message on
 *   `field`.
 */
export async function beginLogin(
  db: DbOrTx,
  input: {
    scope: LoginScope;
    email: string;
    ip: string;
    /** The browser's trusted-login cookie (a sign-in link opened there), if any. */
    deviceToken?: string | null;
  },
  field = 'email',
): Promise<LoginAttempt> {
  const keys = loginKeys(input.scope, input.email, input.ip);
  const known =
    (await hasRecentRow(db, keys.known, knownMinutes)) ||
    (!!input.deviceToken &&
      (await hasRecentRow(
        db,
        deviceKey(input.scope, input.email, input.deviceToken),
        knownMinutes,
      )));
  const throttleKeys: ThrottleKey[] = [
    {
      key: keys.pair,
      policy: pairPolicy,
      message: (_minutes, seconds) => authMessages.throttledLogin(seconds),
    },
    {
      key: keys.account,
      policy: accountPolicy,
      message: (_minutes, seconds) => authMessages.throttledAccount(seconds),
      judged: !known,
      // Staff may lift it for their browser with an e-mailed sign-in link (login-link.service.ts).
      hint: input.scope === 'staff' ? { login_link: authMessages.loginLinkOffer } : undefined,
    },
    {
      // Counted on failures only: many right passwords from one address at once (a classroom)
      // are not failures; the in-flight key below bounds how many run at the same time.
      key: keys.address,
      policy: addressPolicy,
      message: (_minutes, seconds) => authMessages.throttledAddress(seconds),
      judged: !known,
      recorded: 'failure',
    },
    {
      key: keys.inFlight,
      policy: inFlightPolicy,
      message: (_minutes, seconds) => authMessages.busyAddress(seconds),
      recorded: 'in-flight',
    },
  ];
  const attempt = await beginAttempt(db, throttleKeys, field);
  return {
    recordFailure: () => attempt.recordFailure(),
    succeed: async (tx) => {
      await attempt.succeed(tx, [keys.pair]);
      await refreshKey(tx, keys.known);
    },
  };
}

/**
 * The owner proved the account from this address another way and set a new password (a password
 * reset link): the address becomes known, its failures on the account are forgotten, and so is
 * the account-wide count. Those failures were guesses of a password that no longer
 * works; guesses of the new one start a new count, so the owner may sign in from any address
 * while an attacker is slowed again after the free failures. The per-address counters stay.
 */
export async function trustAddress(
  db: DbOrTx,
  input: { scope: LoginScope; email: string; ip: string },
): Promise<void> {
  const keys = loginKeys(input.scope, input.email, input.ip);
  await deleteFailuresOfKeys(db, [keys.pair, keys.account]);
  await refreshKey(db, keys.known);
}

/**
 * The key that marks a browser trusted for an account: the browser holds `deviceToken` (an
 * httpOnly cookie set when a sign-in link was opened in it); only its hash is stored.
 */
export function deviceKey(scope: LoginScope, email: string, deviceToken: string): string {
  const { account } = loginKeys(scope, email, '');
  return `${knownKeyPrefix}device:${account}|${hashToken(deviceToken)}`;
}

/**
 * The owner opened a sign-in link in this browser: the account-wide and per-address counters no
 * longer hold it back (as for a known address) for `loginThrottle.knownAddressDays`.
 */
export async function trustDevice(
  db: DbOrTx,
  input: { scope: LoginScope; email: string; deviceToken: string },
): Promise<void> {
  await refreshKey(db, deviceKey(input.scope, input.email, input.deviceToken));
}
