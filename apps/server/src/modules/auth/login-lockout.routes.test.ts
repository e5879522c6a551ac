import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, loginThrottle } from '@ajar/shared/auth/auth.schemas';
import {
  ageFailures,
  countFailureRows,
  insertFailureRows,
  postLogin,
  retryAfterOf,
  uniqueAddress,
} from '../../test/factories/auth';
import { authHeader, buildUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loginKeys } from './login-throttle.service';

const { pair, account, address: perAddress, windowMinutes } = loginThrottle;

/** The sign-in throttle of The attacker is slowed, the owner still gets in. */
describe('sign-in throttle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, from: string) =>
    postLogin(t.app, { email, password }, { address: from });

  /** `n` wrong passwords for the account from `from` (each from its own address when omitted). */
  async function fail(user: Pick<TestUser, 'email'>, n: number, from?: string) {
    for (let i = 0; i < n; i += 1) {
      const res = await attempt(user.email, 'Salah1234', from ?? uniqueAddress());
      expect(res.statusCode).toBe(400);
    }
  }

  /** The owner signs in once from `from`, which makes it one of the account's known addresses. */
  async function knownAddressOf(user: TestUser): Promise<string> {
    const from = uniqueAddress();
    expect((await attempt(user.email, user.password, from)).statusCode).toBe(200);
    return from;
  }

  const keysOf = (email: string, from: string) => loginKeys('staff', email, from);

  describe('one address against one account', () => {
    it(`after ${pair.freeFailures} failures the next attempt waits, with Retry-After and the message on email`, async () => {
      const user = await buildUser(t.db);
      const attacker = uniqueAddress();
      await fail(user, pair.freeFailures, attacker);
      // Even the right password is not looked at while the pair waits.
      const held = await attempt(user.email, user.password, attacker);
      expect(held.statusCode).toBe(429);
      const seconds = retryAfterOf(held);
      expect(seconds).toBeGreaterThanOrEqual(pair.firstDelaySeconds - 5);
      expect(seconds).toBeLessThanOrEqual(pair.firstDelaySeconds);
      const text = authMessages.throttledLogin(seconds);
      expect(held.json()).toEqual({ status: 429, message: text, validation: { email: text } });
      // The other sign-in path shares the counter.
      const trainerSide = await postLogin(
        t.app,
        { email: user.email, password: user.password },
        { side: 'trainer', address: attacker },
      );
      expect(trainerSide.statusCode).toBe(429);
      expect(retryAfterOf(trainerSide)).toBeGreaterThan(0);
    });

    it('the owner still signs in from a known address and from any other address', async () => {
      const user = await buildUser(t.db);
      const home = await knownAddressOf(user);
      const attacker = uniqueAddress();
      await fail(user, pair.freeFailures, attacker);
      expect((await attempt(user.email, 'Salah1234', attacker)).statusCode).toBe(429);
      expect((await attempt(user.email, user.password, home)).statusCode).toBe(200);
      expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(200);
    });

    it('the delay doubles with each further failure and lifts when it has passed', async () => {
      const user = await buildUser(t.db);
      const attacker = uniqueAddress();
      const key = `pair:account:${user.email}`;
      await fail(user, pair.freeFailures, attacker);
      await ageFailures(t.db, pair.firstDelaySeconds / 60, key);
      // The wait is over: the next attempt is judged on its password…
      await fail(user, 1, attacker);
      // …and the one after it waits twice as long.
      const held = await attempt(user.email, user.password, attacker);
      expect(held.statusCode).toBe(429);
      expect(retryAfterOf(held)).toBeGreaterThan(pair.firstDelaySeconds);
      expect(retryAfterOf(held)).toBeLessThanOrEqual(2 * pair.firstDelaySeconds);
      await ageFailures(t.db, (2 * pair.firstDelaySeconds) / 60, key);
      expect((await attempt(user.email, user.password, attacker)).statusCode).toBe(200);
    });

    it(`the delay stops growing at ${pair.maxDelaySeconds / 60} minutes: a slowdown, never a lock`, async () => {
      const user = await buildUser(t.db);
      const attacker = uniqueAddress();
      await insertFailureRows(t.db, keysOf(user.email, attacker).pair, 40);
      const held = await attempt(user.email, user.password, attacker);
      expect(held.statusCode).toBe(429);
      expect(retryAfterOf(held)).toBeGreaterThan(pair.maxDelaySeconds - 10);
      expect(retryAfterOf(held)).toBeLessThanOrEqual(pair.maxDelaySeconds);
      expect(held.json().message).toBe(authMessages.throttledLogin(retryAfterOf(held)));
      await ageFailures(t.db, pair.maxDelaySeconds / 60, `pair:account:${user.email}`);
      expect((await attempt(user.email, user.password, attacker)).statusCode).toBe(200);
    });

    it('refused attempts are not recorded: hammering neither extends nor resets the wait', async () => {
      const user = await buildUser(t.db);
      const attacker = uniqueAddress();
      const key = keysOf(user.email, attacker).pair;
      await fail(user, pair.freeFailures, attacker);
      await ageFailures(t.db, (pair.firstDelaySeconds - 10) / 60, key);
      for (const password of ['Salah1234', user.password, 'Salah1234']) {
        const res = await attempt(user.email, password, attacker);
        expect(res.statusCode).toBe(429);
        expect(retryAfterOf(res)).toBeLessThanOrEqual(10);
      }
      expect(await countFailureRows(t.db, key)).toBe(pair.freeFailures);
      await ageFailures(t.db, 10 / 60, key);
      expect((await attempt(user.email, user.password, attacker)).statusCode).toBe(200);
    });

    it('cannot be dodged by case or spaces of the e-mail; unknown e-mails wait alike', async () => {
      const user = await buildUser(t.db, { email: 'admin.throttle@ajar.test' });
      const attacker = uniqueAddress();
      const variants = [
        'ADMIN.THROTTLE@AJAR.TEST ',
        ' Admin.Throttle@Ajar.Test',
        'admin.throttle@ajar.test',
      ];
      for (let i = 0; i < pair.freeFailures; i += 1) {
        const res = await attempt(variants[i % variants.length]!, 'Salah1234', attacker);
        expect(res.statusCode).toBe(400);
      }
      expect(
        (await attempt('\tADMIN.throttle@ajar.TEST\n', user.password, attacker)).statusCode,
      ).toBe(429);

      const nobody = { email: 'tidak.terdaftar@ajar.test' };
      await fail(nobody, pair.freeFailures, attacker);
      const res = await attempt(nobody.email, 'Rahasia123', attacker);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(authMessages.throttledLogin(retryAfterOf(res)));
    });

    it('a success forgets the failures of its own address only', async () => {
      const user = await buildUser(t.db);
      const home = uniqueAddress();
      await fail(user, pair.freeFailures - 1, home);
      expect((await attempt(user.email, user.password, home)).statusCode).toBe(200);
      expect(await countFailureRows(t.db, keysOf(user.email, home).pair)).toBe(0);
      // The account-wide count is not handed back to whoever else is trying.
      expect(await countFailureRows(t.db, `account:${user.email}`)).toBe(pair.freeFailures - 1);
      await fail(user, pair.freeFailures - 1, home);
      expect((await attempt(user.email, user.password, home)).statusCode).toBe(200);
    });

    it(`failures older than the ${windowMinutes}-minute window do not count`, async () => {
      const user = await buildUser(t.db);
      const attacker = uniqueAddress();
      await fail(user, pair.freeFailures, attacker);
      await ageFailures(t.db, windowMinutes + 1, `pair:account:${user.email}`);
      await fail(user, pair.freeFailures - 1, attacker);
      expect((await attempt(user.email, user.password, attacker)).statusCode).toBe(200);
    });

    it('a failure prunes the rows of its keys that left the window', async () => {
      const user = await buildUser(t.db);
      const key = `account:${user.email}`;
      await insertFailureRows(t.db, key, 7, windowMinutes + 5);
      await fail(user, 1);
      expect(await countFailureRows(t.db, key)).toBe(1);
    });

    it('counts an IPv6 client by its /64', async () => {
      const user = await buildUser(t.db);
      for (let i = 0; i < pair.freeFailures; i += 1) {
        await fail(user, 1, `2001:db8:77:1:${(i + 1).toString(16)}::${i + 7}`);
      }
      expect(
        (await attempt(user.email, user.password, '2001:0db8:0077:0001:ffff::1')).statusCode,
      ).toBe(429);
      expect((await attempt(user.email, user.password, '2001:db8:77:2::1')).statusCode).toBe(200);
    });

    it('parallel wrong passwords cannot check more than the free failures', async () => {
      const user = await buildUser(t.db);
      const attacker = uniqueAddress();
      const burst = await Promise.all(
        Array.from({ length: 15 }, () => attempt(user.email, 'Salah1234', attacker)),
      );
      expect(burst.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
      const checked = burst.filter((r) => r.statusCode === 400).length;
      let more = 0;
      for (;;) {
        const res = await attempt(user.email, 'Salah1234', attacker);
        if (res.statusCode === 429) break;
        more += 1;
        expect(more).toBeLessThanOrEqual(pair.freeFailures);
      }
      expect(checked + more).toBeLessThanOrEqual(pair.freeFailures);
    });
  });

  describe('many addresses against one account (distributed)', () => {
    it(`after ${account.freeFailures} failures from anywhere, new addresses wait; the owner's known address does not`, async () => {
      const owner = await buildUser(t.db);
      const home = await knownAddressOf(owner);
      await fail(owner, account.freeFailures);
      const held = await attempt(owner.email, owner.password, uniqueAddress());
      expect(held.statusCode).toBe(429);
      const seconds = retryAfterOf(held);
      expect(seconds).toBeGreaterThan(account.firstDelaySeconds - 10);
      expect(seconds).toBeLessThanOrEqual(account.firstDelaySeconds);
      // The way in the attacker cannot block: a sign-in link by e-mail (login-link.routes.test.ts).
      expect(held.json().validation).toEqual({
        email: authMessages.throttledAccount(seconds),
        login_link: authMessages.loginLinkOffer,
      });
      // The owner at home is judged on the password alone: a typo is a 400, the password a 200.
      expect((await attempt(owner.email, 'Salah1234', home)).statusCode).toBe(400);
      expect((await attempt(owner.email, owner.password, home)).statusCode).toBe(200);
    });

    it('the attack stays slowed: each wait lets one guess through, and it doubles', async () => {
      const owner = await buildUser(t.db);
      const home = await knownAddressOf(owner);
      await fail(owner, account.freeFailures);
      await ageFailures(t.db, account.firstDelaySeconds / 60, `account:${owner.email}`);
      await fail(owner, 1);
      const held = await attempt(owner.email, 'Salah1234', uniqueAddress());
      expect(held.statusCode).toBe(429);
      expect(retryAfterOf(held)).toBeGreaterThan(account.firstDelaySeconds);
      expect(retryAfterOf(held)).toBeLessThanOrEqual(2 * account.firstDelaySeconds);
      expect((await attempt(owner.email, owner.password, home)).statusCode).toBe(200);
    });

    it('the owner from a new address is only delayed: after the wait the sign-in works and the address is known', async () => {
      const owner = await buildUser(t.db);
      await fail(owner, account.freeFailures);
      const cafe = uniqueAddress();
      const held = await attempt(owner.email, owner.password, cafe);
      expect(held.statusCode).toBe(429);
      await ageFailures(t.db, retryAfterOf(held) / 60, `account:${owner.email}`);
      expect((await attempt(owner.email, owner.password, cafe)).statusCode).toBe(200);
      // The attack goes on, the café is now one of the owner's addresses.
      await fail(owner, 1);
      expect((await attempt(owner.email, 'Salah1234', uniqueAddress())).statusCode).toBe(429);
      expect((await attempt(owner.email, owner.password, cafe)).statusCode).toBe(200);
    });
  });

  describe('one address against many accounts (spraying)', () => {
    it(`after ${perAddress.freeFailures} failures the address waits, except for accounts that know it`, async () => {
      const sprayer = uniqueAddress();
      const own = await buildUser(t.db);
      for (let i = 0; i < perAddress.freeFailures; i += 1) {
        // A success of an account of its own in between does not reset the address counter.
        if (i === perAddress.freeFailures / 2) {
          expect((await attempt(own.email, own.password, sprayer)).statusCode).toBe(200);
        }
        expect((await attempt(`korban${i}@ajar.test`, 'Salah1234', sprayer)).statusCode).toBe(400);
      }
      const victim = await buildUser(t.db);
      const held = await attempt(victim.email, victim.password, sprayer);
      expect(held.statusCode).toBe(429);
      const seconds = retryAfterOf(held);
      expect(seconds).toBeLessThanOrEqual(perAddress.firstDelaySeconds);
      expect(held.json().message).toBe(authMessages.throttledAddress(seconds));
      // An account that signed in from here (an office behind one address) is not held back…
      expect((await attempt(own.email, own.password, sprayer)).statusCode).toBe(200);
      // …and the victim from elsewhere is not affected.
      expect((await attempt(victim.email, victim.password, uniqueAddress())).statusCode).toBe(200);
    });
  });

  it('a wrong current password in update-password counts as a failed sign-in from that address', async () => {
    const user = await buildUser(t.db);
    const { authorization } = await authHeader(t.db, user);
    const from = uniqueAddress();
    const update = (current: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/v1/update-password',
        headers: { authorization },
        remoteAddress: from,
        payload: {
          current_password: current,
          new_password: 'Baru12345',
          conf_new_password: 'Baru12345',
        },
      });
    for (let i = 0; i < pair.freeFailures; i += 1) {
      expect((await update('Salah1234')).statusCode).toBe(400);
    }
    const held = await update(user.password);
    expect(held.statusCode).toBe(429);
    const seconds = retryAfterOf(held);
    expect(held.json().validation).toEqual({
      current_password: authMessages.throttledLogin(seconds),
    });
    expect((await attempt(user.email, user.password, from)).statusCode).toBe(429);
    expect((await attempt(user.email, user.password, uniqueAddress())).statusCode).toBe(200);
  });
});
