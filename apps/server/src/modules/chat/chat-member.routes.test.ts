import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoomDetail } from '@ajar/shared/chat/chat.schemas';
import { buildChatProgram, collectEvents, nextEvent, tokenOf } from '../../test/factories/chat';
import { userTarget } from '@ajar/shared/realtime';
import { multipartBody } from '../../test/factories/media';
import { pdfBytes, pngBytes } from '../../test/factories/media-bytes';
import { joinProgram } from '../../test/factories/members';
import { createSocketTestApp, type SocketTestApp } from '../../test/socket-app';

const base = '/api/discussion/v1/discussion-private';
const memberBase = '/api/member/v1/chat';

let t: SocketTestApp;

beforeAll(async () => {
  t = await createSocketTestApp();
});
afterAll(() => t.close());

type Ctx = Awaited<ReturnType<typeof buildChatProgram>>;

async function openRoom(ctx: Ctx) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${memberBase}/get-room-id`,
    headers: ctx.member.headers,
    payload: { program_id: ctx.program.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { room_id: string } }>().data.room_id;
}

const send = (headers: { authorization: string }, room: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `${memberBase}/room/${room}/send-message`,
    headers,
    payload,
  });

async function detail(headers: { authorization: string }, path: string) {
  const res = await t.app.inject({ method: 'GET', url: path, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ChatRoomDetail }>().data;
}

describe('member chat in Ajar Belajar', () => {
  it('stores a message sent again with the same idempotency key once, delivered live once', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openRoom(ctx);
    const trainer = await t.socketFor(tokenOf(ctx.trainerHeaders));
    const live = collectEvents(trainer, 'chat.message');
    const key = randomUUID();

    const first = await send(ctx.member.headers, room, {
      message: 'Dari offline',
      idempotency_key: key,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(ctx.member.headers, room, {
      message: 'Dari offline',
      idempotency_key: key,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: ChatMessage }>().data.id).toBe(
      first.json<{ data: ChatMessage }>().data.id,
    );

    // A new key is a new message; its arrival also shows the first was delivered only once.
    const next = nextEvent(trainer, 'chat.message', (m) => m.message === 'Berikutnya');
    expect(
      (
        await send(ctx.member.headers, room, {
          message: 'Berikutnya',
          idempotency_key: randomUUID(),
        })
      ).statusCode,
    ).toBe(200);
    await next;
    expect(live.map((m) => m.message)).toEqual(['Dari offline', 'Berikutnya']);
    const { messages } = await detail(ctx.member.headers, `${memberBase}/detail-room/${room}`);
    expect(messages.map((m) => m.message)).toEqual(['Dari offline', 'Berikutnya']);
  });

  it('frees the key of a refused message, and keeps keys per member', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openRoom(ctx);
    const key = randomUUID();
    const refused = await send(ctx.member.headers, room, { message: '   ', idempotency_key: key });
    expect(refused.statusCode).toBe(400);
    const ok = await send(ctx.member.headers, room, {
      message: 'Diperbaiki',
      idempotency_key: key,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: ChatMessage }>().data.message).toBe('Diperbaiki');

    // Another member of the same program with the same key writes their own message.
    const { member: other } = await joinProgram(t.app, ctx.program.id);
    const otherRoom = (
      await t.app.inject({
        method: 'POST',
        url: `${memberBase}/get-room-id`,
        headers: other.headers,
        payload: { program_id: ctx.program.id },
      })
    ).json<{ data: { room_id: string } }>().data.room_id;
    const theirs = await send(other.headers, otherRoom, {
      message: 'Punya saya',
      idempotency_key: key,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<{ data: ChatMessage }>().data.message).toBe('Punya saya');
    // The same key on another's room is refused, not answered with the old message.
    const misuse = await send(other.headers, room, { message: 'x', idempotency_key: key });
    expect(misuse.statusCode).toBe(404);
  });

  it("shows the trainer's connection and read time to the member, live", async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openRoom(ctx);
    const memberSocket = await t.socketFor(ctx.member.token);
    const before = await detail(ctx.member.headers, `${memberBase}/detail-room/${room}`);
    expect(before.trainer_online).toBe(false);
    expect(before.other_read_at).toBeNull();

    const online = nextEvent(memberSocket, 'chat.trainer_presence');
    const trainerSocket = await t.socketFor(tokenOf(ctx.trainerHeaders));
    expect(await online).toMatchObject({ online: true });
    expect(
      (await detail(ctx.member.headers, `${memberBase}/detail-room/${room}`)).trainer_online,
    ).toBe(true);

    expect((await send(ctx.member.headers, room, { message: 'Sudah dibaca?' })).statusCode).toBe(
      200,
    );
    const read = nextEvent(memberSocket, 'chat.read', (e) => e.room_id === room);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${base}/read/${room}`,
      headers: ctx.trainerHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read).toMatchObject({ reader: 'staff' });
    const after = await detail(ctx.member.headers, `${memberBase}/detail-room/${room}`);
    expect(after.other_read_at).not.toBeNull();
    // The trainer sees the member's read time the same way.
    await t.app.inject({
      method: 'PUT',
      url: `${memberBase}/read/${room}`,
      headers: ctx.member.headers,
    });
    expect(
      (await detail(ctx.trainerHeaders, `${base}/detail-room/${room}`)).other_read_at,
    ).not.toBeNull();

    // The trainer's last socket closes: the member sees them offline, live and on reload.
    const offline = nextEvent(memberSocket, 'chat.trainer_presence', (e) => !e.online);
    trainerSocket.close();
    expect(await offline).toEqual({ trainer_id: ctx.trainer.id, online: false });
    expect(
      (await detail(ctx.member.headers, `${memberBase}/detail-room/${room}`)).trainer_online,
    ).toBe(false);
  });

  it('keeps the trainer online while another of their sockets stays open', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openRoom(ctx);
    const memberSocket = await t.socketFor(ctx.member.token);
    const events = collectEvents(memberSocket, 'chat.trainer_presence');
    const first = await t.socketFor(tokenOf(ctx.trainerHeaders));
    const second = await t.socketFor(tokenOf(ctx.trainerHeaders));
    first.close();
    const trainer = userTarget(ctx.trainer.id);
    await expect.poll(() => t.app.realtime.countSockets(trainer)).toBe(1);
    // A message sent after the first close arrives with no offline before it.
    const got = nextEvent(memberSocket, 'chat.message', (m) => m.message === 'Masih di sini');
    const reply = await t.app.inject({
      method: 'POST',
      url: `${base}/room/${room}/send-message`,
      headers: ctx.trainerHeaders,
      payload: { message: 'Masih di sini', reference_id: ctx.member.id },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await got;
    expect(events.filter((e) => !e.online)).toEqual([]);
    const offline = nextEvent(memberSocket, 'chat.trainer_presence', (e) => !e.online);
    second.close();
    expect(await offline).toEqual({ trainer_id: ctx.trainer.id, online: false });
  });

  it('takes an image into the own room only, and sends it as a message of its own', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openRoom(ctx);
    const upload = (
      headers: { authorization: string },
      roomId: string,
      data: Buffer,
      name: string,
    ) => {
      const form = multipartBody([
        { name: 'file', filename: name, contentType: 'image/png', data },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `${memberBase}/room/${roomId}/image`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    };
    const ok = await upload(ctx.member.headers, room, pngBytes(), 'foto.png');
    expect(ok.statusCode, ok.body).toBe(200);
    const image = ok.json<{ data: { url: string; type: string } }>().data;
    expect(image).toMatchObject({ type: 'image', url: expect.stringMatching(/\/media\/.+\.png$/) });
    // A PDF named .png is read by its bytes and refused; another member's room is not found.
    const pdf = await upload(ctx.member.headers, room, pdfBytes(), 'bukan-foto.png');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('File harus berupa gambar (JPG, PNG, GIF atau WebP)');
    const other = await buildChatProgram(t.app);
    expect((await upload(other.member.headers, room, pngBytes(), 'foto.png')).statusCode).toBe(404);

    const sent = await send(ctx.member.headers, room, {
      message: `<p><img src="${image.url}" alt="Gambar dari peserta"></p>`,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ data: ChatMessage }>().data.message).toBe(
      `<p><img src="${image.url}" alt="Gambar dari peserta" /></p>`,
    );
    const file = await t.app.inject({
      method: 'GET',
      url: new URL(image.url, 'http://x').pathname,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
  });
});
