import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLimits } from '@ajar/shared/common/write-limits';
import { buildChatProgram } from '../test/factories/chat';
import { multipartBody } from '../test/factories/media';
import { pngBytes } from '../test/factories/media-bytes';
import { registerMember } from '../test/factories/members';
import { signedIn } from '../test/factories/users';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };

async function openRoom(headers: Headers, programId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/member/v1/chat/get-room-id',
    headers,
    payload: { program_id: programId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { room_id: string } }>().data.room_id;
}

const sendChat = (headers: Headers, room: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/member/v1/chat/room/${room}/send-message`,
    headers,
    payload: { message: `Pesan ${n}` },
  });

function expectTooMany(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) {
  expect(res.statusCode, res.body).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect((JSON.parse(res.body) as { message: string }).message).toMatch(
    /^Terlalu banyak permintaan\. Coba lagi dalam \d+ (detik|menit)\.$/,
  );
}

describe('per-account limits on signed-in writes', () => {
  it('a member’s chat messages stop at the chat limit with 429 + Retry-After; another member goes on', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = await openRoom(ctx.member.headers, ctx.program.id);
    const { max } = writeLimits.chat.member;
    // The room was opened with one write already; the chat limit counts messages only.
    for (let n = 1; n <= max; n += 1) {
      const res = await sendChat(ctx.member.headers, room, n);
      expect(res.statusCode, `message ${n}: ${res.body}`).toBe(200);
    }
    const over = await sendChat(ctx.member.headers, room, max + 1);
    expectTooMany(over);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(
      writeLimits.chat.member.windowSeconds,
    );

    // The refused message was not stored.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/chat/detail-room/${room}`,
      headers: ctx.member.headers,
    });
    expect(detail.body).not.toContain(`Pesan ${max + 1}`);

    // Another participant of the same program is not held back.
    const other = await buildChatProgram(t.app);
    const otherRoom = await openRoom(other.member.headers, other.program.id);
    expect((await sendChat(other.member.headers, otherRoom, 1)).statusCode).toBe(200);
  });

  it('a member’s public posts stop at the discussion limit', async () => {
    const member = await registerMember(t.app);
    const { max } = writeLimits.discussion.member;
    const url = `/api/member/v1/program/${randomUUID()}/activity/${randomUUID()}/discussion`;
    // Every attempt counts, answered or not: a flood of refused posts costs the server too.
    for (let n = 1; n <= max; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: member.headers,
        payload: { message: `Posting ${n}` },
      });
      expect(res.statusCode, res.body).not.toBe(429);
    }
    expectTooMany(
      await t.app.inject({
        method: 'POST',
        url,
        headers: member.headers,
        payload: { message: 'Satu lagi' },
      }),
    );
  });

  it('a member’s uploads stop at the upload limit, whatever the route', async () => {
    const member = await registerMember(t.app);
    const { max } = writeLimits.upload.member;
    const upload = () => {
      const form = multipartBody([
        { name: 'file', filename: 'foto.png', contentType: 'image/png', data: pngBytes() },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/member/v1/profile/photo',
        headers: { ...member.headers, ...form.headers },
        payload: form.payload,
      });
    };
    for (let n = 1; n <= max; n += 1) {
      const res = await upload();
      expect(res.statusCode, `upload ${n}: ${res.body}`).toBe(200);
    }
    expectTooMany(await upload());
    // Other writes of the member still pass (only the general ceiling holds those).
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/member/v1/profile',
      headers: member.headers,
      payload: { fullname: 'Nama Baru', phone: member.phone },
    });
    expect(profile.statusCode, profile.body).not.toBe(429);
  });

  it('a staff account’s writes stop at the general ceiling; reads and other accounts go on', async () => {
    const { headers } = await signedIn(t.db, 'superadmin');
    const { max } = writeLimits.write.staff;
    const write = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/discussion/v1/delete/${randomUUID()}`,
        headers,
      });
    for (let n = 1; n <= max; n += 1) {
      const res = await write();
      expect(res.statusCode, res.body).toBe(404);
    }
    expectTooMany(await write());
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/v1/me', headers });
    expect(read.statusCode).toBe(200);
    const other = await signedIn(t.db, 'superadmin');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/discussion/v1/delete/${randomUUID()}`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('a staff account’s discussion replies stop at the discussion limit', async () => {
    const { headers } = await signedIn(t.db, 'superadmin');
    const { max } = writeLimits.discussion.staff;
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/discussion/v1/create',
        headers,
        payload: { activity_id: randomUUID(), message: 'Jawaban' },
      });
    for (let n = 1; n <= max; n += 1) expect((await post()).statusCode).not.toBe(429);
    expectTooMany(await post());
  });
});
