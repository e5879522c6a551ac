import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateMessages,
  certificateVerifyPolicy,
} from '@ajar/shared/certificates/certificates.constants';
import { ageFailures, retryAfterOf, uniqueAddress } from '../../test/factories/auth';
import { buildMember, buildRedeem } from '../../test/factories/participants';
import { buildProgram } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The public certificate check is limited per address, like forgot-password. */
describe('certificate verification throttle', () => {
  let t: TestApp;
  let number: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { headers } = await signedIn(t.db, 'admin');
    const program = await buildProgram(t.db, { status: 'publish', title: 'Kelas Batas' });
    const member = await buildMember(t.db, { fullname: 'Sari Batas' });
    const redeem = await buildRedeem(t.db, program.id, {
      memberId: member.id,
      progress: 100,
      start_test_at: new Date(),
    });
    const issued = await t.app.inject({
      method: 'GET',
      url: `/api/certificate/v1/participant/${redeem.id}`,
      headers,
    });
    expect(issued.statusCode).toBe(200);
    number = String(issued.headers['x-certificate-number']);
  });
  afterAll(() => t.close());

  const verify = (value: string, from: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/certificate/v1/verify/${value}`,
      remoteAddress: from,
    });

  it(`answers ${certificateVerifyPolicy.addressMaxRequests} checks per address per window, then 429 with Retry-After`, async () => {
    const scanner = uniqueAddress();
    for (let i = 0; i < certificateVerifyPolicy.addressMaxRequests; i += 1) {
      // Genuine and made-up numbers count alike.
      const res = await verify(i % 2 === 0 ? number : `AJR-2026-11-ZZZZZZ${i}`, scanner);
      expect(res.statusCode).toBe(i % 2 === 0 ? 200 : 404);
    }
    const held = await verify(number, scanner);
    expect(held.statusCode).toBe(429);
    const seconds = retryAfterOf(held);
    expect(seconds).toBeLessThanOrEqual(certificateVerifyPolicy.windowMinutes * 60);
    expect(seconds).toBeGreaterThan(certificateVerifyPolicy.windowMinutes * 60 - 30);
    const text = certificateMessages.tooManyVerifications(Math.ceil(seconds / 60));
    expect(held.json()).toEqual({ status: 429, message: text, validation: { number: text } });
    expect(held.body).not.toContain('Sari Batas');

    // Another address is not affected.
    expect((await verify(number, uniqueAddress())).statusCode).toBe(200);
    // Once the window has moved on, the address is answered again.
    await ageFailures(t.db, certificateVerifyPolicy.windowMinutes, 'verify:');
    expect((await verify(number, scanner)).statusCode).toBe(200);
  });

  it('answers only what verification needs: no e-mail, phone or ids', async () => {
    const res = await verify(number, uniqueAddress());
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(
      [
        'issued_at',
        'kind',
        'member',
        'number',
        'program',
        'replaced_by',
        'revoked',
        'status',
        'valid',
        'valid_until',
        'expired',
      ].sort(),
    );
    expect(res.json().data.member).toEqual({ fullname: 'Sari Batas' });
    expect(res.json().data.program).toEqual({ title: 'Kelas Batas', minutes: 0 });
  });
});
