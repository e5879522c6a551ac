import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '@ajar/shared/auth/auth.schemas';
import {
  ageFailures,
  buildPasswordReset,
  insertFailureRows,
  postLogin,
  retryAfterOf,
  uniqueAddress,
} from '../../test/factories/auth';
import { buildUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loginKeys } from './login-throttle.service';

const { account, knownAddressDays } = loginThrottle;

/**
 * A distributed guess (13 addresses × 6 wrong passwords) holds the superadmin back for
 * 15 minutes on every address the account does not know. The owner gets in from an address they
 * signed in from before, and a password reset ends the account-wide delay. The clock is moved by
 * ageing the counter rows, never by waiting.
 */
describe('the account-wide delay and its owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (user: Pick<TestUser, 'email'>, password: string, from: string) =>
    postLogin(t.app, { email: user.email, password }, { address: from });

  /** 13 addresses × 6 wrong passwords against the account, straight into the counter. */
  async function distributedGuessing(user: TestUser) {
    await insertFailureRows(t.db, loginKeys('staff', user.email, '0.0.0.0').account, 13 * 6);
  }

  it('holds a new address for the full 15 minutes, but not an address the owner used before', async () => {
    const owner = await buildUser(t.db, { role: 'superadmin' });
    const office = uniqueAddress();
    expect((await signIn(owner, owner.password, office)).statusCode).toBe(200);
    await distributedGuessing(owner);

    const held = await signIn(owner, owner.password, uniqueAddress());
    expect(held.statusCode).toBe(429);
    expect(retryAfterOf(held)).toBeGreaterThan(account.maxDelaySeconds - 10);
    expect(retryAfterOf(held)).toBeLessThanOrEqual(account.maxDelaySeconds);
    expect((await signIn(owner, owner.password, office)).statusCode).toBe(200);
  });

  it(`trusts an address for ${knownAddressDays} days after its last successful sign-in`, async () => {
    const owner = await buildUser(t.db, { role: 'superadmin' });
    const office = uniqueAddress();
    expect((await signIn(owner, owner.password, office)).statusCode).toBe(200);
    const known = loginKeys('staff', owner.email, office).known;
    await ageFailures(t.db, (knownAddressDays - 1) * 24 * 60, known);
    await distributedGuessing(owner);
    // Day 29: still trusted, and the success makes it fresh again.
    expect((await signIn(owner, owner.password, office)).statusCode).toBe(200);
    await ageFailures(t.db, (knownAddressDays + 1) * 24 * 60, known);
    // 31 days without a sign-in from there: a stranger's address again.
    expect((await signIn(owner, owner.password, office)).statusCode).toBe(429);
  });

  it('a password reset ends the account-wide delay: the owner signs in from any address', async () => {
    const owner = await buildUser(t.db, { role: 'superadmin' });
    await distributedGuessing(owner);
    const phone = uniqueAddress();
    const laptop = uniqueAddress();
    expect((await signIn(owner, owner.password, laptop)).statusCode).toBe(429);

    // The reset is made on the phone; the new password is used on the laptop, a new address.
    const token = await buildPasswordReset(t.db, owner.id);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/reset-password',
      payload: { token, password: 'Baru12345' },
      remoteAddress: phone,
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(owner, 'Baru12345', laptop)).statusCode).toBe(200);

    // Guesses at the new password start a new count: free ones, then the delay again.
    for (let i = 0; i < account.freeFailures; i += 1) {
      expect((await signIn(owner, 'Salah1234', uniqueAddress())).statusCode).toBe(400);
    }
    const again = await signIn(owner, 'Baru12345', uniqueAddress());
    expect(again.statusCode).toBe(429);
    expect(retryAfterOf(again)).toBeLessThanOrEqual(account.firstDelaySeconds);
  });
});
