import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoomDetail, ChatRoomList } from '@ajar/shared/chat/chat.schemas';
import { memberTarget } from '@ajar/shared/realtime';
import {
  buildChatProgram,
  collectEvents,
  connectSocket,
  nextEvent,
  tokenOf,
} from '../../test/factories/chat';
import { joinProgram } from '../../test/factories/members';
import { signedIn } from '../../test/factories/users';
import { createSocketTestApp, type SocketTestApp } from '../../test/socket-app';

const base = '/api/discussion/v1/discussion-private';
const memberBase = '/api/member/v1/chat';

let t: SocketTestApp;

beforeAll(async () => {
  t = await createSocketTestApp();
});
afterAll(() => t.close());

async function openMemberRoom(ctx: Awaited<ReturnType<typeof buildChatProgram>>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${memberBase}/get-room-id`,
    headers: ctx.member.headers,
    payload: { program_id: ctx.program.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { room_id: string } }>().data.room_id;
}

function memberSend(ctx: Awaited<ReturnType<typeof buildChatProgram>>, room: string, text: string) {
  return t.app.inject({
    method: 'POST',
    url: `${memberBase}/room/${room}/send-message`,
    headers: ctx.member.headers,
    payload: { message: text },
  });
}

async function totalUnread(headers: { authorization: string }) {
  const res = await t.app.inject({ method: 'GET', url: `${base}/get-total-unread`, headers });
  return res.json<{ data: { total_unread: number } }>().data.total_unread;
}

describe('socket auth', () => {
  it('refuses a socket without a token or with a bad one', async () => {
    await expect(connectSocket(t.url, null)).rejects.toThrow('unauthorized');
    await expect(connectSocket(t.url, 'not-a-token')).rejects.toThrow('unauthorized');
  });
});

describe('private discussion', () => {
  it('delivers a member message live only to the room trainer, with unread totals and read marking', async () => {
    const ctx = await buildChatProgram(t.app);
    const other = await buildChatProgram(t.app);
    const room = await openMemberRoom(ctx);

    const trainerSocket = await t.socketFor(tokenOf(ctx.trainerHeaders));
    const otherSocket = await t.socketFor(tokenOf(other.trainerHeaders));
    const memberSocket = await t.socketFor(ctx.member.token);
    const foreign = collectEvents(otherSocket, 'chat.message');

    const arrived = nextEvent(trainerSocket, 'chat.message', (m) => m.room_id === room);
    const unread = nextEvent(trainerSocket, 'chat.unread');
    const res = await memberSend(ctx, room, 'Halo <b>Pak</b><script>alert(1)</script>');
    expect(res.statusCode, res.body).toBe(200);
    const live = await arrived;
    expect(live).toMatchObject({ type: 1, name: ctx.member.fullname, message: 'Halo <b>Pak</b>' });
    expect(live.license).toBeTruthy();
    expect((await unread).total_unread).toBe(1);
    expect(await totalUnread(ctx.trainerHeaders)).toBe(1);
    expect(await totalUnread(other.trainerHeaders)).toBe(0);

    // The list shows the room with its unread count and the member online (socket connected).
    const list = await t.app.inject({
      method: 'GET',
      url: `${base}/list?limit=10&page=1&sort_by=updated_at&sort_type=desc`,
      headers: ctx.trainerHeaders,
    });
    const data = list.json<{ data: ChatRoomList }>().data;
    expect(data.total_data).toBe(1);
    expect(data.list[0]).toMatchObject({
      id: room,
      member: { id: ctx.member.id, fullname: ctx.member.fullname, online: true },
      program: { id: ctx.program.id },
      last_message: 'Halo <b>Pak</b>',
      unread_message: 1,
      read: false,
    });

    // The trainer replies; the member socket receives it and its unread total.
    const memberGot = nextEvent(memberSocket, 'chat.message', (m) => m.room_id === room);
    const memberUnread = nextEvent(memberSocket, 'chat.unread');
    const reply = await t.app.inject({
      method: 'POST',
      url: `${base}/room/${room}/send-message`,
      headers: ctx.trainerHeaders,
      payload: { message: 'Halo juga', reference_id: ctx.member.id },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await memberGot).toMatchObject({ type: 2, name: 'Trainer Satu', message: 'Halo juga' });
    expect((await memberUnread).total_unread).toBe(1);

    // Read marking clears the trainer's unread.
    const read = await t.app.inject({
      method: 'PUT',
      url: `${base}/read/${room}`,
      headers: ctx.trainerHeaders,
    });
    expect(read.statusCode).toBe(200);
    expect(await totalUnread(ctx.trainerHeaders)).toBe(0);

    await new Promise((r) => setTimeout(r, 100));
    expect(foreign).toEqual([]);
  });

  it('keeps a trainer to their own rooms; admins see all', async () => {
    const ctx = await buildChatProgram(t.app);
    const other = await buildChatProgram(t.app);
    const room = await openMemberRoom(ctx);
    for (const [method, path] of [
      ['GET', `${base}/detail-room/${room}`],
      ['PUT', `${base}/read/${room}`],
    ] as const) {
      const res = await t.app.inject({ method, url: path, headers: other.trainerHeaders });
      expect(res.statusCode).toBe(404);
    }
    const send = await t.app.inject({
      method: 'POST',
      url: `${base}/room/${room}/send-message`,
      headers: other.trainerHeaders,
      payload: { message: 'Bukan kamar saya' },
    });
    expect(send.statusCode).toBe(404);
    // A trainer cannot open a room in another trainer's name.
    const foreignRoom = await t.app.inject({
      method: 'POST',
      url: `${base}/get-room-id`,
      headers: other.trainerHeaders,
      payload: { program_id: ctx.program.id, trainer_id: ctx.trainer.id, member_id: ctx.member.id },
    });
    expect(foreignRoom.statusCode).toBe(404);

    const admin = await signedIn(t.db, 'admin');
    const detail = await t.app.inject({
      method: 'GET',
      url: `${base}/detail-room/${room}`,
      headers: admin.headers,
    });
    expect(detail.statusCode).toBe(200);
    const same = await t.app.inject({
      method: 'POST',
      url: `${base}/get-room-id`,
      headers: ctx.trainerHeaders,
      payload: { program_id: ctx.program.id, trainer_id: ctx.trainer.id, member_id: ctx.member.id },
    });
    expect(same.json<{ data: { room_id: string } }>().data.room_id).toBe(room);
  });

  it('rejects an empty message with the spec text', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openMemberRoom(ctx);
    for (const message of ['   ', '<p> </p>']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/room/${room}/send-message`,
        headers: ctx.trainerHeaders,
        payload: { message },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'error validation',
        validation: { message: 'Pesan tidak boleh kosong' },
      });
    }
  });

  it('keeps only images uploaded through Ajar in a member message', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openMemberRoom(ctx);
    const own = '/media/2026/11/0b6f0d3c-5a8e-4c1e-9b1e-2f3d4c5b6a79.png';
    const res = await memberSend(
      ctx,
      room,
      `Lihat <img src="https://pelacak.contoh.com/p.gif?u=1"><img src="${own}" alt="tugas">` +
        '<img src="//pelacak.contoh.com/media/2026/11/x.png"><img src="/media/../secret.png">',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toBe(`Lihat <img src="${own}" alt="tugas" />`);
    const only = await memberSend(ctx, room, '<img src="https://pelacak.contoh.com/p.gif">');
    expect(only.statusCode).toBe(400);
    expect(only.json().validation).toEqual({ message: 'Pesan tidak boleh kosong' });
  });

  it('leaves rooms without a message out of the staff list and its count', async () => {
    const ctx = await buildChatProgram(t.app);
    await openMemberRoom(ctx);
    const list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${base}/list?limit=10&page=1&sort_by=updated_at&sort_type=desc&program_id=${ctx.program.id}`,
          headers: ctx.trainerHeaders,
        })
      ).json<{ data: ChatRoomList }>().data;
    expect(await list()).toMatchObject({ total_data: 0, list: [] });
    const room = await openMemberRoom(ctx);
    expect((await memberSend(ctx, room, 'Halo')).statusCode).toBe(200);
    expect(await list()).toMatchObject({ total_data: 1, list: [{ id: room }] });
  });

  it('pages messages 10 then 10 more, oldest first within a page', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openMemberRoom(ctx);
    for (let i = 1; i <= 25; i += 1) {
      expect((await memberSend(ctx, room, `Pesan ${i}`)).statusCode).toBe(200);
    }
    const page = async (before?: string) => {
      const q = before ? `?limit=10&before=${before}` : '?limit=10';
      const res = await t.app.inject({
        method: 'GET',
        url: `${base}/detail-room/${room}${q}`,
        headers: ctx.trainerHeaders,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: ChatRoomDetail }>().data;
    };
    const first = await page();
    expect(first.messages.map((m: ChatMessage) => m.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pesan ${16 + i}`),
    );
    expect(first.has_more).toBe(true);
    expect(first.member).toMatchObject({ id: ctx.member.id, name: ctx.member.fullname });
    const second = await page(first.messages[0]!.id);
    expect(second.messages.map((m) => m.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pesan ${6 + i}`),
    );
    const third = await page(second.messages[0]!.id);
    expect(third.messages).toHaveLength(5);
    expect(third.has_more).toBe(false);
  });

  it('pages past a message written in the same millisecond as the one before it', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openMemberRoom(ctx);
    expect((await memberSend(ctx, room, 'Lebih dulu')).statusCode).toBe(200);
    expect((await memberSend(ctx, room, 'Sesudahnya')).statusCode).toBe(200);
    // Microseconds apart: PostgreSQL tells them apart, a JS Date does not.
    for (const [message, at] of [
      ['Lebih dulu', '2026-01-05 10:00:00.123456+00'],
      ['Sesudahnya', '2026-01-05 10:00:00.123789+00'],
    ]) {
      await t.db.execute(
        sql`update chat_messages set created_at = ${at}::timestamptz where room_id = ${room}::uuid and message like ${`%${message}%`}`,
      );
    }
    const detail = async (q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${base}/detail-room/${room}${q}`,
          headers: ctx.trainerHeaders,
        })
      ).json<{ data: ChatRoomDetail }>().data;
    const newest = (await detail('?limit=10')).messages.at(-1)!;
    expect(newest.message).toContain('Sesudahnya');
    const older = await detail(`?limit=10&before=${newest.id}`);
    expect(older.messages.map((m) => m.message)).toEqual([expect.stringContaining('Lebih dulu')]);
  });

  it('lets a member chat only in programs they redeemed', async () => {
    const ctx = await buildChatProgram(t.app);
    const other = await buildChatProgram(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${memberBase}/get-room-id`,
      headers: ctx.member.headers,
      payload: { program_id: other.program.id },
    });
    expect(res.statusCode).toBe(404);
    const otherRoom = await openMemberRoom(other);
    const send = await memberSend(ctx, otherRoom, 'Halo');
    expect(send.statusCode).toBe(404);
    // A staff token is not a member token.
    const staff = await t.app.inject({
      method: 'GET',
      url: `${memberBase}/rooms`,
      headers: ctx.trainerHeaders,
    });
    expect(staff.statusCode).toBe(401);
    // The member's own list.
    await joinProgram(t.app, other.program.id, { member: ctx.member });
    await t.app.inject({
      method: 'POST',
      url: `${memberBase}/get-room-id`,
      headers: ctx.member.headers,
      payload: { program_id: other.program.id },
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `${memberBase}/rooms`,
      headers: ctx.member.headers,
    });
    expect(mine.json<{ data: { list: unknown[] } }>().data.list).toHaveLength(1);
  });
});

describe('presence', () => {
  it('pushes offline when the member’s last socket closes, not before', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openMemberRoom(ctx);
    expect((await memberSend(ctx, room, 'Halo')).statusCode).toBe(200);
    const trainerSocket = await t.socketFor(tokenOf(ctx.trainerHeaders));
    const presence = collectEvents(trainerSocket, 'chat.presence');
    const mine = (online: boolean) => (p: { member_id: string; online: boolean }) =>
      p.member_id === ctx.member.id && p.online === online;

    const online = nextEvent(trainerSocket, 'chat.presence', mine(true));
    const first = await t.socketFor(ctx.member.token);
    await online;
    const second = await t.socketFor(ctx.member.token);

    first.close();
    await expect.poll(() => t.app.realtime.countSockets(memberTarget(ctx.member.id))).toBe(1);
    // A later event to the trainer: an offline pushed by the first close would have come before.
    const message = nextEvent(trainerSocket, 'chat.message', (m) => m.message === 'Masih di sini');
    expect((await memberSend(ctx, room, 'Masih di sini')).statusCode).toBe(200);
    await message;
    expect(presence.filter(mine(false))).toEqual([]);

    const offline = nextEvent(trainerSocket, 'chat.presence', mine(false));
    second.close();
    await offline;
    const list = await t.app.inject({
      method: 'GET',
      url: `${base}/list?limit=10&page=1&sort_by=updated_at&sort_type=desc&program_id=${ctx.program.id}`,
      headers: ctx.trainerHeaders,
    });
    expect(list.json<{ data: ChatRoomList }>().data.list[0]!.member.online).toBe(false);

    // Back online with the next socket.
    const again = nextEvent(trainerSocket, 'chat.presence', mine(true));
    await t.socketFor(ctx.member.token);
    await again;
  });
});
