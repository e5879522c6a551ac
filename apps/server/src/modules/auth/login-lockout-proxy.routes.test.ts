import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '@ajar/shared/auth/auth.schemas';
import { countFailureRows, retryAfterOf, uniqueAddress } from '../../test/factories/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

const addressMaxFailures = loginThrottle.address.freeFailures;

/** Behind a reverse proxy in 10.0.0.0/8, which appends the client's address. */
describe('sign-in throttle behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  const proxy = '10.0.0.2';
  let attempts = 0;
  /** A wrong password for a new account each time, so only the address counter can hold back. */
  const viaProxy = (client: string, forged?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/login',
      payload: { email: `korban${(attempts += 1)}@ajar.test`, password: 'Salah1234' },
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
    });

  it('counts the address the proxy saw, whatever the client wrote before it', async () => {
    const client = '203.0.113.9';
    for (let i = 0; i < addressMaxFailures; i += 1) {
      expect((await viaProxy(client, uniqueAddress())).statusCode).toBe(400);
    }
    expect(await countFailureRows(t.db, `address:${client}`)).toBe(addressMaxFailures);
    const held = await viaProxy(client, uniqueAddress());
    expect(held.statusCode).toBe(429);
    expect(retryAfterOf(held)).toBeLessThanOrEqual(loginThrottle.address.firstDelaySeconds);
    // Another client behind the same proxy is not affected.
    expect((await viaProxy('203.0.113.10')).statusCode).toBe(400);
  });

  it('a forwarded value that is no address counts as one unknown address, never a 500', async () => {
    for (const forged of ['kebun-binatang', '1.2.3.4.5', '<script>']) {
      expect((await viaProxy(forged)).statusCode, forged).toBe(400);
    }
    expect(await countFailureRows(t.db, 'address:unknown')).toBe(3);
  });
});
