import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, loginThrottle, passwordResetPolicy } from '@ajar/shared/auth/auth.schemas';
import { passwordResets } from '../../db/schema';
import {
  buildPasswordReset,
  countFailureRows,
  listPasswordResets,
  postLogin,
  retryAfterOf,
  uniqueAddress,
} from '../../test/factories/auth';
import {
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
} from '../../test/factories/smtp-sink';
import { authHeader, buildUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

const forgot = (t: TestApp, email: string, address = uniqueAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/v1/forgot-password',
    payload: { email },
    remoteAddress: address,
  });

const reset = (t: TestApp, token: string, password: string, address = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/v1/reset-password',
    payload: { token, password },
    remoteAddress: address,
  });

const invalidLink = {
  status: 400,
  message: 'Link reset password tidak valid atau sudah kedaluwarsa',
};

describe('password reset (mail in the log)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown, an inactive and a known e-mail exactly alike', async () => {
    const known = await buildUser(t.db);
    const inactive = await buildUser(t.db, { is_active: false });
    const answers = [
      await forgot(t, known.email),
      await forgot(t, 'tidak.ada@ajar.test'),
      await forgot(t, inactive.email),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json()).toEqual({
      status: 200,
      message: 'Link berhasil dikirim',
      data: null,
    });
    expect(await listPasswordResets(t.db, known.id)).toHaveLength(1);
    expect(await listPasswordResets(t.db, inactive.id)).toHaveLength(0);
    const [stored] = await listPasswordResets(t.db, known.id);
    const minutes = (stored!.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(passwordResetPolicy.tokenMinutes - 1);
    expect(minutes).toBeLessThanOrEqual(passwordResetPolicy.tokenMinutes);
  });

  it('validates the e-mail', async () => {
    const res = await forgot(t, 'bukan-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({ email: 'Email bukan email yang valid.' });
  });

  it('refuses a common password and keeps the link usable', async () => {
    const user = await buildUser(t.db);
    const token = await buildPasswordReset(t.db, user.id);
    const weak = await reset(t, token, 'Password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().validation).toEqual({
      password:
        'Password ini terlalu umum dan mudah ditebak. Gunakan password lain, misalnya gabungan beberapa kata dan angka',
    });
    expect((await reset(t, token, 'Tiga Kata Panjang 7')).statusCode).toBe(200);
  });

  it('resets once: sessions revoked, old password gone, link used up', async () => {
    const user = await buildUser(t.db);
    const { authorization } = await authHeader(t.db, user);
    const token = await buildPasswordReset(t.db, user.id);
    const res = await reset(t, token, 'Baru12345');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      message: 'Password berhasil diperbarui',
      data: null,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/v1/me',
      headers: { authorization },
    });
    expect(me.statusCode).toBe(401);
    const address = uniqueAddress();
    expect(
      (await postLogin(t.app, { email: user.email, password: user.password }, { address }))
        .statusCode,
    ).toBe(400);
    expect(
      (await postLogin(t.app, { email: user.email, password: 'Baru12345' }, { address }))
        .statusCode,
    ).toBe(200);
    const again = await reset(t, token, 'Lagi12345');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLink);
  });

  it('refuses an expired, an unknown and a superseded link', async () => {
    const user = await buildUser(t.db);
    const expired = await buildPasswordReset(t.db, user.id);
    await t.db
      .update(passwordResets)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.user_id, user.id));
    expect((await reset(t, expired, 'Baru12345')).json()).toEqual(invalidLink);
    expect((await reset(t, 'token-karangan', 'Baru12345')).json()).toEqual(invalidLink);

    const older = await buildPasswordReset(t.db, user.id);
    const newer = await buildPasswordReset(t.db, user.id);
    expect((await reset(t, newer, 'Baru12345')).statusCode).toBe(200);
    expect((await reset(t, older, 'Lain12345')).json()).toEqual(invalidLink);
  });

  it('refuses the link of an account deactivated in the meantime', async () => {
    const user = await buildUser(t.db, { is_active: false });
    const token = await buildPasswordReset(t.db, user.id);
    expect((await reset(t, token, 'Baru12345')).json()).toEqual(invalidLink);
  });

  it('checks the new password rule', async () => {
    const user = await buildUser(t.db);
    const token = await buildPasswordReset(t.db, user.id);
    const short = await reset(t, token, 'ab1');
    expect(short.statusCode).toBe(400);
    expect(short.json().validation.password).toBe(
      'Password harus berada diantara 8 dan 128 karakter',
    );
    const noDigit = await reset(t, token, 'abcdefghij');
    expect(noDigit.json().validation.password).toBe('Password harus mengandung huruf dan angka');
    const empty = await reset(t, '', 'Baru12345');
    expect(empty.json().validation.token).toBe('Token tidak boleh kosong');
    // Refused bodies did not use the link up.
    expect((await reset(t, token, 'Baru12345')).statusCode).toBe(200);
  });

  it('lets the owner in from the address of the reset while the account is under attack', async () => {
    const user = await buildUser(t.db);
    // A distributed attack holds back every address the account does not know.
    for (let i = 0; i < loginThrottle.account.freeFailures; i += 1) {
      await postLogin(
        t.app,
        { email: user.email, password: 'Salah1234' },
        { address: uniqueAddress() },
      );
    }
    const home = uniqueAddress();
    const held = await postLogin(
      t.app,
      { email: user.email, password: user.password },
      { address: home },
    );
    expect(held.statusCode).toBe(429);
    const token = await buildPasswordReset(t.db, user.id);
    expect((await reset(t, token, 'Baru12345', home)).statusCode).toBe(200);
    // The reset proved the account from `home`: it is known now, and the guesses of the old
    // password no longer count against the account (account-delay.routes.test.ts).
    expect(await countFailureRows(t.db, `known:account:${user.email}|${home}`)).toBe(1);
    expect(await countFailureRows(t.db, `account:${user.email}`)).toBe(0);
    const res = await postLogin(
      t.app,
      { email: user.email, password: 'Baru12345' },
      { address: home },
    );
    expect(res.statusCode).toBe(200);
  });

  it(`limits one address to ${passwordResetPolicy.addressMaxRequests} requests per window`, async () => {
    const address = uniqueAddress();
    for (let i = 0; i < passwordResetPolicy.addressMaxRequests; i += 1) {
      expect((await forgot(t, `orang${i}@ajar.test`, address)).statusCode).toBe(200);
    }
    const res = await forgot(t, 'orang-lagi@ajar.test', address);
    expect(res.statusCode).toBe(429);
    // The address may ask again when its newest request leaves the window.
    expect(retryAfterOf(res)).toBeGreaterThan(passwordResetPolicy.windowMinutes * 60 - 10);
    expect(retryAfterOf(res)).toBeLessThanOrEqual(passwordResetPolicy.windowMinutes * 60);
    const text = authMessages.tooManyResetRequests(passwordResetPolicy.windowMinutes);
    expect(res.json()).toEqual({ status: 429, message: text, validation: { email: text } });
    expect((await forgot(t, 'orang-lagi@ajar.test')).statusCode).toBe(200);
  });

  it(`mails one account at most ${passwordResetPolicy.accountMaxMails} times per window, answering alike`, async () => {
    const user = await buildUser(t.db);
    const answers = [];
    for (let i = 0; i < passwordResetPolicy.accountMaxMails + 2; i += 1) {
      answers.push(await forgot(t, user.email));
    }
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(await listPasswordResets(t.db, user.id)).toHaveLength(
      passwordResetPolicy.accountMaxMails,
    );
  });

  it('a password change also kills open reset links', async () => {
    const user = await buildUser(t.db);
    const { authorization } = await authHeader(t.db, user);
    const token = await buildPasswordReset(t.db, user.id);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/update-password',
      headers: { authorization },
      payload: {
        current_password: user.password,
        new_password: 'Baru12345',
        conf_new_password: 'Baru12345',
      },
    });
    expect(change.statusCode).toBe(200);
    expect((await reset(t, token, 'Lain12345')).json()).toEqual(invalidLink);
  });
});

