import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueAddress } from '../../test/factories/auth';
import { registerMember } from '../../test/factories/members';
import {
  decodeQuotedPrintable,
  nextMailMatching,
  startSmtpSink,
  type SmtpSink,
} from '../../test/factories/smtp-sink';
import { buildUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

// A reset link carries a token that signs in as its owner: it is built from the configured public
// address only, never from the Host or X-Forwarded-Host a caller sends (lib/public-origin.ts).
const poisoned = {
  host: 'attacker.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'https',
};

/** The distinct links of a mail (its text and HTML parts name the same one). */
const links = (raw: string) => [
  ...new Set([...decodeQuotedPrintable(raw).matchAll(/https?:\/\/[^\s"<]+/g)].map((m) => m[0])),
];

describe.each([
  {
    name: 'without PUBLIC_URL (development)',
    env: {} as Record<string, string>,
    origin: 'http://localhost:3000',
  },
  {
    name: 'with PUBLIC_URL',
    env: { PUBLIC_URL: 'https://belajar.contoh.id/' },
    origin: 'https://belajar.contoh.id',
  },
])('reset links $name', ({ env, origin }) => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    // The proxy is trusted, so X-Forwarded-Host would be believed if anything read it.
    t = await createTestApp({ ...env, SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("a participant's link ignores the Host and X-Forwarded-Host of the request", async () => {
    const member = await registerMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/forgot-password',
      headers: poisoned,
      payload: { email: member.email },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    const found = links((await nextMailMatching(smtp, /reset-password/)).raw);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${origin}/belajar/reset-password\\?token=[\\w-]+$`));
  });

  it("a staff member's link ignores them too", async () => {
    const user = await buildUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/forgot-password',
      headers: poisoned,
      payload: { email: user.email },
      remoteAddress: uniqueAddress(),
    });
    expect(res.statusCode).toBe(200);
    const found = links((await nextMailMatching(smtp, /password-reset/)).raw);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${origin}/password-reset\\?token=[\\w-]+$`));
  });
});
