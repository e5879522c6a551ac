import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionMessage } from '@ajar/shared/discussions/discussions.schemas';
import type {
  MemberDiscussionUnread,
  MemberThread,
} from '@ajar/shared/discussions/member-discussions.schemas';
import { buildActivity } from '../../test/factories/activities';
import { collectEvents, connectSocket, nextEvent, tokenOf } from '../../test/factories/chat';
import { joinProgram, type TestMember } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { announceNewMessage } from './discussion-announcer';

type Headers = { authorization: string };

describe("the participant's thread (Ajar Belajar)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let address: string | null = null;
  /** The app's address, listening from the first socket test on. */
  const listening = async () => (address ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));

  async function course() {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const pub = await buildActivity(t.db, topic!, { settings: { is_show_discussion: 2 } });
    const pub2 = await buildActivity(t.db, topic!, { settings: { is_show_discussion: 2 } });
    const off = await buildActivity(t.db, topic!, { settings: { is_show_discussion: 0 } });
    const { member } = await joinProgram(t.app, program.id);
    return { program, topic: topic!, pub, pub2, off, member };
  }

  const url = (programId: string, activityId: string, rest = '') =>
    `/api/member/v1/program/${programId}/activity/${activityId}/discussion${rest}`;

  async function call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    headers: Headers,
    payload?: Record<string, unknown>,
    status = 200,
  ): Promise<T> {
    const res = await t.app.inject({ method, url: path, headers, payload });
    expect(res.statusCode, res.body).toBe(status);
    return res.json<{ data: T }>().data;
  }

  const post = (
    m: TestMember,
    programId: string,
    activityId: string,
    content: string,
    parent?: string,
  ) =>
    call<DiscussionMessage>('POST', url(programId, activityId), m.headers, {
      content,
      parent_id: parent ?? null,
    });

  async function staffReply(
    programId: string,
    topicId: string,
    activityId: string,
    parent: string,
  ) {
    const admin = await signedIn(t.db, 'admin');
    return call<DiscussionMessage>('POST', '/api/discussion/v1/create', admin.headers, {
      parent_id: parent,
      program_id: programId,
      topic_id: topicId,
      activity_id: activityId,
      content: 'Jawaban fasilitator',
    });
  }

  it('keeps the thread of a locked activity closed, to read and to write, as the activity is', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    // An unfinished quiz locks what follows it.
    await buildActivity(t.db, topic!, { type: 'quiz', name: 'Kuis Pembuka' });
    const locked = await buildActivity(t.db, topic!, { settings: { is_show_discussion: 2 } });
    const { member } = await joinProgram(t.app, program.id);
    const reason = 'Selesaikan aktivitas "Kuis Pembuka" terlebih dahulu';
    const answers = [
      await t.app.inject({
        method: 'GET',
        url: url(program.id, locked.id),
        headers: member.headers,
      }),
      await t.app.inject({
        method: 'GET',
        url: url(program.id, locked.id, '/thread'),
        headers: member.headers,
      }),
      await t.app.inject({
        method: 'POST',
        url: url(program.id, locked.id),
        headers: member.headers,
        payload: { content: 'Boleh tanya?', parent_id: null },
      }),
      await t.app.inject({
        method: 'PUT',
        url: url(program.id, locked.id, '/read'),
        headers: member.headers,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(reason);
    }
  });

  it('pages posts with their replies, the newest activity first', async () => {
    const c = await course();
    const first = await post(c.member, c.program.id, c.pub.id, 'Pertama');
    await post(c.member, c.program.id, c.pub.id, 'Kedua');
    await post(c.member, c.program.id, c.pub.id, 'Ketiga');
    // A reply (and a reply to it) brings the first post back to the top.
    const reply = await staffReply(c.program.id, c.topic.id, c.pub.id, first.id);
    await post(c.member, c.program.id, c.pub.id, 'Cucu', reply.id);

    const page1 = await call<MemberThread>(
      'GET',
      url(c.program.id, c.pub.id, '/thread?limit=2'),
      c.member.headers,
    );
    expect(page1.total).toBe(3);
    expect(page1.list.map((p) => p.content)).toEqual(['Pertama', 'Ketiga']);
    expect(page1.list[0]!.replies.map((r) => [r.content, r.author_kind, r.is_mine])).toEqual([
      ['Jawaban fasilitator', 'staff', false],
      ['Cucu', 'member', true],
    ]);
    expect(page1.list[0]!.is_mine).toBe(true);
    const page2 = await call<MemberThread>(
      'GET',
      url(c.program.id, c.pub.id, '/thread?limit=2&page=2'),
      c.member.headers,
    );
    expect(page2.list.map((p) => p.content)).toEqual(['Kedua']);
  });

  it('edits and deletes only own messages; a message with replies stays', async () => {
    const c = await course();
    const { member: other } = await joinProgram(t.app, c.program.id);
    const mine = await post(c.member, c.program.id, c.pub.id, 'Salah ketik');
    const theirs = await post(other, c.program.id, c.pub.id, 'Punya orang');

    await call('PUT', url(c.program.id, c.pub.id, `/${mine.id}`), c.member.headers, {
      content: 'Sudah dibetulkan',
    });
    // Someone else's message, or the own message under another activity's address, is 404.
    await call(
      'PUT',
      url(c.program.id, c.pub.id, `/${theirs.id}`),
      c.member.headers,
      { content: 'x' },
      404,
    );
    await call(
      'PUT',
      url(c.program.id, c.pub2.id, `/${mine.id}`),
      c.member.headers,
      { content: 'x' },
      404,
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url: url(c.program.id, c.pub.id, `/${mine.id}`),
      headers: c.member.headers,
      payload: { content: 'a'.repeat(2001) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validation.content).toMatch(/2000 karakter/);

    await post(other, c.program.id, c.pub.id, 'Balasan', mine.id);
    const [edited] = (
      await call<MemberThread>('GET', url(c.program.id, c.pub.id, '/thread'), c.member.headers)
    ).list.filter((p) => p.id === mine.id);
    expect(edited?.content).toBe('Sudah dibetulkan');
    expect(edited?.edited).toBe(true);
    expect(edited?.replies[0]?.edited).toBe(false);

    const hasReplies = await t.app.inject({
      method: 'DELETE',
      url: url(c.program.id, c.pub.id, `/${mine.id}`),
      headers: c.member.headers,
    });
    expect(hasReplies.statusCode).toBe(400);
    await call(
      'DELETE',
      url(c.program.id, c.pub.id, `/${theirs.id}`),
      c.member.headers,
      undefined,
      404,
    );
    const leaf = await post(c.member, c.program.id, c.pub.id, 'Hapus saya');
    await call('DELETE', url(c.program.id, c.pub.id, `/${leaf.id}`), c.member.headers);
    const after = await call<MemberThread>(
      'GET',
      url(c.program.id, c.pub.id, '/thread'),
      c.member.headers,
    );
    expect(after.list.some((p) => p.id === leaf.id)).toBe(false);
  });

  it("counts others' messages per activity until the participant reads the thread", async () => {
    const c = await course();
    const { member: other } = await joinProgram(t.app, c.program.id);
    const unreadUrl = `/api/member/v1/program/${c.program.id}/discussion/unread`;
    const mine = await post(c.member, c.program.id, c.pub.id, 'Pertanyaan saya');
    expect(await call<MemberDiscussionUnread>('GET', unreadUrl, c.member.headers)).toEqual({
      total_unread: 0,
      activities: [],
    });

    await staffReply(c.program.id, c.topic.id, c.pub.id, mine.id);
    await post(other, c.program.id, c.pub.id, 'Saya juga');
    await post(other, c.program.id, c.pub2.id, 'Di aktivitas lain');
    expect(await call<MemberDiscussionUnread>('GET', unreadUrl, c.member.headers)).toEqual({
      total_unread: 3,
      activities: [
        { activity_id: c.pub.id, total_unread: 2 },
        { activity_id: c.pub2.id, total_unread: 1 },
      ],
    });

    await call('PUT', url(c.program.id, c.pub.id, '/read'), c.member.headers);
    expect(await call<MemberDiscussionUnread>('GET', unreadUrl, c.member.headers)).toEqual({
      total_unread: 1,
      activities: [{ activity_id: c.pub2.id, total_unread: 1 }],
    });
    // The other participant's own counts are theirs alone.
    const theirs = await call<MemberDiscussionUnread>('GET', unreadUrl, other.headers);
    expect(theirs.total_unread).toBe(2);
  });

  it("tells the program's members live that a thread has a new message, not its writer", async () => {
    const c = await course();
    const { member: other } = await joinProgram(t.app, c.program.id);
    const stranger = await joinProgram(t.app, (await buildProgram(t.db, { status: 'publish' })).id);
    const address = await listening();
    const sockets = await Promise.all(
      [c.member, other, stranger.member].map((m) => connectSocket(address, tokenOf(m.headers))),
    );
    try {
      const [mine, theirs, strangers] = sockets.map((s) =>
        collectEvents(s, 'discussion.unread_changed'),
      );
      const changed = (n: number) => ({
        program_id: c.program.id,
        activity_id: c.pub.id,
        new_messages: n,
      });
      const posted = await post(c.member, c.program.id, c.pub.id, 'Pertanyaan saya');
      expect(await nextEvent(sockets[1]!, 'discussion.unread_changed')).toEqual(changed(1));

      // A staff message in a thread members cannot see tells no one; the reply tells both.
      const admin = await signedIn(t.db, 'admin');
      await call('POST', '/api/discussion/v1/create', admin.headers, {
        parent_id: null,
        program_id: c.program.id,
        topic_id: c.topic.id,
        activity_id: c.off.id,
        content: 'Catatan moderasi',
      });
      await staffReply(c.program.id, c.topic.id, c.pub.id, posted.id);
      await expect.poll(() => mine!.length, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => theirs!.length, { timeout: 5_000 }).toBe(2);
      expect([...mine!, ...theirs!]).toEqual([changed(1), changed(1), changed(1)]);
      expect(strangers).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('gathers a burst of messages of one thread into one event per count', async () => {
    const c = await course();
    const { member: other } = await joinProgram(t.app, c.program.id);
    const address = await listening();
    const sockets = await Promise.all(
      [c.member, other].map((m) => connectSocket(address, tokenOf(m.headers))),
    );
    try {
      const [mine, theirs] = sockets.map((s) => collectEvents(s, 'discussion.unread_changed'));
      // Three messages within one window, two of them the member's own: one event each.
      const deps = { db: t.db, realtime: t.app.realtime, log: t.app.log };
      announceNewMessage(deps, c.program.id, c.pub.id, c.member.id);
      announceNewMessage(deps, c.program.id, c.pub.id, c.member.id);
      announceNewMessage(deps, c.program.id, c.pub.id, other.id);
      await expect.poll(() => mine!.length + theirs!.length, { timeout: 5_000 }).toBe(2);
      const counts = (list: { new_messages: number }[]) => list.map((e) => e.new_messages);
      expect([counts(mine!), counts(theirs!)]).toEqual([[1], [2]]);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('answers 401 without a member token or with a staff token, 404 to a foreign member', async () => {
    const c = await course();
    const mine = await post(c.member, c.program.id, c.pub.id, 'Milik saya');
    const admin = await signedIn(t.db, 'admin');
    const stranger = (
      await joinProgram(t.app, (await buildProgram(t.db, { status: 'publish' })).id)
    ).member;
    const routes: {
      method: 'GET' | 'PUT' | 'DELETE';
      path: string;
      payload?: Record<string, unknown>;
    }[] = [
      { method: 'GET', path: url(c.program.id, c.pub.id, '/thread') },
      { method: 'PUT', path: url(c.program.id, c.pub.id, '/read') },
      {
        method: 'PUT',
        path: url(c.program.id, c.pub.id, `/${mine.id}`),
        payload: { content: 'x' },
      },
      { method: 'DELETE', path: url(c.program.id, c.pub.id, `/${mine.id}`) },
      { method: 'GET', path: `/api/member/v1/program/${c.program.id}/discussion/unread` },
    ];
    for (const r of routes) {
      const anonymous = await t.app.inject({ method: r.method, url: r.path, payload: r.payload });
      expect(anonymous.statusCode, `${r.method} ${r.path}`).toBe(401);
      const staff = await t.app.inject({
        method: r.method,
        url: r.path,
        headers: admin.headers,
        payload: r.payload,
      });
      expect(staff.statusCode, `${r.method} ${r.path}`).toBe(401);
      const foreign = await t.app.inject({
        method: r.method,
        url: r.path,
        headers: stranger.headers,
        payload: r.payload,
      });
      expect(foreign.statusCode, `${r.method} ${r.path}`).toBe(404);
    }
    // A thread that is not Public is refused with the server's message.
    const off = await t.app.inject({
      method: 'GET',
      url: url(c.program.id, c.off.id, '/thread'),
      headers: c.member.headers,
    });
    expect(off.statusCode).toBe(400);
  });
});
