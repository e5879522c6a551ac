import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { newToken } from '../../lib/tokens';
import { browserSubscription, listPushSubscriptions } from '../../test/factories/auth';
import {
  fakePushServiceEnv,
  startPushService,
  type FakePushService,
} from '../../test/factories/push-service';
import { buildUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { saveSessionSubscription } from './push-subscriptions.repository';
import { createSession } from './sessions.repository';

// The Web Push sender (lib/push.ts) as the auth module wires it: its subscriptions are the staff
// sessions' (pushSubscriptionStore).
describe('push.sendToUser', () => {
  let t: TestApp;
  let service: FakePushService;
  beforeAll(async () => {
    service = await startPushService((p) =>
      p.startsWith('/gone')
        ? 410
        : p.startsWith('/missing')
          ? 404
          : p.startsWith('/down')
            ? 500
            : 201,
    );
    t = await createTestApp(fakePushServiceEnv);
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  async function sessionWith(userId: string, pathName: string, live = true) {
    const session = await createSession(t.db, {
      userId,
      tokenHash: newToken().hash,
      expiresAt: new Date(Date.now() + (live ? 3600_000 : -1000)),
    });
    await saveSessionSubscription(t.db, {
      sessionId: session.id,
      userId,
      subscription: browserSubscription(`${service.origin}${pathName}`),
    });
    return session.id;
  }

  it('sends an encrypted, VAPID-signed push to every live subscription', async () => {
    const user = await buildUser(t.db);
    await sessionWith(user.id, '/ok-1');
    await sessionWith(user.id, '/ok-2');
    await sessionWith(user.id, '/expired', false);
    const revoked = await sessionWith(user.id, '/revoked');
    await t.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, revoked));

    const before = service.received.length;
    const result = await t.app.push.sendToUser(user.id, {
      title: 'Pesan baru',
      body: 'Ada diskusi baru',
      url: '/notifikasi',
    });
    expect(result).toEqual({ sent: 2, removed: 0, failed: 0 });
    const got = service.received.slice(before);
    expect(got.map((r) => r.path).sort()).toEqual(['/ok-1', '/ok-2']);
    const publicKey = await t.app.push.publicKey();
    for (const push of got) {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${publicKey}$`));
      expect(push.headers.ttl).toBe(String(24 * 60 * 60));
      // Encrypted: the text is not readable on the wire.
      expect(push.body.length).toBeGreaterThan(0);
      expect(push.body.toString('latin1')).not.toContain('Pesan baru');
    }
  });

  it('deletes subscriptions the push service calls gone (404/410), keeps failing ones', async () => {
    const user = await buildUser(t.db);
    await sessionWith(user.id, '/ok');
    await sessionWith(user.id, '/gone');
    await sessionWith(user.id, '/missing');
    await sessionWith(user.id, '/down');
    const result = await t.app.push.sendToUser(user.id, { title: 'x', body: 'y' });
    expect(result).toEqual({ sent: 1, removed: 2, failed: 1 });
    const left = (await listPushSubscriptions(t.db, user.id)).map(
      (r) => new URL(r.endpoint).pathname,
    );
    expect(left.sort()).toEqual(['/down', '/ok']);
  });

  it('does nothing for a user without subscriptions', async () => {
    const user = await buildUser(t.db);
    expect(await t.app.push.sendToUser(user.id, { title: 'x', body: 'y' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });
});

// Production settings (private addresses refused): subscriptions stored before the allow-list
// existed, or a name that resolves to a private address, never reach the network.
describe('push.sendToUser to a non-public endpoint', () => {
  let t: TestApp;
  let service: FakePushService;
  beforeAll(async () => {
    service = await startPushService(() => 201);
    t = await createTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1,localhost,*.push.apple.com' });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('opens no connection to a loopback address or a name resolving to one, and drops them', async () => {
    const user = await buildUser(t.db);
    const { port } = new URL(service.origin);
    for (const endpoint of [
      `${service.origin}/literal`,
      `https://localhost:${port}/resolved`,
      `https://[::ffff:127.0.0.1]:${port}/mapped`,
      // Not on the allow-list (stored before it existed).
      `https://push.example:${port}/other`,
    ]) {
      const session = await createSession(t.db, {
        userId: user.id,
        tokenHash: newToken().hash,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      await saveSessionSubscription(t.db, {
        sessionId: session.id,
        userId: user.id,
        subscription: browserSubscription(endpoint),
      });
    }
    const result = await t.app.push.sendToUser(user.id, { title: 'x', body: 'y' });
    expect(result).toEqual({ sent: 0, removed: 4, failed: 0 });
    expect(service.received).toEqual([]);
    expect(await listPushSubscriptions(t.db, user.id)).toEqual([]);
  });
});
