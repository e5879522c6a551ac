import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, loginThrottle } from '@ajar/shared/auth/auth.schemas';
import { AppError } from '../../lib/app-error';
import { ageFailures, countFailureRows, insertFailureRows } from '../../test/factories/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countRecentFailures, pruneAllFailures } from './login-failures.repository';
import {
  accountKey,
  addressKey,
  beginAttempt,
  normalizeAddress,
  resetAddressPolicy,
  secondsToWait,
  type ThrottleKey,
} from './attempt-counter.service';
import {
  accountPolicy,
  addressPolicy,
  beginLogin,
  loginKeys,
  pairPolicy,
} from './login-throttle.service';

describe('throttle keys', () => {
  it('folds case and surrounding spaces of the e-mail', () => {
    expect(accountKey('ADMIN@AJAR.TEST ')).toBe('account:admin@ajar.test');
    expect(accountKey('\t Admin@Ajar.Test\n')).toBe('account:admin@ajar.test');
  });

  it('normalises addresses: IPv4 as is, mapped IPv6 as IPv4, IPv6 by /64, others as unknown', () => {
    expect(normalizeAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('2001:db8:aa:1:1::7')).toBe('2001:db8:aa:1::/64');
    expect(normalizeAddress('2001:0DB8:00aa:0001:ffff:0:0:1')).toBe('2001:db8:aa:1::/64');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe('address:10.0.0.1');
    // A forged forwarding header is no address: it cannot open a fresh counter or carry NUL.
    for (const junk of ['', 'abc', 'x\0y', '999.1.1.1', '1.2.3.4, 5.6.7.8']) {
      expect(normalizeAddress(junk), JSON.stringify(junk)).toBe('unknown');
    }
  });

  it('keeps staff and member sign-ins apart, and names pair and known keys by both', () => {
    expect(loginKeys('staff', ' Budi@Ajar.Test', '::ffff:10.1.2.3')).toEqual({
      account: 'account:budi@ajar.test',
      address: 'address:10.1.2.3',
      inFlight: 'in-flight:10.1.2.3',
      pair: 'pair:account:budi@ajar.test|10.1.2.3',
      known: 'known:account:budi@ajar.test|10.1.2.3',
    });
    expect(loginKeys('member', 'budi@ajar.test', '10.1.2.3')).toEqual({
      account: 'member-account:budi@ajar.test',
      address: 'member-address:10.1.2.3',
      inFlight: 'member-in-flight:10.1.2.3',
      pair: 'pair:member-account:budi@ajar.test|10.1.2.3',
      known: 'known:member-account:budi@ajar.test|10.1.2.3',
    });
  });
});

describe('secondsToWait', () => {
  it('backoff: free failures, then a doubling delay from the newest failure, capped', () => {
    const { freeFailures, firstDelaySeconds, maxDelaySeconds } = pairPolicy;
    expect(secondsToWait(pairPolicy, freeFailures - 1, 0)).toBe(0);
    expect(secondsToWait(pairPolicy, freeFailures, 0)).toBe(firstDelaySeconds);
    expect(secondsToWait(pairPolicy, freeFailures, 10)).toBe(firstDelaySeconds - 10);
    expect(secondsToWait(pairPolicy, freeFailures, firstDelaySeconds)).toBe(0);
    expect(secondsToWait(pairPolicy, freeFailures + 1, 0)).toBe(2 * firstDelaySeconds);
    expect(secondsToWait(pairPolicy, freeFailures + 2, 0)).toBe(4 * firstDelaySeconds);
    expect(secondsToWait(pairPolicy, freeFailures + 500, 0)).toBe(maxDelaySeconds);
    expect(secondsToWait(pairPolicy, 0, null)).toBe(0);
  });

  it('lock: refused until lockMinutes after the newest failure once the limit is reached', () => {
    const { maxFailures, lockMinutes } = resetAddressPolicy;
    expect(secondsToWait(resetAddressPolicy, maxFailures - 1, 0)).toBe(0);
    expect(secondsToWait(resetAddressPolicy, maxFailures, 60)).toBe(lockMinutes * 60 - 60);
  });
});

