import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTarget } from '@ajar/shared/realtime';
import { memberRedeems } from '../../db/schema';
import { buildActivity } from '../../test/factories/activities';
import { browserSubscription } from '../../test/factories/auth';
import { buildChatProgram, connectSocket, nextEvent } from '../../test/factories/chat';
import type { TestMember } from '../../test/factories/members';
import {
  fakePushServiceEnv,
  startPushService,
  type FakePushService,
} from '../../test/factories/push-service';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Personal notifications to a participant: a staff reply in their thread, a chat
 * message while they are away, feedback on their work. Each makes one in-app notification with a
 * link into the learner app and one Web Push per subscription.
 */
describe('notifications on a participant’s events', () => {
  let t: TestApp;
  let url: string;
  let pushService: FakePushService;

  beforeAll(async () => {
    t = await createTestApp(fakePushServiceEnv);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    pushService = await startPushService(() => 201);
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  type Ctx = Awaited<ReturnType<typeof buildChatProgram>>;

  /** A program with a trainer and a member subscribed to push at `/m-{member id}`. */
  async function subscribed() {
    const ctx = await buildChatProgram(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/member/v1/push/subscription',
      headers: ctx.member.headers,
      payload: { subscription: browserSubscription(`${pushService.origin}/m-${ctx.member.id}`) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ctx;
  }

  const list = async (member: TestMember) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/notification/list?limit=50',
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      list: { type: string; title: string; description: string; link: string | null }[];
      total_unread: number;
    };
  };

  const pushesTo = (member: TestMember) =>
    pushService.received.filter((r) => r.path === `/m-${member.id}`).length;

  async function expectOnePush(member: TestMember, before = 0) {
    await expect.poll(() => pushesTo(member), { timeout: 5000 }).toBe(before + 1);
    await t.app.participantPush.idle();
    expect(pushesTo(member)).toBe(before + 1);
  }

  const staffSend = (ctx: Ctx, room: string, message: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/discussion/v1/discussion-private/room/${room}/send-message`,
      headers: ctx.trainerHeaders,
      payload: { message, reference_id: ctx.member.id },
    });

  it('notifies the member of a staff reply in their thread, not of a staff post', async () => {
    const ctx = await subscribed();
    const activity = await buildActivity(t.db, ctx.topic, {
      name: 'Diskusi Modul',
      settings: { is_show_discussion: 2 },
    });
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/member/v1/program/${ctx.program.id}/activity/${activity.id}/discussion`,
      headers: ctx.member.headers,
      payload: { content: 'Bagaimana caranya?' },
    });
    expect(post.statusCode, post.body).toBe(200);
    const create = (parent_id: string | null, content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/discussion/v1/create',
        headers: ctx.trainerHeaders,
        payload: {
          parent_id,
          program_id: ctx.program.id,
          topic_id: ctx.topic.id,
          activity_id: activity.id,
          content,
        },
      });
    expect((await create(null, '<p>Pengumuman</p>')).statusCode).toBe(200);
    const reply = await create(post.json().data.id, '<p>Begini <b>caranya</b></p>');
    expect(reply.statusCode, reply.body).toBe(200);

    const { list: items, total_unread } = await list(ctx.member);
    expect(total_unread).toBe(1);
    expect(items).toEqual([
      expect.objectContaining({
        type: 'personal',
        title: 'Fasilitator membalas diskusi Anda',
        description: 'Diskusi Modul: Begini caranya',
        link: `/belajar/program/${ctx.program.id}/activity/${activity.id}`,
      }),
    ]);
    await expectOnePush(ctx.member);
    // Staff's list of sends does not hold the personal notifications.
    const admin = await signedIn(t.db, 'admin');
    const sent = await t.app.inject({
      method: 'GET',
      url: '/api/notification/v1/list?limit=-1',
      headers: admin.headers,
    });
    expect(sent.json().data.list.map((n: { type: string }) => n.type)).not.toContain('personal');
  });

  it('notifies the member of a chat message only while they have no socket open', async () => {
    const ctx = await subscribed();
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/chat/get-room-id',
      headers: ctx.member.headers,
      payload: { program_id: ctx.program.id },
    });
    const roomId = room.json().data.room_id as string;

    const socket = await connectSocket(url, ctx.member.token);
    expect((await staffSend(ctx, roomId, 'Kamu sedang online')).statusCode).toBe(200);
    expect((await list(ctx.member)).list).toEqual([]);
    socket.close();
    await expect.poll(() => t.app.realtime.countSockets(memberTarget(ctx.member.id))).toBe(0);

    expect((await staffSend(ctx, roomId, '<p>Sudah cek tugasnya?</p>')).statusCode).toBe(200);
    expect((await list(ctx.member)).list).toEqual([
      expect.objectContaining({
        type: 'personal',
        title: 'Pesan baru dari Trainer',
        description: 'Sudah cek tugasnya?',
        link: `/belajar/program/${ctx.program.id}/chat`,
      }),
    ]);
    await expectOnePush(ctx.member);
  });

  it('notifies the member of feedback and a score on their work, live on their socket', async () => {
    const ctx = await subscribed();
    const work = await buildActivity(t.db, ctx.topic, {
      type: 'praktek_mandiri',
      name: 'Tugas Akhir',
    });
    const [redeem] = await t.db
      .select({ id: memberRedeems.id })
      .from(memberRedeems)
      .where(
        and(
          eq(memberRedeems.member_id, ctx.member.id),
          eq(memberRedeems.program_id, ctx.program.id),
        ),
      );
    const socket = await connectSocket(url, ctx.member.token);
    const graded = nextEvent(socket, 'activity.feedback');
    const notified = nextEvent(socket, 'member_notification.new');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/v1/trainer/feedback-mr',
      headers: ctx.trainerHeaders,
      payload: {
        member_redeem_id: redeem!.id,
        topic_id: ctx.topic.id,
        activity_id: work.id,
        score: 85,
        text: 'Bagus',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(ctx.member)).list).toEqual([
      expect.objectContaining({
        type: 'personal',
        title: 'Tugas Anda sudah dinilai',
        description: 'Tugas Akhir: nilai 85',
        link: `/belajar/program/${ctx.program.id}/activity/${work.id}`,
      }),
    ]);
    try {
      expect(await graded).toEqual({ program_id: ctx.program.id, activity_id: work.id });
      expect(await notified).toEqual({ program_id: ctx.program.id });
    } finally {
      socket.close();
    }
    await expectOnePush(ctx.member);
  });
});
