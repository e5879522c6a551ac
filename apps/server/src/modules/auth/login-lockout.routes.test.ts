import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, loginLockout } from '@ajar/shared/auth/auth.schemas';
import {
  ageFailures,
  countFailureRows,
  insertFailureRows,
  postLogin,
  uniqueAddress,
} from '../../test/factories/auth';
import { authHeader, buildUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

const { accountMaxFailures, addressMaxFailures, lockMinutes, windowMinutes } = loginLockout;

describe('login lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, address: string) =>
    postLogin(t.app, { email, password }, { address });

  /** `n` wrong passwords for the account, each from its own address unless one is given. */
  async function fail(user: Pick<TestUser, 'email'>, n: number, address?: string) {
    for (let i = 0; i < n; i += 1) {
      const res = await attempt(user.email, 'Salah1234', address ?? uniqueAddress());
      expect(res.statusCode).toBe(400);
    }
  }

  const accountKeyOf = (email: string) => `account:${email.toLowerCase()}`;
  const lockedAccount = (minutes: number = lockMinutes) => ({
    status: 429,
    message: authMessages.lockedAccount(minutes),
    validation: { email: authMessages.lockedAccount(minutes) },
  });

  it(`locks the account after ${accountMaxFailures} failures, even for the right password`, async () => {
    const user = await buildUser(t.db);
    await fail(user, accountMaxFailures);
    const right = await attempt(user.email, user.password, uniqueAddress());
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(lockedAccount());
    // The other sign-in path shares the counter.
    const trainerSide = await postLogin(
      t.app,
      { email: user.email, password: user.password },
      { side: 'trainer', address: uniqueAddress() },
    );
    expect(trainerSide.statusCode).toBe(429);
  });

  it('cannot be dodged by case, spaces or another address', async () => {
    const user = await buildUser(t.db, { email: 'admin.lock@ajar.test' });
    await fail(user, accountMaxFailures);
    for (const variant of [
      'ADMIN.LOCK@AJAR.TEST ',
      ' Admin.Lock@Ajar.Test',
      'admin.lock@ajar.test',
      '\tADMIN.lock@ajar.TEST\n',
    ]) {
      const res = await attempt(variant, user.password, uniqueAddress());
      expect(res.statusCode, JSON.stringify(variant)).toBe(429);
    }
    expect(await countFailureRows(t.db, accountKeyOf(user.email))).toBe(accountMaxFailures);
  });

  it('counts case variants of the e-mail as the same account while counting', async () => {
    const user = await buildUser(t.db, { email: 'mixed.case@ajar.test' });
    const variants = ['MIXED.CASE@AJAR.TEST', ' mixed.case@ajar.test ', 'Mixed.Case@Ajar.Test'];
    for (let i = 0; i < accountMaxFailures; i += 1) {
      const res = await attempt(variants[i % variants.length]!, 'Salah1234', uniqueAddress());
      expect(res.statusCode).toBe(400);
    }
    expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(429);
  });

  it('locks an unknown e-mail the same way (no hint that it does not exist)', async () => {
    const email = 'tidak.terdaftar@ajar.test';
    await fail({ email }, accountMaxFailures);
    const res = await attempt(email, 'Rahasia123', uniqueAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(lockedAccount());
  });

  it('a success before the limit clears the account counter', async () => {
    const user = await buildUser(t.db);
    await fail(user, accountMaxFailures - 1);
    expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(200);
    expect(await countFailureRows(t.db, accountKeyOf(user.email))).toBe(0);
    await fail(user, accountMaxFailures - 1);
    expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(200);
  });

  it('the limit is exact: the last allowed failure still checks the password', async () => {
    const user = await buildUser(t.db);
    await fail(user, accountMaxFailures - 1);
    // The fifth attempt is still judged on its password…
    expect((await attempt(user.email, 'Salah1234', uniqueAddress())).statusCode).toBe(400);
    // …and the sixth is refused.
    expect((await attempt(user.email, 'Salah1234', uniqueAddress())).statusCode).toBe(429);
  });

  it(`the lock lifts ${lockMinutes} minutes after the last failure`, async () => {
    const user = await buildUser(t.db);
    await fail(user, accountMaxFailures);
    await ageFailures(t.db, lockMinutes - 3, accountKeyOf(user.email));
    const waiting = await attempt(user.email, user.password, uniqueAddress());
    expect(waiting.json()).toEqual(lockedAccount(3));
    await ageFailures(t.db, 3, accountKeyOf(user.email));
    expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(200);
  });

  it('refused attempts neither extend nor reset the lock', async () => {
    const user = await buildUser(t.db);
    await fail(user, accountMaxFailures);
    await ageFailures(t.db, lockMinutes - 1, accountKeyOf(user.email));
    // Hammering while locked: right and wrong passwords alike are refused, nothing is recorded.
    for (const password of ['Salah1234', user.password, 'Salah1234']) {
      expect((await attempt(user.email, password, uniqueAddress())).statusCode).toBe(429);
    }
    expect(await countFailureRows(t.db, accountKeyOf(user.email))).toBe(accountMaxFailures);
    await ageFailures(t.db, 1, accountKeyOf(user.email));
    expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(200);
  });

  it('after the lock lifts, one more failure inside the window locks again', async () => {
    const user = await buildUser(t.db);
    await fail(user, accountMaxFailures);
    await ageFailures(t.db, lockMinutes, accountKeyOf(user.email));
    await fail(user, 1);
    const res = await attempt(user.email, user.password, uniqueAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(authMessages.lockedAccount(lockMinutes));
  });

  it(`failures older than the ${windowMinutes}-minute window do not count`, async () => {
    const user = await buildUser(t.db);
    await fail(user, accountMaxFailures);
    await ageFailures(t.db, windowMinutes + 1, accountKeyOf(user.email));
    await fail(user, accountMaxFailures - 1);
    expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(200);
  });

  it('a failure prunes the rows of its key that left the window', async () => {
    const user = await buildUser(t.db);
    const key = accountKeyOf(user.email);
    await insertFailureRows(t.db, key, 7, windowMinutes + 5);
    expect(await countFailureRows(t.db, key)).toBe(7);
    await fail(user, 1);
    expect(await countFailureRows(t.db, key)).toBe(1);
  });

  it(`locks an address after ${addressMaxFailures} failures across different accounts`, async () => {
    const address = uniqueAddress();
    const own = await buildUser(t.db);
    for (let i = 0; i < addressMaxFailures; i += 1) {
      // A success of the attacker's own account in between must not reset the address counter.
      if (i === addressMaxFailures / 2) {
        expect((await attempt(own.email, own.password, address)).statusCode).toBe(200);
      }
      const res = await attempt(`korban${i}@ajar.test`, 'Salah1234', address);
      expect(res.statusCode).toBe(400);
    }
    const victim = await buildUser(t.db);
    const res = await attempt(victim.email, victim.password, address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      status: 429,
      message: authMessages.lockedAddress(lockMinutes),
      validation: { email: authMessages.lockedAddress(lockMinutes) },
    });
    expect((await attempt(own.email, own.password, address)).statusCode).toBe(429);
    // Another address is not affected, and the victim's account is not locked.
    expect((await attempt(victim.email, victim.password, uniqueAddress())).statusCode).toBe(200);
    await ageFailures(t.db, lockMinutes, `address:${address}`);
    expect((await attempt(own.email, own.password, address)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64 and IPv4-mapped addresses as IPv4', async () => {
    for (let i = 0; i < addressMaxFailures; i += 1) {
      const address = `2001:db8:aa:1:${(i + 1).toString(16)}::${i + 7}`;
      const res = await attempt(`v6-${i}@ajar.test`, 'Salah1234', address);
      expect(res.statusCode).toBe(400);
    }
    const user = await buildUser(t.db);
    const same64 = await attempt(user.email, user.password, '2001:0db8:00aa:0001:ffff::1');
    expect(same64.statusCode).toBe(429);
    expect((await attempt(user.email, user.password, '2001:db8:aa:2::1')).statusCode).toBe(200);

    const v4 = uniqueAddress();
    for (let i = 0; i < addressMaxFailures; i += 1) {
      await attempt(`v4-${i}@ajar.test`, 'Salah1234', i % 2 ? v4 : `::ffff:${v4}`);
    }
    expect((await attempt(user.email, user.password, v4)).statusCode).toBe(429);
  });

  it('parallel wrong passwords cannot check more than the limit', async () => {
    const user = await buildUser(t.db);
    const burst = await Promise.all(
      Array.from({ length: 15 }, () => attempt(user.email, 'Salah1234', uniqueAddress())),
    );
    const checked = burst.filter((r) => r.statusCode === 400).length;
    expect(burst.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
    expect(checked).toBeLessThanOrEqual(accountMaxFailures);
    // Whatever the burst left, the total number of password checks stays within the limit.
    let more = 0;
    for (;;) {
      const res = await attempt(user.email, 'Salah1234', uniqueAddress());
      if (res.statusCode === 429) break;
      more += 1;
      expect(more).toBeLessThanOrEqual(accountMaxFailures);
    }
    expect(checked + more).toBeLessThanOrEqual(accountMaxFailures);
    expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(429);
  });

  it('wrong current passwords in update-password count against the account', async () => {
    const user = await buildUser(t.db);
    const { authorization } = await authHeader(t.db, user);
    const update = (current: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/v1/update-password',
        headers: { authorization },
        payload: {
          current_password: current,
          new_password: 'Baru12345',
          conf_new_password: 'Baru12345',
        },
      });
    for (let i = 0; i < accountMaxFailures; i += 1) {
      expect((await update('Salah1234')).statusCode).toBe(400);
    }
    const locked = await update(user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().validation).toEqual({
      current_password: authMessages.lockedAccount(lockMinutes),
    });
    expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(429);
  });
});
