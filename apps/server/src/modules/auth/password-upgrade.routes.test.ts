import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, users } from '../../db/schema';
import {
  hashPassword,
  passwordHashParams,
  setPasswordHashParamsForTests,
  testOnlyPasswordHashParams,
} from '../../lib/tokens';
import { postLogin, uniqueAddress } from '../../test/factories/auth';
import { registerMember } from '../../test/factories/members';
import { buildUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A hash as every account had it before the sign-in hardening (docs/decisions.md). */
const oldParams = { N: 2 ** 14, r: 8, p: 1, keylen: 64 };
const strongPrefix = `scrypt$${passwordHashParams.N}$${passwordHashParams.r}$${passwordHashParams.p}$`;

/** These tests run with the real parameters (the other suites use the test-only low cost). */
describe('password hash upgrade at sign-in (real scrypt parameters)', () => {
  let t: TestApp;
  beforeAll(async () => {
    setPasswordHashParamsForTests(passwordHashParams);
    t = await createTestApp();
  });
  afterAll(async () => {
    setPasswordHashParamsForTests(testOnlyPasswordHashParams);
    await t.close();
  });

  const staffHash = async (id: string) =>
    (await t.db.select({ h: users.password_hash }).from(users).where(eq(users.id, id)))[0]!.h;
  const memberHash = async (id: string) =>
    (await t.db.select({ h: members.password_hash }).from(members).where(eq(members.id, id)))[0]!.h;

  it('staff: a 2^14 hash signs in and is rewritten at 2^17, which then signs in as it is', async () => {
    const user = await buildUser(t.db);
    const weak = await hashPassword(user.password, oldParams);
    await t.db.update(users).set({ password_hash: weak }).where(eq(users.id, user.id));

    const from = uniqueAddress();
    expect(
      (await postLogin(t.app, { email: user.email, password: user.password }, { address: from }))
        .statusCode,
    ).toBe(200);
    const upgraded = await staffHash(user.id);
    expect(upgraded.startsWith(strongPrefix)).toBe(true);

    // A sign-in checked against the real parameters, and nothing rewritten this time.
    expect(
      (await postLogin(t.app, { email: user.email, password: user.password }, { address: from }))
        .statusCode,
    ).toBe(200);
    expect(await staffHash(user.id)).toBe(upgraded);
  });

  it('staff: a wrong password on an old hash rewrites nothing', async () => {
    const user = await buildUser(t.db);
    const weak = await hashPassword(user.password, oldParams);
    await t.db.update(users).set({ password_hash: weak }).where(eq(users.id, user.id));
    const res = await postLogin(
      t.app,
      { email: user.email, password: 'Salah1234' },
      { address: uniqueAddress() },
    );
    expect(res.statusCode).toBe(400);
    expect(await staffHash(user.id)).toBe(weak);
  });

  it('members: the same upgrade at sign-in, and none on a wrong password', async () => {
    const m = await registerMember(t.app);
    const weak = await hashPassword(m.password, oldParams);
    await t.db.update(members).set({ password_hash: weak }).where(eq(members.id, m.id));
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/member/v1/login',
        payload: { email: m.email, password },
        remoteAddress: uniqueAddress(),
      });
    expect((await login('Salah12345')).statusCode).toBe(400);
    expect(await memberHash(m.id)).toBe(weak);
    expect((await login(m.password)).statusCode).toBe(200);
    expect((await memberHash(m.id))?.startsWith(strongPrefix)).toBe(true);
  });
});
