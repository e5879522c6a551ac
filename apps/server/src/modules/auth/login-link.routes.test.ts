import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, loginThrottle } from '@ajar/shared/auth/auth.schemas';
import { insertFailureRows, uniqueAddress } from '../../test/factories/auth';
import {
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
} from '../../test/factories/smtp-sink';
import { users } from '../../db/schema';
import { buildUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loginKeys } from './login-throttle.service';

/**
 * The account-wide delay (13 addresses × 6 wrong passwords) holds the owner back on every new
 * address; a sign-in link e-mailed to the owner lets the browser that opens it in at once.
 */
describe('a sign-in link lifts the account-wide delay for the browser that opens it', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://ajar.example/' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const held = async (user: TestUser) => {
    await insertFailureRows(t.db, loginKeys('staff', user.email, '0.0.0.0').account, 13 * 6);
  };
  const signIn = (user: TestUser, address: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: address,
      headers: cookie ? { cookie } : {},
    });
  const requestLink = (email: string, address = uniqueAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login-link',
      payload: { email },
      remoteAddress: address,
    });
  const confirm = (token: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login-link/confirm',
      payload: { token },
      headers: cookie ? { cookie } : {},
    });

  async function mailedToken(user: TestUser): Promise<string> {
    const mail = await smtp.next();
    expect(mail.to).toEqual([user.email]);
    const raw = decodeQuotedPrintable(mail.raw);
    expect(raw).toMatch(/Subject: Link masuk akun anda/);
    const token = /https:\/\/ajar\.example\/login-link\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  it('offers the link on the account-wide 429, and the browser that opens it signs in at once', async () => {
    const owner = await buildUser(t.db, { role: 'superadmin', fullname: 'Admin Satu' });
    await held(owner);
    const laptop = uniqueAddress();
    const refused = await signIn(owner, laptop);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ validation: Record<string, string> }>().validation.login_link).toBe(
      authMessages.loginLinkOffer,
    );

    const asked = await requestLink(owner.email.toUpperCase(), laptop);
    expect(asked.statusCode).toBe(200);
    expect(asked.json<{ message: string }>().message).toBe(authMessages.loginLinkSent);
    const token = await mailedToken(owner);

    const opened = await confirm(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^ajar_trusted_login=[A-Za-z0-9_-]+; Path=\/api\/; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/,
    );
    const cookie = setCookie.split(';')[0]!;

    // The trusted browser signs in from the new address; without the cookie it is still held.
    expect((await signIn(owner, laptop, cookie)).statusCode).toBe(200);
    expect((await signIn(owner, uniqueAddress())).statusCode).toBe(429);
    // Another account's sign-in is not trusted by this browser's cookie.
    const other = await buildUser(t.db, { role: 'superadmin' });
    await held(other);
    expect((await signIn(other, laptop, cookie)).statusCode).toBe(429);

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(authMessages.loginLinkInvalid);
  });

  it('the cookie does not let a wrong password through, and the pair counter still holds', async () => {
    const owner = await buildUser(t.db, { role: 'superadmin' });
    await held(owner);
    await requestLink(owner.email);
    const cookie = String((await confirm(await mailedToken(owner))).headers['set-cookie']).split(
      ';',
    )[0]!;
    const address = uniqueAddress();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/login',
      payload: { email: owner.email, password: 'Salah12345' },
      remoteAddress: address,
      headers: { cookie },
    });
    expect(wrong.statusCode).toBe(400);
    for (let n = 1; n < loginThrottle.pair.freeFailures; n += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/v1/login',
        payload: { email: owner.email, password: 'Salah12345' },
        remoteAddress: address,
        headers: { cookie },
      });
    }
    expect((await signIn(owner, address, cookie)).statusCode).toBe(429);
  });

  it('answers the same for an unknown e-mail and mails nothing; a made-up token is refused', async () => {
    const before = smtp.messages.length;
    const res = await requestLink('siapa-saja@ajar.test');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(authMessages.loginLinkSent);
    const known = await buildUser(t.db);
    await requestLink(known.email);
    await mailedToken(known);
    expect(smtp.messages.length).toBe(before + 1);
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400);
  });

  it('a link of a deactivated account trusts nothing', async () => {
    const owner = await buildUser(t.db);
    await requestLink(owner.email);
    const token = await mailedToken(owner);
    await t.db.update(users).set({ is_active: false }).where(eq(users.id, owner.id));
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
