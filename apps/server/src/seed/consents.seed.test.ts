import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSessions } from '../db/schema';
import { newToken } from '../lib/tokens';
import { ensurePrivacyNotice } from '../modules/privacy/default-notice';
import { buildMember } from '../test/factories/participants';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedConsents } from './consents.seed';

const consentUrl = '/api/member/v1/privacy/consent';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensurePrivacyNotice(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('seedConsents', () => {
  it('the demo seed records consent for participants made past registration', async () => {
    const made = await buildMember(t.db);
    const { token, hash } = newToken();
    await t.db.insert(memberSessions).values({
      member_id: made.id,
      token_hash: hash,
      expires_at: new Date(Date.now() + 60 * 60 * 1000),
    });
    const status = () =>
      t.app.inject({
        method: 'GET',
        url: consentUrl,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await status()).json().data.required).toBe(true);
    await seedConsents(t.db);
    expect((await status()).json().data.required).toBe(false);
  });
});
