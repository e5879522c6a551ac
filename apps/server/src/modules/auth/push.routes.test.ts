import { authMessages } from '@ajar/shared/auth/auth.schemas';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  browserSubscription,
  listPushSubscriptions,
  postLogin,
  uniqueAddress,
} from '../../test/factories/auth';
import { authHeader, buildUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/push/v1/public-key', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-vapid-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const publicKey = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/push/v1/public-key' });
      expect(res.statusCode).toBe(200);
      return res.json().data.public_key as string;
    } finally {
      await t.close();
    }
  };

  it('generates a key once and keeps it across app builds with the same DATA_DIR', async () => {
    const first = await publicKey({ DATA_DIR: dataDir });
    expect(first).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'vapid.json'), 'utf8'));
    expect(stored.publicKey).toBe(first);
    expect(await publicKey({ DATA_DIR: dataDir })).toBe(first);
  });

  it('uses VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const got = await publicKey({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(got).toBe(keys.publicKey);
  });
});

describe('push subscriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const endpoint = (name: string) =>
    `https://fcm.googleapis.com/fcm/send/${name}-${uniqueAddress()}`;

  async function signIn(user: { email: string; password: string }, pushToken?: string) {
    const res = await postLogin(
      t.app,
      { email: user.email, password: user.password, push_token: pushToken },
      { address: uniqueAddress() },
    );
    expect(res.statusCode).toBe(200);
    return `Bearer ${res.json().data.token as string}`;
  }

  it('stores the push_token of a login for that session and drops it at logout', async () => {
    const user = await buildUser(t.db);
    const subscription = browserSubscription(endpoint('login'));
    const authorization = await signIn(user, JSON.stringify(subscription));
    const rows = await listPushSubscriptions(t.db, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.endpoint).toBe(subscription.endpoint);
    expect(rows[0]!.subscription).toEqual(subscription);

    const other = await signIn(user); // a second device without push
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/trainer/v1/logout',
      headers: { authorization },
    });
    expect(out.statusCode).toBe(200);
    expect(await listPushSubscriptions(t.db, user.id)).toHaveLength(0);
    expect(other).not.toBe(authorization);
  });

  it('ignores a push_token that is not a subscription, and still signs in', async () => {
    const user = await buildUser(t.db);
    for (const token of [
      'fcm-token-lama',
      '{"endpoint":"https://push.example/x"}',
      JSON.stringify(browserSubscription('http://push.example/plain-http')),
      JSON.stringify(browserSubscription('not a url')),
      '',
      '[]',
    ]) {
      await signIn(user, token);
    }
    const withNull = await postLogin(
      t.app,
      { email: user.email, password: user.password, push_token: null },
      { address: uniqueAddress() },
    );
    expect(withNull.statusCode).toBe(200);
    expect(await listPushSubscriptions(t.db, user.id)).toHaveLength(0);
  });

  it('PUT registers and replaces the subscription of this session, DELETE removes it', async () => {
    const user = await buildUser(t.db);
    const { authorization } = await authHeader(t.db, user);
    const put = (subscription: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/push/v1/subscription',
        headers: { authorization },
        payload: { subscription },
      });
    const first = browserSubscription(endpoint('a'));
    const res = await put(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'success', data: null });
    const second = browserSubscription(endpoint('b'));
    expect((await put(second)).statusCode).toBe(200);
    const rows = await listPushSubscriptions(t.db, user.id);
    expect(rows.map((r) => r.endpoint)).toEqual([second.endpoint]);

    const bad = await put({ endpoint: 'http://push.example/x', keys: { p256dh: 'a', auth: 'b' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: 'error validation' });
    expect(Object.keys(bad.json().validation)).toEqual(['subscription.endpoint']);

    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/v1/subscription',
      headers: { authorization },
    });
    expect(del.statusCode).toBe(200);
    expect(await listPushSubscriptions(t.db, user.id)).toHaveLength(0);
  });

  it("accepts only the browsers' push services, at PUT and at sign-in", async () => {
    const user = await buildUser(t.db);
    const { authorization } = await authHeader(t.db, user);
    for (const host of [
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      'wns2-par02p.notify.windows.com',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/push/v1/subscription',
        headers: { authorization },
        payload: { subscription: browserSubscription(`https://${host}/x-${uniqueAddress()}`) },
      });
      expect(res.statusCode, host).toBe(200);
    }
    for (const bad of [
      'https://127.0.0.1:8443/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://push.example/x',
      'https://push.apple.com.evil.example/x',
      'https://user@fcm.googleapis.com/x',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/push/v1/subscription',
        headers: { authorization },
        payload: { subscription: browserSubscription(bad) },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().validation).toEqual({
        'subscription.endpoint': authMessages.pushServiceOnly,
      });
    }
    // A sign-in with such a push token still signs in, without storing it.
    const other = await buildUser(t.db);
    await signIn(other, JSON.stringify(browserSubscription('https://127.0.0.1:8443/login')));
    expect(await listPushSubscriptions(t.db, other.id)).toHaveLength(0);
  });

  it('needs a session to register or remove a subscription', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/push/v1/subscription',
      payload: { subscription: browserSubscription(endpoint('anon')) },
    });
    expect(put.statusCode).toBe(401);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/push/v1/subscription' });
    expect(del.statusCode).toBe(401);
  });

  it('a browser endpoint belongs to one session: signing in again there moves it', async () => {
    const alice = await buildUser(t.db);
    const bob = await buildUser(t.db);
    const shared = JSON.stringify(browserSubscription(endpoint('shared')));
    await signIn(alice, shared);
    await signIn(bob, shared);
    expect(await listPushSubscriptions(t.db, alice.id)).toHaveLength(0);
    expect(await listPushSubscriptions(t.db, bob.id)).toHaveLength(1);
  });

  it('a password change drops the subscriptions of the revoked sessions', async () => {
    const user = await buildUser(t.db);
    const current = await signIn(user, JSON.stringify(browserSubscription(endpoint('cur'))));
    await signIn(user, JSON.stringify(browserSubscription(endpoint('old'))));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/update-password',
      headers: { authorization: current },
      payload: {
        current_password: user.password,
        new_password: 'Baru12345',
        conf_new_password: 'Baru12345',
      },
    });
    expect(res.statusCode).toBe(200);
    const rows = await listPushSubscriptions(t.db, user.id);
    expect(rows.map((r) => r.endpoint)).toEqual([expect.stringContaining('/cur-')]);
  });
});
