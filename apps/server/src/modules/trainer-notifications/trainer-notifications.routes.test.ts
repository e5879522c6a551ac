import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainerNotificationList } from '@ajar/shared/trainer-notifications/trainer-notifications.schemas';
import { trainerNotifications } from '../../db/schema/trainer-notifications';
import { assignTrainer, buildActivity } from '../../test/factories/activities';
import { browserSubscription, listPushSubscriptions } from '../../test/factories/auth';
import { buildChatProgram, collectEvents, nextEvent, tokenOf } from '../../test/factories/chat';
import { multipartBody } from '../../test/factories/media';
import { pdfBytes } from '../../test/factories/media-bytes';
import { joinProgram, type TestMember } from '../../test/factories/members';
import {
  fakePushServiceEnv,
  startPushService,
  type FakePushService,
} from '../../test/factories/push-service';
import { authHeader, buildUser, signedIn } from '../../test/factories/users';
import { createSocketTestApp, type SocketTestApp } from '../../test/socket-app';

const listUrl = '/api/notification/v1/trainer/list';

let t: SocketTestApp;
let pushService: FakePushService;

beforeAll(async () => {
  t = await createSocketTestApp(fakePushServiceEnv);
  pushService = await startPushService((p) => (p.startsWith('/gone') ? 410 : 201));
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

type Headers = { authorization: string };

async function list(headers: Headers, query = 'limit=10&page=1&sort_by=created_at&dir=desc') {
  const res = await t.app.inject({ method: 'GET', url: `${listUrl}?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TrainerNotificationList }>().data;
}

const unreadCount = async (headers: Headers) => (await list(headers, 'reads=0&limit=1')).total;

/** A program with a trainer, a second trainer of another program, a member and a public thread. */
async function scene() {
  const ctx = await buildChatProgram(t.app);
  const activity = await buildActivity(t.db, ctx.topic, {
    name: 'Diskusi Bab 1',
    type: 'praktek_mandiri',
    settings: { is_show_discussion: 2 },
  });
  const other = await buildChatProgram(t.app);
  return { ...ctx, activity, other };
}

function memberPost(member: TestMember, programId: string, activityId: string, content: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/member/v1/program/${programId}/activity/${activityId}/discussion`,
    headers: member.headers,
    payload: { content },
  });
}

describe('trainer notifications', () => {
  it('a member post notifies the trainers of that program only, live on their socket', async () => {
    const s = await scene();
    const socket = await t.socketFor(tokenOf(s.trainerHeaders));
    const otherSocket = await t.socketFor(tokenOf(s.other.trainerHeaders));
    const foreign = collectEvents(otherSocket, 'notification.new');
    const live = nextEvent(socket, 'notification.new');

    const res = await memberPost(s.member, s.program.id, s.activity.id, 'Pak, saya bertanya');
    expect(res.statusCode, res.body).toBe(200);

    const event = await live;
    expect(event).toMatchObject({
      kind: 'discussion',
      read: false,
      notification: {
        title: 'Diskusi publik baru',
        description: `${s.member.fullname} menulis di diskusi Diskusi Bab 1`,
      },
      additional: {
        program: { name: s.program.title },
        topic: { name: s.topic.name },
        activity: { name: 'Diskusi Bab 1' },
      },
      link: `/discussion/public/program/${s.program.id}/${s.topic.id}/${s.activity.id}/Diskusi%20Bab%201`,
    });
    const mine = await list(s.trainerHeaders);
    expect(mine.total).toBe(1);
    expect(mine.total_data).toBe(1);
    expect(mine.list[0]).toEqual(event);
    expect((await list(s.other.trainerHeaders)).total).toBe(0);
    expect(foreign).toHaveLength(0);
  });

  it('every assigned active trainer gets one; admins and inactive trainers do not', async () => {
    const s = await scene();
    const second = await buildUser(t.db, { role: 'trainer' });
    await assignTrainer(t.db, s.program.id, second.id);
    // The same trainer linked twice still gets one notification.
    await assignTrainer(t.db, s.program.id, second.id);
    const inactive = await buildUser(t.db, { role: 'trainer', is_active: false });
    await assignTrainer(t.db, s.program.id, inactive.id);
    const admin = await signedIn(t.db, 'admin');

    const res = await memberPost(s.member, s.program.id, s.activity.id, 'Halo');
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(s.trainerHeaders)).total).toBe(1);
    expect((await list(await authHeader(t.db, second))).total).toBe(1);
    const rows = await t.db
      .select({ user_id: trainerNotifications.user_id })
      .from(trainerNotifications)
      .where(eq(trainerNotifications.program_id, s.program.id));
    expect(rows.map((r) => r.user_id).sort()).toEqual([s.trainer.id, second.id].sort());
    expect((await list(admin.headers)).total).toBe(0);
  });

  it('a member chat message rings no bell (the mail icon counts it); uploaded work notifies the trainers', async () => {
    const s = await scene();
    const socket = await t.socketFor(tokenOf(s.trainerHeaders));
    const bell = collectEvents(socket, 'notification.new');
    const unreadRooms = nextEvent(socket, 'chat.unread');
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/chat/get-room-id',
      headers: s.member.headers,
      payload: { program_id: s.program.id },
    });
    const roomId = room.json<{ data: { room_id: string } }>().data.room_id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/member/v1/chat/room/${roomId}/send-message`,
      headers: s.member.headers,
      payload: { message: '<p>Tolong <b>cek</b> tugas saya</p>' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The mail icon's count comes live; the bell gets nothing, now or stored.
    expect((await unreadRooms).total_unread).toBeGreaterThan(0);
    let mine = await list(s.trainerHeaders);
    expect(mine.total).toBe(0);
    expect(bell).toEqual([]);

    const body = multipartBody([{ name: 'file', filename: 'tugas.pdf', data: pdfBytes() }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/member/v1/program/${s.program.id}/activity/${s.activity.id}/upload`,
      headers: { ...s.member.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    mine = await list(s.trainerHeaders);
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({
      kind: 'work',
      notification: {
        title: 'Tugas baru untuk dinilai',
        description: `${s.member.fullname} mengunggah tugas Diskusi Bab 1`,
      },
      link: `/program/users/${s.program.id}`,
    });
    expect((await list(s.other.trainerHeaders)).total).toBe(0);
  });

  it('ten uploads of one member to one activity are one unread bell entry until it is read', async () => {
    const s = await scene();
    const socket = await t.socketFor(tokenOf(s.trainerHeaders));
    const bell = collectEvents(socket, 'notification.new');
    const upload = async () => {
      const body = multipartBody([{ name: 'file', filename: 'tugas.pdf', data: pdfBytes() }]);
      const up = await t.app.inject({
        method: 'POST',
        url: `/api/member/v1/program/${s.program.id}/activity/${s.activity.id}/upload`,
        headers: { ...s.member.headers, ...body.headers },
        payload: body.payload,
      });
      expect(up.statusCode, up.body).toBe(200);
    };
    for (let n = 0; n < 10; n += 1) await upload();
    // The bell is written after the upload's answer: wait for the entry, then for the rest.
    await expect.poll(() => unreadCount(s.trainerHeaders)).toBe(1);
    expect(bell.length).toBe(1);

    // Another member's upload is an entry of its own.
    const { member: second } = await joinProgram(t.app, s.program.id);
    const body = multipartBody([{ name: 'file', filename: 'tugas.pdf', data: pdfBytes() }]);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/member/v1/program/${s.program.id}/activity/${s.activity.id}/upload`,
      headers: { ...second.headers, ...body.headers },
      payload: body.payload,
    });
    expect(other.statusCode, other.body).toBe(200);
    await expect.poll(() => unreadCount(s.trainerHeaders)).toBe(2);

    // Once read, the next upload rings again.
    const entry = bell[0]!;
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notification/v1/trainer/read/${entry.id}`,
      headers: s.trainerHeaders,
    });
    expect(read.statusCode).toBe(200);
    await upload();
    await expect.poll(() => list(s.trainerHeaders).then((all) => all.total)).toBe(3);
    expect(await unreadCount(s.trainerHeaders)).toBe(2);
  });

  it('lists with reads filter and paging, marks read, and answers 404 for another user', async () => {
    const s = await scene();
    for (let i = 1; i <= 12; i += 1) {
      const res = await memberPost(s.member, s.program.id, s.activity.id, `Pesan ${i}`);
      expect(res.statusCode).toBe(200);
    }
    expect(await unreadCount(s.trainerHeaders)).toBe(12);
    const first = await list(s.trainerHeaders, 'limit=10&page=1');
    expect(first.list).toHaveLength(10);
    expect(first).toMatchObject({ limit: 10, page: 1, total: 12, total_data: 12 });
    const second = await list(s.trainerHeaders, 'limit=10&page=2');
    expect(second.list).toHaveLength(2);
    const times = [...first.list, ...second.list].map((n) => n.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const asc = await list(s.trainerHeaders, 'limit=100&dir=asc');
    expect(asc.list.map((n) => n.id)).toEqual(
      [...first.list, ...second.list].map((n) => n.id).reverse(),
    );

    const target = first.list[0]!;
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notification/v1/trainer/read/${target.id}`,
      headers: s.trainerHeaders,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ message: 'Notifikasi sudah terbaca', data: null });
    expect(await unreadCount(s.trainerHeaders)).toBe(11);
    const readOnes = await list(s.trainerHeaders, 'reads=1');
    expect(readOnes.list.map((n) => [n.id, n.read])).toEqual([[target.id, true]]);

    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/notification/v1/trainer/read/${target.id}`,
      headers: s.other.trainerHeaders,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${listUrl}?reads=2&limit=0`,
      headers: s.trainerHeaders,
    });
    expect(bad.statusCode).toBe(400);
    // Never "all": the entries grow with a program's participants.
    const all = await t.app.inject({
      method: 'GET',
      url: `${listUrl}?reads=0&limit=-1`,
      headers: s.trainerHeaders,
    });
    expect(all.statusCode).toBe(400);
    expect(all.json().validation.limit).toMatch(/limit harus antara 1 dan 100/);
    const anonymous = await t.app.inject({ method: 'GET', url: listUrl });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends Web Push to the trainer and removes dead subscriptions', async () => {
    const s = await scene();
    const put = (headers: Headers, path: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/push/v1/subscription',
        headers,
        payload: { subscription: browserSubscription(`${pushService.origin}${path}`) },
      });
    expect((await put(s.trainerHeaders, `/ok-${s.trainer.id}`)).statusCode).toBe(200);
    expect((await put(await authHeader(t.db, s.trainer), `/gone-${s.trainer.id}`)).statusCode).toBe(
      200,
    );
    const res = await memberPost(s.member, s.program.id, s.activity.id, 'Push ya');
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 200; i += 1) {
      const subs = await listPushSubscriptions(t.db, s.trainer.id);
      const got = pushService.received.some((p) => p.path === `/ok-${s.trainer.id}`);
      if (got && subs.length === 1) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(pushService.received.some((p) => p.path === `/ok-${s.trainer.id}`)).toBe(true);
    const left = await listPushSubscriptions(t.db, s.trainer.id);
    expect(left.map((r) => r.endpoint)).toEqual([`${pushService.origin}/ok-${s.trainer.id}`]);
  });
});
