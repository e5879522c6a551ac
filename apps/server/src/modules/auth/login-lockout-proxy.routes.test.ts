import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLockout } from '@ajar/shared/auth/auth.schemas';
import { countFailureRows, uniqueAddress } from '../../test/factories/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

const { addressMaxFailures } = loginLockout;

/** Behind a reverse proxy in 10.0.0.0/8, which appends the client's address. */
describe('login lockout behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  const proxy = '10.0.0.2';
  let attempts = 0;
  /** A wrong password for a new account each time, so only the address counter can lock. */
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
    expect((await viaProxy(client, uniqueAddress())).statusCode).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await viaProxy('203.0.113.10')).statusCode).toBe(400);
  });
});