describe('beginAttempt and beginLogin (counting in SQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let n = 0;
  const fresh = () => {
    n += 1;
    return { email: `svc-${n}@ajar.test`, ip: `192.0.2.${n}` };
  };
  const pairKeyOf = (who: { email: string; ip: string }): ThrottleKey => ({
    key: loginKeys('staff', who.email, who.ip).pair,
    policy: pairPolicy,
    message: (_m, seconds) => authMessages.throttledLogin(seconds),
  });

  async function refused(promise: Promise<unknown>): Promise<AppError> {
    try {
      await promise;
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error('the attempt was not refused');
  }

  it('records the attempt on the account keys before judging it, on the address once it failed', async () => {
    const who = fresh();
    const keys = loginKeys('staff', who.email, who.ip);
    const attempt = await beginLogin(t.db, { scope: 'staff', ...who });
    for (const key of [keys.pair, keys.account, keys.inFlight]) {
      expect(await countFailureRows(t.db, key)).toBe(1);
    }
    expect(await countFailureRows(t.db, keys.address)).toBe(0);
    expect(await countFailureRows(t.db, keys.known)).toBe(0);
    await attempt.recordFailure();
    expect(await countFailureRows(t.db, keys.address)).toBe(1);
    expect(await countFailureRows(t.db, keys.inFlight)).toBe(0);
    expect(await countFailureRows(t.db, keys.pair)).toBe(1);
  });

  it('a classroom behind one address: 40 sign-ins under way at once hold none back', async () => {
    const ip = '203.0.113.40';
    const address = loginKeys('member', 'x@ajar.test', ip).address;
    // Earlier typos from the room, one short of the address's free failures.
    await insertFailureRows(t.db, address, addressPolicy.freeFailures - 1);
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        beginLogin(t.db, { scope: 'member', email: `kelas-${i}@ajar.test`, ip }),
      ),
    );
    for (const attempt of attempts) await attempt.succeed(t.db);
    expect(await countFailureRows(t.db, address)).toBe(addressPolicy.freeFailures - 1);
    expect(await countFailureRows(t.db, loginKeys('member', 'x@ajar.test', ip).inFlight)).toBe(0);
  });

  it(`beyond ${loginThrottle.inFlight.maxAttempts} sign-ins under way from one address, the next waits a few seconds`, async () => {
    const who = fresh();
    const keys = loginKeys('member', who.email, who.ip);
    await insertFailureRows(t.db, keys.inFlight, loginThrottle.inFlight.maxAttempts);
    const err = await refused(beginLogin(t.db, { scope: 'member', ...who }));
    expect(err.status).toBe(429);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(loginThrottle.inFlight.retrySeconds);
    expect(err.message).toBe(authMessages.busyAddress(err.retryAfterSeconds!));
    expect(await countFailureRows(t.db, keys.pair)).toBe(0);
  });

  it('the address counter still holds back a spray of failures from one address', async () => {
    const ip = '203.0.113.41';
    const address = loginKeys('member', 'x@ajar.test', ip).address;
    await insertFailureRows(t.db, address, addressPolicy.freeFailures);
    const err = await refused(beginLogin(t.db, { scope: 'member', email: 'baru@ajar.test', ip }));
    expect(err.message).toBe(authMessages.throttledAddress(err.retryAfterSeconds!));
  });

  it('an attempt still in flight counts against a concurrent one', async () => {
    const who = fresh();
    const key = pairKeyOf(who);
    await insertFailureRows(t.db, key.key, pairPolicy.freeFailures - 1);
    // A has not finished (its password is still being checked)…
    const inFlight = await beginAttempt(t.db, [key]);
    // …so B already sees the limit reached.
    const err = await refused(beginAttempt(t.db, [key]));
    expect(err.status).toBe(429);
    expect(err.retryAfterSeconds).toBe(pairPolicy.firstDelaySeconds);
    await inFlight.recordFailure();
    expect(await countFailureRows(t.db, key.key)).toBe(pairPolicy.freeFailures);
  });

  it('a refused attempt leaves no row and names the field and the seconds left', async () => {
    const who = fresh();
    const key = pairKeyOf(who);
    await insertFailureRows(t.db, key.key, pairPolicy.freeFailures, 10 / 60);
    const err = await refused(beginAttempt(t.db, [key], 'current_password'));
    expect(err.status).toBe(429);
    const seconds = err.retryAfterSeconds!;
    expect(seconds).toBeGreaterThanOrEqual(pairPolicy.firstDelaySeconds - 12);
    expect(seconds).toBeLessThanOrEqual(pairPolicy.firstDelaySeconds - 9);
    expect(err.message).toBe(authMessages.throttledLogin(seconds));
    expect(err.validation).toEqual({ current_password: authMessages.throttledLogin(seconds) });
    expect(await countFailureRows(t.db, key.key)).toBe(pairPolicy.freeFailures);
  });

  it('answers the key that holds the attempt back longest', async () => {
    const who = fresh();
    const keys = loginKeys('staff', who.email, who.ip);
    await insertFailureRows(t.db, keys.pair, pairPolicy.freeFailures);
    await insertFailureRows(t.db, keys.account, accountPolicy.freeFailures + 1);
    const err = await refused(beginLogin(t.db, { scope: 'staff', ...who }));
    expect(err.retryAfterSeconds).toBeGreaterThan(pairPolicy.firstDelaySeconds);
    expect(err.message).toBe(authMessages.throttledAccount(err.retryAfterSeconds!));
    expect(await countFailureRows(t.db, keys.address)).toBe(0);
  });

  it('a known address is judged on its pair only; success refreshes it and clears the pair', async () => {
    const who = fresh();
    const keys = loginKeys('staff', who.email, who.ip);
    await insertFailureRows(t.db, keys.account, 50);
    await insertFailureRows(t.db, keys.address, 50);
    await expect(refused(beginLogin(t.db, { scope: 'staff', ...who }))).resolves.toBeDefined();

    await insertFailureRows(t.db, keys.known, 1, 60 * 24 * 3);
    await insertFailureRows(t.db, keys.pair, pairPolicy.freeFailures - 1);
    const attempt = await beginLogin(t.db, { scope: 'staff', ...who });
    await attempt.succeed(t.db);
    expect(await countFailureRows(t.db, keys.pair)).toBe(0);
    expect(await countFailureRows(t.db, keys.known)).toBe(1);
    // Refreshed: the one row is new.
    expect((await countRecentFailures(t.db, keys.known, 1)).failures).toBe(1);
    // The account and address counters are left as they were.
    expect(await countFailureRows(t.db, keys.account)).toBe(50);
  });

  it(`a known address is forgotten after ${loginThrottle.knownAddressDays} days`, async () => {
    const who = fresh();
    const keys = loginKeys('staff', who.email, who.ip);
    await insertFailureRows(t.db, keys.account, 50);
    await insertFailureRows(t.db, keys.known, 1, loginThrottle.knownAddressDays * 24 * 60 + 1);
    expect((await refused(beginLogin(t.db, { scope: 'staff', ...who }))).status).toBe(429);
  });

  it('counts only the window and reports the newest failure', async () => {
    const key = pairKeyOf(fresh()).key;
    await insertFailureRows(t.db, key, 2, pairPolicy.windowMinutes + 1);
    await insertFailureRows(t.db, key, 3, 4);
    const counted = await countRecentFailures(t.db, key, pairPolicy.windowMinutes);
    expect(counted.failures).toBe(3);
    expect(counted.secondsSinceNewest).toBeGreaterThanOrEqual(4 * 60 - 5);
    expect(counted.secondsSinceNewest).toBeLessThan(4 * 60 + 30);
    const none = await countRecentFailures(t.db, 'account:nobody@ajar.test', 15);
    expect(none).toEqual({ failures: 0, secondsSinceNewest: null });
  });

  it('the lock policy (reset requests) still refuses until the lock has passed', async () => {
    const key: ThrottleKey = {
      key: `reset:198.51.100.${(n += 1)}`,
      policy: resetAddressPolicy,
      message: authMessages.tooManyResetRequests,
    };
    await insertFailureRows(t.db, key.key, resetAddressPolicy.maxFailures);
    await ageFailures(t.db, resetAddressPolicy.lockMinutes - 0.5, key.key);
    const err = await refused(beginAttempt(t.db, [key]));
    expect(err.message).toBe(authMessages.tooManyResetRequests(1));
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(30);
    await ageFailures(t.db, 0.5, key.key);
    await expect(beginAttempt(t.db, [key])).resolves.toBeDefined();
  });

  it('recordFailure prunes old rows of its keys; the sweep prunes every key but keeps known rows', async () => {
    const who = fresh();
    const key = pairKeyOf(who);
    const other = pairKeyOf(fresh()).key;
    const known = loginKeys('staff', who.email, who.ip).known;
    await insertFailureRows(t.db, key.key, 4, 70);
    await insertFailureRows(t.db, other, 4, 70);
    await insertFailureRows(t.db, known, 1, 70);
    // No chance sweep here: it would take the other key's old rows too (the next test's case).
    const attempt = await beginAttempt(t.db, [key], 'email', 0);
    await attempt.recordFailure();
    expect(await countFailureRows(t.db, key.key)).toBe(1);
    expect(await countFailureRows(t.db, other)).toBe(4);
    await pruneAllFailures(t.db, { failureMinutes: 60, knownMinutes: 60 * 24 });
    expect(await countFailureRows(t.db, other)).toBe(0);
    expect(await countFailureRows(t.db, key.key)).toBe(1);
    expect(await countFailureRows(t.db, known)).toBe(1);
    await pruneAllFailures(t.db, { failureMinutes: 60, knownMinutes: 60 });
    expect(await countFailureRows(t.db, known)).toBe(0);
  });

  it('a failure now and then also sweeps the old rows of every other key', async () => {
    const key = pairKeyOf(fresh());
    const other = pairKeyOf(fresh()).key;
    await insertFailureRows(t.db, other, 3, 70);
    await insertFailureRows(t.db, other, 1, 5);
    const attempt = await beginAttempt(t.db, [key], 'email', 1);
    await attempt.recordFailure();
    expect(await countFailureRows(t.db, other)).toBe(1);
    expect(await countFailureRows(t.db, key.key)).toBe(1);
  });
});
