import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTarget } from '@ajar/shared/realtime';
import { memberSessions, sessions } from '../db/schema';
import { hashToken } from '../lib/tokens';
import {
  buildChatProgram,
  collectEvents,
  connectSocket,
  nextEvent,
  tokenOf,
  type ChatSocket,
} from '../test/factories/chat';
import { authHeader, buildUser } from '../test/factories/users';
import { createSocketTestApp, type SocketTestApp } from '../test/socket-app';

let t: SocketTestApp;

beforeAll(async () => {
  t = await createSocketTestApp();
});
afterAll(() => t.close());

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
    const firstSocket = await t.socketFor(tokenOf(first));
    const secondSocket = await t.socketFor(tokenOf(second));
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/trainer/v1/logout',
      headers: first,
    });
    expect(logout.statusCode).toBe(200);
    expect(await endedByServer(firstSocket)).toBe(true);
    expect(await endedByServer(secondSocket, 500)).toBe(false);
    // The ended session cannot connect again.
    await expect(connectSocket(t.url, tokenOf(first))).rejects.toThrow('unauthorized');
  });

  it('a member logout ends the member’s socket', async () => {
    const { member } = await buildChatProgram(t.app);
    const socket = await t.socketFor(member.token);
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
    const socket = await t.socketFor(tokenOf(await authHeader(t.db, trainer)));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/v1/staff/status/${trainer.id}`,
      headers: await authHeader(t.db, admin),
      payload: { is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await endedByServer(socket)).toBe(true);
  });

  it('a socket is closed when its session expires (staff and member)', async () => {
    const trainer = await buildUser(t.db, { role: 'trainer' });
    const token = tokenOf(await authHeader(t.db, trainer));
    const soon = () => new Date(Date.now() + 1200);
    await t.db
      .update(sessions)
      .set({ expires_at: soon() })
      .where(eq(sessions.token_hash, hashToken(token)));
    const staffSocket = await t.socketFor(token);
    const { member } = await buildChatProgram(t.app);
    await t.db
      .update(memberSessions)
      .set({ expires_at: soon() })
      .where(eq(memberSessions.token_hash, hashToken(member.token)));
    const memberSocket = await t.socketFor(member.token);
    const [staffEnded, memberEnded] = await Promise.all([
      endedByServer(staffSocket, 5000),
      endedByServer(memberSocket, 5000),
    ]);
    expect(staffEnded).toBe(true);
    expect(memberEnded).toBe(true);
  });
});

describe('a role change re-checks open sockets at once', () => {
  async function memberMessage(ctx: Awaited<ReturnType<typeof buildChatProgram>>, text: string) {
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/chat/get-room-id',
      headers: ctx.member.headers,
      payload: { program_id: ctx.program.id },
    });
    const roomId = room.json<{ data: { room_id: string } }>().data.room_id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/member/v1/chat/room/${roomId}/send-message`,
      headers: ctx.member.headers,
      payload: { message: text },
    });
    expect(sent.statusCode).toBe(200);
  }

  it('an admin demoted to trainer stops receiving every private chat; promoted gets it again', async () => {
    const superadmin = await buildUser(t.db, { role: 'superadmin' });
    const admin = await buildUser(t.db, { role: 'admin' });
    const adminSocket = await t.socketFor(tokenOf(await authHeader(t.db, admin)));
    const ctx = await buildChatProgram(t.app);
    const seen = collectEvents(adminSocket, 'chat.message');

    const first = nextEvent(adminSocket, 'chat.message', (m) => m.message === 'Satu');
    await memberMessage(ctx, 'Satu');
    await first;

    const setRole = async (role: 'trainer' | 'admin') => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/v1/staff/update/${admin.id}`,
        headers: await authHeader(t.db, superadmin),
        payload: { fullname: admin.fullname, email: admin.email, phone: '6281234567890', role },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setRole('trainer');
    await memberMessage(ctx, 'Dua');
    // A later event on the same socket: 'Dua', had it been sent to it, would have come first.
    const marker = nextEvent(adminSocket, 'chat.unread', (u) => u.total_unread === -1);
    t.app.realtime.emit(userTarget(admin.id), 'chat.unread', { total_unread: -1 });
    await marker;
    expect(adminSocket.connected).toBe(true);
    expect(seen.map((m) => m.message)).toEqual(['Satu']);

    await setRole('admin');
    const third = nextEvent(adminSocket, 'chat.message', (m) => m.message === 'Tiga');
    await memberMessage(ctx, 'Tiga');
    await third;
  });
});
