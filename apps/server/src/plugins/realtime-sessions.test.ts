import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatProgram, connectSocket, tokenOf, type ChatSocket } from '../test/factories/chat';
import { authHeader, buildUser } from '../test/factories/users';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let url: string;
const open: ChatSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await t.close();
});

async function socketFor(token: string) {
  const socket = await connectSocket(url, token);
  open.push(socket);
  return socket;
}

/** Resolves true when the server ends the socket within `ms`, false when it stays connected. */
function endedByServer(socket: ChatSocket, ms = 3000): Promise<boolean> {
  if (!socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason === 'io server disconnect');
    });
  });
}

describe('sockets of ended sessions are closed at once', () => {
  it('a staff logout ends that session’s socket, not the user’s other session', async () => {
    const trainer = await buildUser(t.db, { role: 'trainer' });
    const first = await authHeader(t.db, trainer);
    const second = await authHeader(t.db, trainer);
    const firstSocket = await socketFor(tokenOf(first));
    const secondSocket = await socketFor(tokenOf(second));
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/trainer/v1/logout',
      headers: first,
    });
    expect(logout.statusCode).toBe(200);
    expect(await endedByServer(firstSocket)).toBe(true);
    expect(await endedByServer(secondSocket, 500)).toBe(false);
    // The ended session cannot connect again.
    await expect(connectSocket(url, tokenOf(first))).rejects.toThrow('unauthorized');
  });

  it('a member logout ends the member’s socket', async () => {
    const { member } = await buildChatProgram(t.app);
    const socket = await socketFor(member.token);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/logout',
      headers: member.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect(await endedByServer(socket)).toBe(true);
  });

  it('deactivating a staff account ends every socket of it', async () => {
    const admin = await buildUser(t.db, { role: 'superadmin' });
    const trainer = await buildUser(t.db, { role: 'trainer' });
    const socket = await socketFor(tokenOf(await authHeader(t.db, trainer)));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/v1/staff/status/${trainer.id}`,
      headers: await authHeader(t.db, admin),
      payload: { is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await endedByServer(socket)).toBe(true);
  });
});
