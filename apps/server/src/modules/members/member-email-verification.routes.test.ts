import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailVerificationMessages as M,
  emailVerificationPolicy,
} from '@ajar/shared/members/email-verification.constants';
import type { MemberProfile } from '@ajar/shared/members/members.schemas';
import { members } from '../../db/schema';
import { uniqueAddress } from '../../test/factories/auth';
import { registerMember, type TestMember } from '../../test/factories/members';
import {
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSink,
} from '../../test/factories/smtp-sink';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://belajar.example/' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const linkPattern = /https:\/\/belajar\.example\/belajar\/verify-email\?token=([A-Za-z0-9_-]+)/;

/** The next mail to `email` (others, such as earlier tests' mails, are skipped). */
async function nextMailTo(email: string): Promise<string> {
  for (;;) {
    const mail = await smtp.next();
    if (mail.to.includes(email)) return decodeQuotedPrintable(mail.raw);
  }
}

async function tokenMailedTo(email: string): Promise<string> {
  const raw = await nextMailTo(email);
  expect(raw).toMatch(/Subject: Verifikasi email akun Ajar Belajar Anda/);
  const token = linkPattern.exec(raw)?.[1];
  expect(token).toBeDefined();
  return token!;
}

const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/member/v1/verify-email', payload: { token } });
const resend = (member: TestMember) =>
  t.app.inject({
    method: 'POST',
    url: '/api/member/v1/verify-email/resend',
    headers: member.headers,
  });
async function me(member: TestMember): Promise<MemberProfile> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/member/v1/me',
    headers: member.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MemberProfile }>().data;
}

describe('e-mail verification of members', () => {
  it('mails a link at registration; the member signs in unverified, and the link verifies', async () => {
    const member = await registerMember(t.app, { fullname: 'Sari Dewi' });
    const raw = await nextMailTo(member.email);
    expect(raw).toContain('Halo Sari Dewi');
    const token = linkPattern.exec(raw)?.[1];
    expect(token).toBeDefined();
    expect((await me(member)).email_verified).toBe(false);

    const res = await verify(token!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(M.verified);
    expect((await me(member)).email_verified).toBe(true);

    // Single use; a made-up token is refused alike.
    expect((await verify(token!)).json<{ message: string }>().message).toBe(M.invalid);
    expect((await verify('bukan-token-yang-sah')).statusCode).toBe(400);
    // Verified: 'Kirim ulang' has nothing to send.
    expect((await resend(member)).statusCode).toBe(409);
  });

  it(`'Kirim ulang' sends a new link, at most ${emailVerificationPolicy.maxMails} in the window`, async () => {
    const member = await registerMember(t.app);
    await tokenMailedTo(member.email);
    for (let n = 1; n < emailVerificationPolicy.maxMails; n += 1) {
      const res = await resend(member);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ message: string }>().message).toBe(M.sent);
      await tokenMailedTo(member.email);
    }
    const over = await resend(member);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a link to an address the member no longer has verifies nothing', async () => {
    const member = await registerMember(t.app);
    const token = await tokenMailedTo(member.email);
    await t.db
      .update(members)
      .set({ email: `baru-${member.email}` })
      .where(eq(members.id, member.id));
    expect((await verify(token)).statusCode).toBe(400);
    expect((await me(member)).email_verified).toBe(false);
  });

  it('a completed password reset verifies the address it was mailed to', async () => {
    const member = await registerMember(t.app);
    await tokenMailedTo(member.email);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/forgot-password',
      payload: { email: member.email },
      remoteAddress: uniqueAddress(),
    });
    expect(forgot.statusCode).toBe(200);
    const raw = await nextMailTo(member.email);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/reset-password',
      payload: { token, password: 'Baru-sekali-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [row] = await t.db
      .select({ at: members.email_verified_at })
      .from(members)
      .where(eq(members.id, member.id));
    expect(row?.at).toBeInstanceOf(Date);
  });
});
