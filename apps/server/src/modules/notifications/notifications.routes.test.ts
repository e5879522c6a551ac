import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPushSubscriptions, memberRedeems } from '../../db/schema';
import { memberNotifications, sentNotifications } from '../../db/schema/notifications';
import { browserSubscription } from '../../test/factories/auth';
import { collectEvents, connectSocket, nextEvent } from '../../test/factories/chat';
import { joinProgram, registerMember, type TestMember } from '../../test/factories/members';
import { buildProgram } from '../../test/factories/programs';
import {
  fakePushServiceEnv,
  startPushService,
  type FakePushService,
} from '../../test/factories/push-service';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('notifications to participants API', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let pushService: FakePushService;

  beforeAll(async () => {
    t = await createTestApp(fakePushServiceEnv);
    admin = (await signedIn(t.db, 'admin')).headers;
    pushService = await startPushService((p) => (p.startsWith('/gone') ? 410 : 201));
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  const send = (payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/notification/v1/create', headers, payload });

  const memberList = async (member: TestMember) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/notification/list?limit=50',
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      list: { id: string; title: string; read: boolean; program: { title: string } | null }[];
      total: number;
      total_unread: number;
    };
  };

  /** A participant of the program whose progress is `progress`. */
  const participant = async (programId: string, progress: number, member?: TestMember) => {
    const joined = await joinProgram(t.app, programId, member ? { member } : {});
    await t.db
      .update(memberRedeems)
      .set({ progress })
      .where(eq(memberRedeems.id, joined.redeem.id));
    return joined.member;
  };

  const waitForPush = async (id: string) => {
    for (let i = 0; i < 200; i += 1) {
      const [row] = await t.db.select().from(sentNotifications).where(eq(sentNotifications.id, id));
      if (row?.push_state === 'done') return row;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('push job did not finish');
  };

  it('sends to the members of the program within the progress range only', async () => {
    const program = await buildProgram(t.db, { status: 'publish', title: 'Program Notif A' });
    const other = await buildProgram(t.db, { status: 'publish' });
    const low = await participant(program.id, 10);
    const mid = await participant(program.id, 50);
    const high = await participant(program.id, 90);
    const elsewhere = await participant(other.id, 50);
    // A member in both programs is one recipient, however many redemptions match.
    await participant(other.id, 50, mid);

    const res = await send({
      program_id: program.id,
      progress_start: 20,
      progress_end: 80,
      title: 'Kelas dimulai',
      message: 'Jangan lupa ikut sesi hari ini',
      link: 'https://contoh.id/kelas',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully send notification');
    expect(res.json().data.recipients).toBe(1);

    expect((await memberList(mid)).list.map((n) => n.title)).toEqual(['Kelas dimulai']);
    for (const m of [low, high, elsewhere]) expect((await memberList(m)).total).toBe(0);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notification/v1/list?page=1&limit=10',
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.total_data).toBe(data.total);
    expect(data.list[0]).toMatchObject({
      type: 'program',
      program: { title: 'Program Notif A' },
      progress: { progress_start: 20, progress_end: 80 },
      title: 'Kelas dimulai',
      description: 'Jangan lupa ikut sesi hari ini',
      link: 'https://contoh.id/kelas',
      recipients: 1,
    });
  });

  it("tells the recipients' open apps at once, and nobody else", async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const program = await buildProgram(t.db, { status: 'publish' });
    const reached = await participant(program.id, 50);
    const left = await participant(program.id, 10);
    const [mine, theirs] = await Promise.all(
      [reached, left].map((m) => connectSocket(url, m.token)),
    );
    try {
      const unreached = collectEvents(theirs!, 'member_notification.new');
      const told = nextEvent(mine!, 'member_notification.new');
      const res = await send({
        program_id: program.id,
        progress_start: 20,
        progress_end: 80,
        title: 'Sesi tanya jawab',
        message: 'Nanti malam pukul 19.00',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await told).toEqual({ program_id: program.id });
      // The member outside the range was not among the rooms of the one emit above.
      expect(unreached).toEqual([]);
    } finally {
      mine?.close();
      theirs?.close();
    }
  });

  it('counts the recipients of a target before sending', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    await participant(program.id, 0);
    await participant(program.id, 100);
    const count = (qs: string) =>
      t.app.inject({ method: 'GET', url: `/api/notification/v1/recipients?${qs}`, headers: admin });
    const all = await count(`program_id=${program.id}&progress_start=0&progress_end=100`);
    expect(all.json().data.recipients).toBe(2);
    const top = await count(`program_id=${program.id}&progress_start=100&progress_end=100`);
    expect(top.json().data.recipients).toBe(1);
  });

  it('sends a global notification to every member with a redemption in the range', async () => {
    const p1 = await buildProgram(t.db, { status: 'publish' });
    const p2 = await buildProgram(t.db, { status: 'publish' });
    const a = await participant(p1.id, 0);
    const b = await participant(p2.id, 100);
    const nobody = await registerMember(t.app); // no redemption: not a participant yet

    const res = await send({ program_id: null, title: 'Info umum', message: 'Untuk semua' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(sentNotifications)
      .where(eq(sentNotifications.id, res.json().data.id));
    expect(row).toMatchObject({ type: 'global', program_id: null, progress_start: 0 });
    expect(row!.progress_end).toBe(100);
    const rows = await t.db
      .select({ n: memberNotifications.id })
      .from(memberNotifications)
      .where(eq(memberNotifications.sent_notification_id, row!.id));
    expect(rows.length).toBe(row!.recipients);
    expect((await memberList(a)).list[0]).toMatchObject({ title: 'Info umum', program: null });
    expect((await memberList(b)).list[0]!.title).toBe('Info umum');
    expect((await memberList(nobody)).total).toBe(0);

    const ranged = await send({ progress_start: 100, progress_end: 100, title: 'T', message: 'M' });
    expect((await memberList(b)).list[0]!.title).toBe('T');
    expect((await memberList(a)).list[0]!.title).toBe('Info umum');
    expect(ranged.json().data.recipients).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad input with Indonesian messages', async () => {
    const empty = await send({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().validation).toMatchObject({
      title: 'Judul tidak boleh kosong',
      message: 'Pesan tidak boleh kosong',
    });
    const bad = await send({
      progress_start: 80,
      progress_end: 20,
      title: 'x'.repeat(101),
      message: 'y'.repeat(501),
      link: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation).toMatchObject({
      progress_end: 'Progress Min harus kurang dari atau sama dengan Progress Maks',
      title: 'Judul harus kurang dari atau sama dengan 100 karakter.',
      message: 'Pesan harus kurang dari atau sama dengan 500 karakter.',
      link: 'Link harus berupa URL http atau https',
    });
    const range = await send({ progress_start: -1, progress_end: 101, title: 'a', message: 'b' });
    expect(range.json().validation).toMatchObject({
      progress_start: 'Progress Min harus lebih dari atau sama dengan 0',
      progress_end: 'Progress Maks harus kurang dari atau sama dengan 100',
    });
    const missing = await send({
      program_id: '00000000-0000-4000-8000-000000000000',
      title: 'a',
      message: 'b',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().validation).toEqual({ program_id: 'Program tidak ditemukan' });
  });

  it('keeps nothing of a send whose push cannot be queued, so a retry sends it once', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const member = await participant(program.id, 40);
    const title = 'Tidak terkirim';
    // The queue's tables out of reach: pg-boss cannot queue the push job.
    await t.db.execute(sql`alter schema pgboss rename to pgboss_away`);
    try {
      const refused = await send({ program_id: program.id, title, message: 'Pesan' });
      expect(refused.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter schema pgboss_away rename to pgboss`);
    }
    const kept = await t.db
      .select({ id: sentNotifications.id })
      .from(sentNotifications)
      .where(eq(sentNotifications.title, title));
    expect(kept).toEqual([]);
    expect((await memberList(member)).total).toBe(0);

    const again = await send({ program_id: program.id, title, message: 'Pesan' });
    expect(again.statusCode).toBe(200);
    expect((await memberList(member)).list.map((n) => n.title)).toEqual([title]);
  });

  it('is refused to trainers and to guests', async () => {
    const trainer = (await signedIn(t.db, 'trainer')).headers;
    expect((await send({ title: 'a', message: 'b' }, trainer)).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notification/v1/list',
      headers: trainer,
    });
    expect(list.statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'POST', url: '/api/notification/v1/create' });
    expect(guest.statusCode).toBe(401);
  });

  it("lets a member read their own notifications, never another's", async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const mine = await participant(program.id, 40);
    const theirs = await participant(program.id, 40);
    await send({ program_id: program.id, title: 'Satu', message: 'Pesan satu' });
    await send({ program_id: program.id, title: 'Dua', message: 'Pesan dua' });

    const before = await memberList(mine);
    expect(before.list.map((n) => n.title)).toEqual(['Dua', 'Satu']);
    expect(before.total_unread).toBe(2);
    const target = before.list[1]!;
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/member/v1/notification/read/${target.id}`,
      headers: mine.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().message).toBe('Notifikasi sudah terbaca');
    const after = await memberList(mine);
    expect(after.total_unread).toBe(1);
    expect(after.list.find((n) => n.id === target.id)!.read).toBe(true);

    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/member/v1/notification/read/${(await memberList(theirs)).list[0]!.id}`,
      headers: mine.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await memberList(theirs)).total_unread).toBe(2);
    const staffToken = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/notification/list',
      headers: admin,
    });
    expect(staffToken.statusCode).toBe(401);
  });

  it('pushes to the recipients’ subscriptions and deletes dead ones', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const alive = await participant(program.id, 30);
    const dead = await participant(program.id, 30);
    const outside = await participant(program.id, 0);
    const subscribe = (m: TestMember, p: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/member/v1/push/subscription',
        headers: m.headers,
        payload: { subscription: browserSubscription(`${pushService.origin}${p}`) },
      });
    expect((await subscribe(alive, '/ok-alive')).statusCode).toBe(200);
    expect((await subscribe(dead, '/gone-dead')).statusCode).toBe(200);
    expect((await subscribe(outside, '/ok-outside')).statusCode).toBe(200);

    const res = await send({
      program_id: program.id,
      progress_start: 10,
      progress_end: 100,
      title: 'Push',
      message: 'Lewat web push',
    });
    expect(res.statusCode).toBe(200);
    const row = await waitForPush(res.json().data.id);
    expect(row.recipients).toBe(2);
    expect(row.delivered).toBe(1);

    const paths = pushService.received.map((r) => r.path);
    expect(paths).toContain('/ok-alive');
    expect(paths).toContain('/gone-dead');
    expect(paths).not.toContain('/ok-outside');
    const got = pushService.received.find((r) => r.path === '/ok-alive')!;
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.body.length).toBeGreaterThan(0);

    const left = await t.db
      .select({ member: memberPushSubscriptions.member_id })
      .from(memberPushSubscriptions)
      .where(eq(memberPushSubscriptions.member_id, dead.id));
    expect(left).toHaveLength(0);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notification/v1/list?limit=1',
      headers: admin,
    });
    expect(list.json().data.list[0]).toMatchObject({ delivered: 1, push_state: 'done' });
  });
});