describe('password reset through SMTP', () => {
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

  it('mails a working single-use link to the account', async () => {
    const user = await buildUser(t.db, { fullname: 'Rina Wati' });
    expect((await forgot(t, user.email.toUpperCase())).statusCode).toBe(200);
    const mail = await smtp.next();
    expect(mail.to).toEqual([user.email]);
    const raw = decodeQuotedPrintable(mail.raw);
    expect(raw).toMatch(/Subject: Reset password akun Anda/);
    expect(raw).toContain('Halo Rina Wati');
    const token = /https:\/\/ajar\.example\/password-reset\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
    expect(token).toBeDefined();
    expect((await reset(t, token!, 'Baru12345')).statusCode).toBe(200);
    expect((await reset(t, token!, 'Baru12345')).json()).toEqual(invalidLink);
    const login = await postLogin(
      t.app,
      { email: user.email, password: 'Baru12345' },
      { address: uniqueAddress() },
    );
    expect(login.statusCode).toBe(200);
  });

  it('sends nothing for an unknown e-mail', async () => {
    const before = smtp.messages.length;
    expect((await forgot(t, 'siapa@ajar.test')).statusCode).toBe(200);
    // A known address afterwards arrives; the unknown one never did.
    const user = await buildUser(t.db);
    await forgot(t, user.email);
    const mail = await smtp.next();
    expect(mail.to).toEqual([user.email]);
    expect(smtp.messages.length).toBe(before + 1);
  });
});
