import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@ajar/shared/auth/auth.schemas';
import { AppError } from '../../lib/app-error';
import { ageFailures, countFailureRows, insertFailureRows } from '../../test/factories/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countRecentFailures, pruneAllFailures } from './login-failures.repository';
import {
  accountKey,
  accountPolicy,
  addressKey,
  addressPolicy,
  beginAttempt,
  normalizeAddress,
  type ThrottleKey,
} from './login-lockout.service';

describe('lockout keys', () => {
  it('folds case and surrounding spaces of the e-mail', () => {
    expect(accountKey('ADMIN@AJAR.TEST ')).toBe('account:admin@ajar.test');
    expect(accountKey('\t Admin@Ajar.Test\n')).toBe('account:admin@ajar.test');
  });

  it('normalises addresses: IPv4 as is, mapped IPv6 as IPv4, IPv6 by /64', () => {
    expect(normalizeAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('2001:db8:aa:1:1::7')).toBe('2001:db8:aa:1::/64');
    expect(normalizeAddress('2001:0DB8:00aa:0001:ffff:0:0:1')).toBe('2001:db8:aa:1::/64');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe('address:10.0.0.1');
  });
});

describe('beginAttempt (counting in SQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let n = 0;
  const keysFor = () => {
    n += 1;
    const account: ThrottleKey = {
      key: accountKey(`svc-${n}@ajar.test`),
      policy: accountPolicy,
      message: authMessages.lockedAccount,
    };
    const address: ThrottleKey = {
      key: addressKey(`192.0.2.${n}`),
      policy: addressPolicy,
      message: authMessages.lockedAddress,
    };
    return { account, address };
  };

  async function refused(promise: Promise<unknown>): Promise<AppError> {
    try {
      await promise;
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error('the attempt was not refused');
  }

  it('records the attempt as a failure of every key before judging it', async () => {
    const { account, address } = keysFor();
    await beginAttempt(t.db, [account, address]);
    expect(await countFailureRows(t.db, account.key)).toBe(1);
    expect(await countFailureRows(t.db, address.key)).toBe(1);
  });

  it('an attempt still in flight counts against a concurrent one', async () => {
    const { account } = keysFor();
    await insertFailureRows(t.db, account.key, accountPolicy.maxFailures - 1);
    // A has not finished (its password is still being checked)…
    const inFlight = await beginAttempt(t.db, [account]);
    // …so B already sees the limit reached.
    const err = await refused(beginAttempt(t.db, [account]));
    expect(err.status).toBe(429);
    await inFlight.recordFailure();
    expect(await countFailureRows(t.db, account.key)).toBe(accountPolicy.maxFailures);
  });

  it('a refused attempt leaves no row and names the field and minutes left', async () => {
    const { account } = keysFor();
    await insertFailureRows(t.db, account.key, accountPolicy.maxFailures, 7);
    const err = await refused(beginAttempt(t.db, [account], 'current_password'));
    expect(err.status).toBe(429);
    expect(err.message).toBe(authMessages.lockedAccount(3));
    expect(err.validation).toEqual({ current_password: authMessages.lockedAccount(3) });
    expect(await countFailureRows(t.db, account.key)).toBe(accountPolicy.maxFailures);
  });

  it('a lock on one key refuses the attempt and leaves the other key untouched', async () => {
    const { account, address } = keysFor();
    await insertFailureRows(t.db, address.key, addressPolicy.maxFailures);
    const err = await refused(beginAttempt(t.db, [account, address]));
    expect(err.message).toBe(authMessages.lockedAddress(addressPolicy.lockMinutes));
    expect(await countFailureRows(t.db, account.key)).toBe(0);
    expect(await countFailureRows(t.db, address.key)).toBe(addressPolicy.maxFailures);
  });

  it('succeed drops its own rows and clears only the keys it is given', async () => {
    const { account, address } = keysFor();
    await insertFailureRows(t.db, account.key, 3);
    await insertFailureRows(t.db, address.key, 3);
    const attempt = await beginAttempt(t.db, [account, address]);
    await attempt.succeed(t.db, [account.key]);
    expect(await countFailureRows(t.db, account.key)).toBe(0);
    expect(await countFailureRows(t.db, address.key)).toBe(3);
  });

  it('counts only the window and reports the newest failure', async () => {
    const { account } = keysFor();
    await insertFailureRows(t.db, account.key, 2, accountPolicy.windowMinutes + 1);
    await insertFailureRows(t.db, account.key, 3, 4);
    const counted = await countRecentFailures(t.db, account.key, accountPolicy.windowMinutes);
    expect(counted.failures).toBe(3);
    expect(counted.secondsSinceNewest).toBeGreaterThanOrEqual(4 * 60 - 5);
    expect(counted.secondsSinceNewest).toBeLessThan(4 * 60 + 30);
    const none = await countRecentFailures(t.db, 'account:nobody@ajar.test', 15);
    expect(none).toEqual({ failures: 0, secondsSinceNewest: null });
  });

  it('the lock ends lockMinutes after the newest failure', async () => {
    const { account } = keysFor();
    await insertFailureRows(t.db, account.key, accountPolicy.maxFailures);
    await ageFailures(t.db, accountPolicy.lockMinutes - 0.5, account.key);
    expect((await refused(beginAttempt(t.db, [account]))).message).toBe(
      authMessages.lockedAccount(1),
    );
    await ageFailures(t.db, 0.5, account.key);
    await expect(beginAttempt(t.db, [account])).resolves.toBeDefined();
  });

  it('recordFailure prunes the old rows of its keys; the sweep prunes every key', async () => {
    const { account, address } = keysFor();
    const other = keysFor().account;
    await insertFailureRows(t.db, account.key, 4, 20);
    await insertFailureRows(t.db, other.key, 4, 20);
    const attempt = await beginAttempt(t.db, [account, address]);
    await attempt.recordFailure();
    expect(await countFailureRows(t.db, account.key)).toBe(1);
    expect(await countFailureRows(t.db, other.key)).toBe(4);
    await pruneAllFailures(t.db, 15);
    expect(await countFailureRows(t.db, other.key)).toBe(0);
    expect(await countFailureRows(t.db, account.key)).toBe(1);
  });
});
