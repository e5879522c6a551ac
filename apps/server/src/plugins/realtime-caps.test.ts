import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketLimits } from '@ajar/shared/common/write-limits';
import { tokenOf, type ChatSocket } from '../test/factories/chat';
import { registerMember } from '../test/factories/members';
import { authHeader, buildUser } from '../test/factories/users';
import { createSocketTestApp, type SocketTestApp } from '../test/socket-app';

let t: SocketTestApp;

beforeAll(async () => {
  t = await createSocketTestApp();
});
afterAll(() => t.close());

/** Resolves once the server has closed the socket (rejects after `ms`). */
function closedByServer(socket: ChatSocket, ms = 5000): Promise<void> {
  if (!socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket still open')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      if (reason === 'io server disconnect') resolve();
      else reject(new Error(`closed by ${reason}`));
    });
  });
}

/** Waits until the server counts `n` sockets in all, polling (no fixed sleep). */
async function serverHolds(n: number) {
  await expect.poll(() => t.app.realtime.localSocketCount(), { timeout: 5000 }).toBe(n);
}

describe('sockets per session and per account are capped', () => {
  it('one member token cannot hold more than the session cap: the oldest socket is closed', async () => {
    const member = await registerMember(t.app);
    const before = t.app.realtime.localSocketCount();
    const sockets: ChatSocket[] = [];
    for (let n = 0; n < socketLimits.perSession; n += 1) {
      sockets.push(await t.socketFor(member.token));
    }
    const oldest = closedByServer(sockets[0]!);
    const newest = await t.socketFor(member.token);
    await oldest;
    expect(newest.connected).toBe(true);
    expect(sockets.slice(1).every((s) => s.connected)).toBe(true);
    await serverHolds(before + socketLimits.perSession);

    // A burst far past the cap leaves the server holding the cap, not the burst.
    await Promise.all(
      Array.from({ length: 3 * socketLimits.perSession }, () => t.socketFor(member.token)),
    );
    await serverHolds(before + socketLimits.perSession);
  });

  it('one staff account cannot hold more than the account cap over its sessions', async () => {
    const trainer = await buildUser(t.db, { role: 'trainer' });
    const before = t.app.realtime.localSocketCount();
    const sessions = await Promise.all(
      Array.from({ length: 3 }, async () => tokenOf(await authHeader(t.db, trainer))),
    );
    const sockets: ChatSocket[] = [];
    // Under the per-session cap in each session, over the per-account cap in all.
    const perSession = Math.ceil(socketLimits.perAccount / sessions.length);
    for (const token of sessions) {
      for (let n = 0; n < perSession; n += 1) sockets.push(await t.socketFor(token));
    }
    const over = sockets.length - socketLimits.perAccount;
    expect(over).toBeGreaterThan(0);
    await serverHolds(before + socketLimits.perAccount);
    // The ones closed are the oldest.
    await expect
      .poll(() => sockets.map((s) => s.connected).join(), { timeout: 5000 })
      .toBe(sockets.map((_s, i) => i >= over).join());
  });
});
