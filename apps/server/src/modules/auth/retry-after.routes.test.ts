import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, passwordResetPolicy } from '@ajar/shared/auth/auth.schemas';
import { certificateVerifyPolicy } from '@ajar/shared/certificates/certificates.constants';
import { defaultRetryAfterSeconds } from '../../lib/app-error';
import { postLogin, retryAfterOf, uniqueAddress } from '../../test/factories/auth';
import { buildVoucher, postRedeem, registerMember } from '../../test/factories/members';
import { buildProgram } from '../../test/factories/programs';
import { authHeader, buildUser, signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every 429 carries `Retry-After` (whole seconds). One case per source of 429 in the
 * server (grep `tooMany|429`): staff sign-in, member sign-in, update-password, forgot-password,
 * the staff reset link, voucher redeem, the public certificate check.
 */
describe('Retry-After on every 429', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('staff sign-in and update-password', async () => {
    const user = await buildUser(t.db);
    const from = uniqueAddress();
    for (let i = 0; i < loginThrottle.pair.freeFailures; i += 1) {
      await postLogin(t.app, { email: user.email, password: 'Salah1234' }, { address: from });
    }
    const login = await postLogin(
      t.app,
      { email: user.email, password: user.password },
      { address: from },
    );
    expect(login.statusCode).toBe(429);
    expect(retryAfterOf(login)).toBeLessThanOrEqual(loginThrottle.pair.firstDelaySeconds);

    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/update-password',
      headers: await authHeader(t.db, user),
      remoteAddress: from,
      payload: {
        current_password: user.password,
        new_password: 'Baru12345',
        conf_new_password: 'Baru12345',
      },
    });
    expect(update.statusCode).toBe(429);
    expect(retryAfterOf(update)).toBeLessThanOrEqual(loginThrottle.pair.firstDelaySeconds);
  });

  it('member sign-in', async () => {
    const m = await registerMember(t.app);
    const from = uniqueAddress();
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/member/v1/login',
        payload: { email: m.email, password },
        remoteAddress: from,
      });
    for (let i = 0; i < loginThrottle.pair.freeFailures; i += 1) await login('Salah12345');
    const held = await login(m.password);
    expect(held.statusCode).toBe(429);
    expect(retryAfterOf(held)).toBeLessThanOrEqual(loginThrottle.pair.firstDelaySeconds);
  });

  it('forgot-password per address', async () => {
    const from = uniqueAddress();
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/v1/forgot-password',
        payload: { email: 'siapa@ajar.test' },
        remoteAddress: from,
      });
    for (let i = 0; i < passwordResetPolicy.addressMaxRequests; i += 1) await forgot();
    const held = await forgot();
    expect(held.statusCode).toBe(429);
    expect(retryAfterOf(held)).toBeLessThanOrEqual(passwordResetPolicy.windowMinutes * 60);
  });

  it('the staff reset link (a source that gives no time of its own gets the default)', async () => {
    const { headers } = await signedIn(t.db, 'superadmin');
    const user = await buildUser(t.db, { role: 'admin' });
    const send = () =>
      t.app.inject({ method: 'POST', url: `/api/users/v1/staff/reset-link/${user.id}`, headers });
    for (let i = 0; i < passwordResetPolicy.accountMaxMails; i += 1) {
      expect((await send()).statusCode).toBe(200);
    }
    const held = await send();
    expect(held.statusCode).toBe(429);
    expect(retryAfterOf(held)).toBeGreaterThanOrEqual(defaultRetryAfterSeconds);
  });

  it('voucher redeem', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const member = await registerMember(t.app);
    for (let i = 0; i < 10; i += 1) {
      await postRedeem(t.app, member, { license: `AJR-BBBB-BB${i}B` });
    }
    const voucher = await buildVoucher(t.db, program.id);
    const held = await postRedeem(t.app, member, { license: voucher.code });
    expect(held.statusCode).toBe(429);
    expect(retryAfterOf(held)).toBeGreaterThan(14 * 60);
    expect(retryAfterOf(held)).toBeLessThanOrEqual(15 * 60);
  });

  it('the public certificate check per address', async () => {
    const from = uniqueAddress();
    const check = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/certificate/v1/verify/AJR-2026-11-ZZZZZZZZ',
        remoteAddress: from,
      });
    for (let i = 0; i < certificateVerifyPolicy.addressMaxRequests; i += 1) await check();
    const held = await check();
    expect(held.statusCode).toBe(429);
    expect(retryAfterOf(held)).toBeLessThanOrEqual(certificateVerifyPolicy.windowMinutes * 60);
  });
});
