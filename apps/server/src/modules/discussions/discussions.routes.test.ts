import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DiscussionMessage,
  DiscussionTopic,
} from '@ajar/shared/discussions/discussions.schemas';
import { discussions } from '../../db/schema';
import { assignTrainer, buildActivity } from '../../test/factories/activities';
import { joinProgram, registerMember, type TestMember } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { authHeader, buildUser, signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

describe('public discussion API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A published program with a Public, a Private and an Off activity, and one participant. */
  async function course() {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic, topic2] = await buildTopics(t.db, program.id, 2);
    const settings = (n: number) => ({ is_show_discussion: n });
    const pub = await buildActivity(t.db, topic!, {
      name: 'Diskusi Publik',
      settings: settings(2),
    });
    const priv = await buildActivity(t.db, topic!, { name: 'Privat', settings: settings(1) });
    const off = await buildActivity(t.db, topic2!, { name: 'Mati', settings: settings(0) });
    const { member } = await joinProgram(t.app, program.id);
    return { program, topic: topic!, topic2: topic2!, pub, priv, off, member };
  }

  const memberUrl = (programId: string, activityId: string) =>
    `/api/member/v1/program/${programId}/activity/${activityId}/discussion`;

  async function memberPost(
    m: TestMember,
    programId: string,
    activityId: string,
    body: Record<string, unknown>,
  ) {
    return t.app.inject({
      method: 'POST',
      url: memberUrl(programId, activityId),
      headers: m.headers,
      payload: body,
    });
  }

  async function posted(res: { statusCode: number; body: string; json: <T>() => T }) {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: DiscussionMessage }>().data;
  }

  const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });

  async function unreadOfProgram(headers: Headers, programId: string, q: string) {
    const res = await get(headers, `/api/discussion/v1/list-program?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ data: { list: { id: string; total_unread: number }[] } }>().data.list;
    return list.find((p) => p.id === programId)?.total_unread;
  }

  async function topicsOf(headers: Headers, programId: string) {
    const res = await get(headers, `/api/discussion/v1/list-topic?program_id=${programId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { list: DiscussionTopic[] } }>().data.list;
  }

  function thread(
    headers: Headers,
    c: { program: { id: string }; pub: { id: string; topic_id: string } },
  ) {
    return get(
      headers,
      `/api/discussion/v1/list?program_id=${c.program.id}&topic_id=${c.pub.topic_id}&activity_id=${c.pub.id}`,
    );
  }

  it('pages a thread by its posts, each with every reply, never all at once', async () => {
    const c = await course();
    const admin = await signedIn(t.db, 'admin');
    // 25 posts an hour apart, the 2nd with a reply and a reply to that reply.
    const at = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour));
    const base = {
      program_id: c.program.id,
      topic_id: c.topic.id,
      activity_id: c.pub.id,
      author_kind: 'member' as const,
      member_id: c.member.id,
      author_name: 'Peserta',
    };
    const posts = await t.db
      .insert(discussions)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          ...base,
          content: `Post ${i + 1}`,
          created_at: at(i),
        })),
      )
      .returning({ id: discussions.id });
    const [reply] = await t.db
      .insert(discussions)
      .values({ ...base, parent_id: posts[1]!.id, content: 'Balasan', created_at: at(30) })
      .returning({ id: discussions.id });
    await t.db
      .insert(discussions)
      .values({ ...base, parent_id: reply!.id, content: 'Balasan lagi', created_at: at(31) });

    const url = (query: string) =>
      `/api/discussion/v1/list?program_id=${c.program.id}&topic_id=${c.pub.topic_id}&activity_id=${c.pub.id}&${query}`;
    const first = (await get(admin.headers, url('limit=20'))).json<{
      data: { list: DiscussionMessage[]; total: number; limit: number };
    }>().data;
    expect(first.total).toBe(25);
    expect(first.list.map((m) => m.content).slice(0, 5)).toEqual([
      'Post 1',
      'Post 2',
      'Balasan',
      'Balasan lagi',
      'Post 3',
    ]);
    expect(first.list).toHaveLength(22);
    const second = (await get(admin.headers, url('limit=20&page=2'))).json<{
      data: { list: DiscussionMessage[] };
    }>().data;
    expect(second.list.map((m) => m.content)).toEqual([
      'Post 21',
      'Post 22',
      'Post 23',
      'Post 24',
      'Post 25',
    ]);
    const all = await get(admin.headers, url('limit=-1'));
    expect(all.statusCode).toBe(400);
    expect(all.json().validation.limit).toMatch(/limit harus antara 1 dan 100/);
    // The member's flat thread is paged alike.
    const member = await get(c.member.headers, `${memberUrl(c.program.id, c.pub.id)}?limit=5`);
    expect(member.json().data).toMatchObject({ total: 25, limit: 5 });
    expect(
      (await get(c.member.headers, `${memberUrl(c.program.id, c.pub.id)}?limit=-1`)).statusCode,
    ).toBe(400);
  });

  it('counts unread member messages per staff user until that user opens the thread', async () => {
    const c = await course();
    const admin1 = await signedIn(t.db, 'admin');
    const admin2 = await signedIn(t.db, 'superadmin');
    await posted(await memberPost(c.member, c.program.id, c.pub.id, { content: 'Halo kak' }));
    await posted(await memberPost(c.member, c.program.id, c.pub.id, { content: 'Pertanyaan 2' }));

    expect(await unreadOfProgram(admin1.headers, c.program.id, c.program.title)).toBe(2);
    expect(await unreadOfProgram(admin2.headers, c.program.id, c.program.title)).toBe(2);
    const topics = await topicsOf(admin1.headers, c.program.id);
    expect(topics.map((x) => x.total_unread)).toEqual([2, 0]);
    // Only activities with a public thread are listed.
    expect(
      topics[0]!.activities.map((a) => [a.name, a.total_unread, a.is_show_discussion]),
    ).toEqual([['Diskusi Publik', 2, 2]]);
    expect(topics[1]!.activities).toEqual([]);

    const opened = await thread(admin1.headers, c);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await unreadOfProgram(admin1.headers, c.program.id, c.program.title)).toBe(0);
    expect(await unreadOfProgram(admin2.headers, c.program.id, c.program.title)).toBe(2);
    expect((await topicsOf(admin1.headers, c.program.id))[0]!.activities[0]!.total_unread).toBe(0);

    // A new member message is unread again; the staff user's own reply is never unread.
    await posted(await memberPost(c.member, c.program.id, c.pub.id, { content: 'Lagi' }));
    const staffReply = await t.app.inject({
      method: 'POST',
      url: '/api/discussion/v1/create',
      headers: admin2.headers,
      payload: {
        parent_id: null,
        program_id: c.program.id,
        topic_id: c.topic.id,
        activity_id: c.pub.id,
        content: 'Jawaban admin',
      },
    });
    expect(staffReply.statusCode, staffReply.body).toBe(200);
    expect(await unreadOfProgram(admin1.headers, c.program.id, c.program.title)).toBe(1);
    // Posting marks the writer's own thread read.
    expect(await unreadOfProgram(admin2.headers, c.program.id, c.program.title)).toBe(0);

    const detail = await get(admin1.headers, `/api/discussion/v1/detail-program/${c.program.id}`);
    expect(detail.json<{ data: { name: string; total_unread: number } }>().data).toMatchObject({
      name: c.program.title,
      total_unread: 1,
    });
  });

  it('sorts the program list by unread count', async () => {
    const tag = `Urut${Date.now()}`;
    const a = await buildProgram(t.db, { status: 'publish', title: `${tag} A` });
    const b = await buildProgram(t.db, { status: 'publish', title: `${tag} B` });
    const [ta] = await buildTopics(t.db, a.id, 1);
    const [tb] = await buildTopics(t.db, b.id, 1);
    const pa = await buildActivity(t.db, ta!, { settings: { is_show_discussion: 2 } });
    const pb = await buildActivity(t.db, tb!, { settings: { is_show_discussion: 2 } });
    const { member: ma } = await joinProgram(t.app, a.id);
    const { member: mb } = await joinProgram(t.app, b.id);
    await posted(await memberPost(ma, a.id, pa.id, { content: 'satu' }));
    for (const text of ['satu', 'dua', 'tiga']) {
      await posted(await memberPost(mb, b.id, pb.id, { content: text }));
    }
    const { headers } = await signedIn(t.db, 'admin');
    const list = async (dir: string) =>
      (
        await get(
          headers,
          `/api/discussion/v1/list-program?q=${tag}&sort=total_unread&sort_type=${dir}`,
        )
      ).json<{ data: { list: { title: string; total_unread: number }[]; total: number } }>().data;
    expect((await list('desc')).list.map((p) => [p.title, p.total_unread])).toEqual([
      [`${tag} B`, 3],
      [`${tag} A`, 1],
    ]);
    expect((await list('asc')).list.map((p) => p.title)).toEqual([`${tag} A`, `${tag} B`]);
    expect((await list('asc')).total).toBe(2);
    const bad = await get(headers, '/api/discussion/v1/list-program?sort=fullname');
    expect(bad.statusCode).toBe(400);
  });

  it('limits a trainer to assigned programs (404 elsewhere)', async () => {
    const c = await course();
    const other = await course();
    const trainer = await buildUser(t.db, { role: 'trainer' });
    await assignTrainer(t.db, c.program.id, trainer.id);
    const headers = await authHeader(t.db, trainer);
    await posted(await memberPost(c.member, c.program.id, c.pub.id, { content: 'Untuk trainer' }));
    await posted(await memberPost(other.member, other.program.id, other.pub.id, { content: 'x' }));

    const res = await get(headers, '/api/discussion/v1/list-program?limit=-1');
    const ids = res.json<{ data: { list: { id: string }[] } }>().data.list.map((p) => p.id);
    expect(ids).toContain(c.program.id);
    expect(ids).not.toContain(other.program.id);
    expect(await unreadOfProgram(headers, c.program.id, c.program.title)).toBe(1);
    expect((await thread(headers, other)).statusCode).toBe(404);
    expect(
      (await get(headers, `/api/discussion/v1/detail-program/${other.program.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(headers, `/api/discussion/v1/list-topic?program_id=${other.program.id}`))
        .statusCode,
    ).toBe(404);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/discussion/v1/create',
      headers,
      payload: {
        parent_id: null,
        program_id: other.program.id,
        topic_id: other.topic.id,
        activity_id: other.pub.id,
        content: 'Tidak boleh',
      },
    });
    expect(create.statusCode).toBe(404);
  });

  it('builds threads by parent_id within one activity and counts direct replies', async () => {
    const c = await course();
    const { headers } = await signedIn(t.db, 'admin');
    const root = await posted(
      await memberPost(c.member, c.program.id, c.pub.id, { content: 'Akar' }),
    );
    const reply = await posted(
      await t.app.inject({
        method: 'POST',
        url: '/api/discussion/v1/create',
        headers,
        payload: {
          parent_id: root.id,
          program_id: c.program.id,
          topic_id: c.topic.id,
          activity_id: c.pub.id,
          content: '  Balasan  ',
        },
      }),
    );
    expect(reply).toMatchObject({
      parent_id: root.id,
      content: 'Balasan',
      author_kind: 'staff',
      author_role: 'admin',
      is_mine: true,
    });
    await posted(
      await memberPost(c.member, c.program.id, c.pub.id, { parent_id: reply.id, content: 'Cucu' }),
    );

    const list = (await thread(headers, c)).json<{ data: { list: DiscussionMessage[] } }>().data
      .list;
    expect(list.map((m) => [m.content, m.total_child, m.author_kind, m.author_role])).toEqual([
      ['Akar', 1, 'member', null],
      ['Balasan', 1, 'staff', 'admin'],
      ['Cucu', 0, 'member', null],
    ]);
    expect(list[0]!.author_name).toBe('Peserta Uji');

    // A parent from another activity is refused; so is an activity of another topic.
    const other = await buildActivity(t.db, c.topic, { settings: { is_show_discussion: 2 } });
    const wrongParent = await memberPost(c.member, c.program.id, other.id, {
      parent_id: root.id,
      content: 'Salah',
    });
    expect(wrongParent.statusCode).toBe(400);
    expect(
      wrongParent.json<{ validation: Record<string, string> }>().validation.parent_id,
    ).toBeTruthy();
    const wrongTopic = await t.app.inject({
      method: 'POST',
      url: '/api/discussion/v1/create',
      headers,
      payload: {
        parent_id: null,
        program_id: c.program.id,
        topic_id: c.topic2.id,
        activity_id: c.pub.id,
        content: 'x',
      },
    });
    expect(wrongTopic.statusCode).toBe(404);
  });

  it('refuses to delete a message with replies; owners and admins delete leaves', async () => {
    const c = await course();
    const admin = await signedIn(t.db, 'admin');
    const trainer = await buildUser(t.db, { role: 'trainer' });
    await assignTrainer(t.db, c.program.id, trainer.id);
    const trainerHeaders = await authHeader(t.db, trainer);
    const root = await posted(
      await memberPost(c.member, c.program.id, c.pub.id, { content: 'Akar' }),
    );
    const body = (content: string, parent: string | null) => ({
      parent_id: parent,
      program_id: c.program.id,
      topic_id: c.topic.id,
      activity_id: c.pub.id,
      content,
    });
    const reply = await posted(
      await t.app.inject({
        method: 'POST',
        url: '/api/discussion/v1/create',
        headers: trainerHeaders,
        payload: body('Dari trainer', root.id),
      }),
    );
    const del = (headers: Headers, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/discussion/v1/delete/${id}`, headers });

    const refused = await del(admin.headers, root.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'Terdapat diskusi lain di dalam diskusi ini.',
    );
    // A trainer may not delete a member's message, only their own.
    const memberLeaf = await posted(
      await memberPost(c.member, c.program.id, c.pub.id, { content: 'Daun' }),
    );
    expect((await del(trainerHeaders, memberLeaf.id)).statusCode).toBe(403);
    expect((await del(trainerHeaders, reply.id)).statusCode).toBe(200);
    expect((await del(admin.headers, root.id)).statusCode).toBe(200);
    expect((await del(admin.headers, memberLeaf.id)).statusCode).toBe(200);
    expect((await del(admin.headers, memberLeaf.id)).statusCode).toBe(404);
  });

  it('validates the message: empty, whitespace, too long, missing ids', async () => {
    const c = await course();
    const { headers } = await signedIn(t.db, 'admin');
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/discussion/v1/create', headers, payload });
    const base = {
      parent_id: null,
      program_id: c.program.id,
      topic_id: c.topic.id,
      activity_id: c.pub.id,
    };
    for (const content of ['', '   \n ', undefined]) {
      const res = await post({ ...base, content });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'error validation',
        validation: { content: 'Pesan tidak boleh kosong' },
      });
    }
    const long = await post({ ...base, content: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ validation: Record<string, string> }>().validation.content).toContain(
      '2000',
    );
    expect((await post({ ...base, content: 'a'.repeat(2000) })).statusCode).toBe(200);
    const missing = await post({ content: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ validation: Record<string, string> }>().validation)).toEqual(
      expect.arrayContaining(['program_id', 'topic_id', 'activity_id']),
    );
    // Plain text: markup is kept as typed and shown as text by the screens.
    const markup = await posted(await post({ ...base, content: '<b>tebal</b>' }));
    expect(markup.content).toBe('<b>tebal</b>');
  });

  it('lets members post only in redeemed programs and Public activities', async () => {
    const c = await course();
    const stranger = await registerMember(t.app);
    expect(
      (await memberPost(stranger, c.program.id, c.pub.id, { content: 'hai' })).statusCode,
    ).toBe(404);
    const priv = await memberPost(c.member, c.program.id, c.priv.id, { content: 'hai' });
    expect(priv.statusCode).toBe(400);
    expect(priv.json<{ message: string }>().message).toBe(
      'Diskusi tidak tersedia untuk aktivitas ini',
    );
    expect(
      (await memberPost(c.member, c.program.id, c.off.id, { content: 'hai' })).statusCode,
    ).toBe(400);
    const blank = await memberPost(c.member, c.program.id, c.pub.id, { content: ' ' });
    expect(blank.json()).toMatchObject({ validation: { content: 'Pesan tidak boleh kosong' } });
    // An activity of another program through this program's path is not found.
    const other = await course();
    expect(
      (await memberPost(c.member, c.program.id, other.pub.id, { content: 'x' })).statusCode,
    ).toBe(404);

    await posted(await memberPost(c.member, c.program.id, c.pub.id, { content: 'Tampil' }));
    const read = await t.app.inject({
      method: 'GET',
      url: memberUrl(c.program.id, c.pub.id),
      headers: c.member.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(
      read.json<{ data: { list: DiscussionMessage[] } }>().data.list.map((m) => m.content),
    ).toEqual(['Tampil']);
  });

  it('keeps staff and member tokens apart', async () => {
    const c = await course();
    const { headers } = await signedIn(t.db, 'admin');
    const staffOnMember = await t.app.inject({
      method: 'POST',
      url: memberUrl(c.program.id, c.pub.id),
      headers,
      payload: { content: 'x' },
    });
    expect(staffOnMember.statusCode).toBe(401);
    const memberOnStaff = await t.app.inject({
      method: 'GET',
      url: '/api/discussion/v1/list-program',
      headers: c.member.headers,
    });
    expect(memberOnStaff.statusCode).toBe(401);
  });
});
