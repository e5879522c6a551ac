import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveItem } from '@ajar/shared/topics/topics.constants';
import type { TopicListItem } from '@ajar/shared/topics/topics.schemas';
import { activities, topics } from '../../db/schema';
import type { Db } from '../../db/client';
import { buildActivities, buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { countQueries } from '../../test/count-queries';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

async function seqs(db: Db, programId: string) {
  return db
    .select({ id: topics.id, seq: topics.seq })
    .from(topics)
    .where(eq(topics.program_id, programId))
    .orderBy(asc(topics.seq));
}

describe('topics API', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: { user: { id: string }; headers: Headers };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = await signedIn(t.db, 'trainer');
  });
  afterAll(() => t.close());

  const list = (query: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/topic/v1/list?${query}`, headers });
  const reorder = (payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/topic/v1/reorder', headers, payload });

  it('creates topics at seq n+1 and answers them in the list and the detail', async () => {
    const program = await buildProgram(t.db);
    const created = [];
    for (const name of ['Pengenalan', 'Strategi Konten', 'Evaluasi']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/topic/v1/create',
        headers: admin,
        payload: { name, status: 'publish', program_id: program.id },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Topik berhasil ditambahkan');
      created.push(res.json().data as { id: string; seq: number });
    }
    expect(created.map((c) => c.seq)).toEqual([1, 2, 3]);

    const res = await list(`program_id=${program.id}&sort=seq&sort_type=asc&limit=-1`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ limit: -1, page: 1, total: 3 });
    expect(data.list[0]).toEqual({
      id: created[0]!.id,
      topic_id: created[0]!.id,
      program_id: program.id,
      name: 'Pengenalan',
      seq: 1,
      status: 'publish',
      total_unread: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(data.list.map((x: TopicListItem) => x.name)).toEqual([
      'Pengenalan',
      'Strategi Konten',
      'Evaluasi',
    ]);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/topic/v1/detail/${created[1]!.id}`,
      headers: admin,
    });
    expect(detail.json().data).toMatchObject({ name: 'Strategi Konten', seq: 2 });
  });

  it('answers the spec message for an empty title', async () => {
    const program = await buildProgram(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/topic/v1/create',
      headers: admin,
      payload: { name: '   ', status: 'publish', program_id: program.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'error validation',
      validation: { name: 'Judul Topik tidak boleh kosong' },
    });
  });

  it('answers 404 when the program does not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/topic/v1/create',
      headers: admin,
      payload: { name: 'A', status: 'publish', program_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('updates name and status but never moves a topic to another program', async () => {
    const program = await buildProgram(t.db);
    const other = await buildProgram(t.db);
    const [topic] = await buildTopics(t.db, program.id, 1);
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/topic/v1/update/${topic!.id}`,
        headers: admin,
        payload,
      });
    const res = await put({ name: 'Judul baru', status: 'draft', program_id: program.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Topik berhasil diubah',
      data: { name: 'Judul baru', status: 'draft', seq: 1 },
    });
    const moved = await put({ name: 'Judul baru', status: 'publish', program_id: other.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().validation).toEqual({
      program_id: 'Topik tidak dapat dipindahkan ke program lain',
    });
    expect((await put({ name: '', status: 'publish' })).json().validation).toEqual({
      name: 'Judul Topik tidak boleh kosong',
    });
  });

  it('closes the gap when a topic is deleted, and drops its activities', async () => {
    const program = await buildProgram(t.db);
    const list5 = await buildTopics(t.db, program.id, 5);
    await buildActivities(t.db, list5[1]!, 3);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/topic/v1/delete/${list5[1]!.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'Topik berhasil dihapus', data: null });
    const rows = await seqs(t.db, program.id);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => r.id)).toEqual([list5[0]!.id, list5[2]!.id, list5[3]!.id, list5[4]!.id]);
    const left = await t.db.select().from(activities).where(eq(activities.topic_id, list5[1]!.id));
    expect(left).toHaveLength(0);
  });

  it('searches, sorts and pages the list', async () => {
    const program = await buildProgram(t.db);
    await buildTopics(t.db, program.id, 12);
    const q = await list(`program_id=${program.id}&q=topik 1`);
    expect(q.json().data.list.map((x: TopicListItem) => x.name)).toEqual([
      'Topik 1',
      'Topik 10',
      'Topik 11',
      'Topik 12',
    ]);
    const desc = await list(`program_id=${program.id}&sort_type=desc&limit=5&page=2`);
    expect(desc.json().data).toMatchObject({ total: 12, limit: 5, page: 2 });
    expect(desc.json().data.list.map((x: TopicListItem) => x.seq)).toEqual([7, 6, 5, 4, 3]);
    const past = await list(`program_id=${program.id}&limit=5&page=4`);
    expect(past.json().data).toMatchObject({ total: 12, list: [] });
    expect((await list(`program_id=${program.id}&sort=bogus`)).statusCode).toBe(400);
    expect((await list('limit=-1')).json().validation).toEqual({
      program_id: 'Program tidak boleh kosong',
    });
  });

  it('includes each topic activities ordered by seq, in two queries for any number of topics', async () => {
    const program = await buildProgram(t.db);
    const list8 = await buildTopics(t.db, program.id, 8);
    for (const [i, topic] of list8.entries()) {
      if (i !== 2) await buildActivities(t.db, topic, i % 3);
    }
    // Stored out of order, so the answer's order must come from seq.
    await t.db.insert(activities).values([
      { program_id: program.id, topic_id: list8[2]!.id, name: 'Kedua', type: 'quiz', seq: 2 },
      {
        program_id: program.id,
        topic_id: list8[2]!.id,
        name: 'Pertama',
        type: 'menonton_video',
        seq: 1,
        settings: { estimated_duration: 15 },
      },
    ]);

    const res = await list(`program_id=${program.id}&with_activities=1`);
    expect(res.statusCode).toBe(200);
    const items = res.json().data.list as TopicListItem[];
    expect(items.map((x) => x.activities?.length)).toEqual([0, 1, 2, 0, 1, 2, 0, 1]);
    expect(items[2]!.activities).toEqual([
      {
        id: expect.any(String),
        activity_id: expect.any(String),
        topic_id: list8[2]!.id,
        program_id: program.id,
        name: 'Pertama',
        title: 'Pertama',
        type: 'menonton_video',
        activity_type: 'menonton_video',
        seq: 1,
        status: 'publish',
        settings: { estimated_duration: 15 },
        // A video without its file: staff see 'Konten belum lengkap' (completion.rules).
        content_missing: true,
        total_unread: 0,
      },
      expect.objectContaining({ name: 'Kedua', seq: 2, settings: { estimated_duration: null } }),
    ]);
    expect(items[1]!.activities![0]!.id).toBe(items[1]!.activities![0]!.activity_id);
    const withoutActivities = (await list(`program_id=${program.id}`)).json().data.list;
    expect(withoutActivities[0]).not.toHaveProperty('activities');

    // A request for a missing program costs the session lookup and the access check; the list
    // costs the same plus topics (total in the same statement) and activities: two more.
    const small = await buildProgram(t.db);
    await buildActivities(t.db, (await buildTopics(t.db, small.id, 1))[0]!, 1);
    const missing = await countQueries(t.db, () =>
      list('program_id=00000000-0000-4000-8000-000000000000&with_activities=1'),
    );
    const forOne = await countQueries(t.db, () => list(`program_id=${small.id}&with_activities=1`));
    const forEight = await countQueries(t.db, () =>
      list(`program_id=${program.id}&with_activities=1`),
    );
    expect(forOne - missing).toBe(2);
    expect(forEight - missing).toBe(2);
  });

  describe('reorder', () => {
    it('moves a topic to `to` (clamped) and shifts the others', async () => {
      const program = await buildProgram(t.db);
      const list4 = await buildTopics(t.db, program.id, 4);
      const [a, b, c, d] = list4.map((x) => x.id);
      const res = await reorder({ program_id: program.id, topic_id: d, to: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Urutan topik berhasil diubah',
        data: { seq: 2 },
      });
      expect((await seqs(t.db, program.id)).map((r) => r.id)).toEqual([a, d, b, c]);
      await reorder({ program_id: program.id, topic_id: a, to: 99 });
      expect((await seqs(t.db, program.id)).map((r) => r.id)).toEqual([d, b, c, a]);
      await reorder({ program_id: program.id, topic_id: c, to: -3 });
      expect((await seqs(t.db, program.id)).map((r) => r.id)).toEqual([c, d, b, a]);
      expect((await seqs(t.db, program.id)).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    });

    it('answers 404 for a topic of another program', async () => {
      const program = await buildProgram(t.db);
      const other = await buildProgram(t.db);
      await buildTopics(t.db, program.id, 2);
      const [foreign] = await buildTopics(t.db, other.id, 1);
      const res = await reorder({ program_id: program.id, topic_id: foreign!.id, to: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Topik tidak ditemukan pada program ini');
    });

    it('keeps seq 1..n and the model order over 50 random moves, creates and deletes', async () => {
      const program = await buildProgram(t.db);
      let model = (await buildTopics(t.db, program.id, 7)).map((x) => x.id);
      // A small deterministic generator, so a failure can be replayed.
      let state = 20260122;
      const rand = (n: number) => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state % n;
      };
      for (let step = 0; step < 50; step++) {
        const op = rand(10);
        if (op === 0 && model.length > 2) {
          const victim = model[rand(model.length)]!;
          const res = await t.app.inject({
            method: 'DELETE',
            url: `/api/topic/v1/delete/${victim}`,
            headers: admin,
          });
          expect(res.statusCode).toBe(200);
          model = model.filter((id) => id !== victim);
        } else if (op === 1) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/topic/v1/create',
            headers: admin,
            payload: { name: `Baru ${step}`, status: 'publish', program_id: program.id },
          });
          expect(res.json().data.seq).toBe(model.length + 1);
          model.push(res.json().data.id);
        } else {
          const from = rand(model.length);
          const to = rand(model.length + 4) - 1; // sometimes 0 or past the end: clamped
          const res = await reorder({ program_id: program.id, topic_id: model[from], to });
          expect(res.statusCode).toBe(200);
          model = moveItem(model, from + 1, to);
        }
        const rows = await seqs(t.db, program.id);
        expect(rows.map((r) => r.seq)).toEqual(model.map((_, i) => i + 1));
        expect(rows.map((r) => r.id)).toEqual(model);
      }
    });

    it('stays consistent under concurrent reorders', async () => {
      const program = await buildProgram(t.db);
      const ids = (await buildTopics(t.db, program.id, 6)).map((x) => x.id);
      const results = await Promise.all(
        ids.map((id, i) => reorder({ program_id: program.id, topic_id: id, to: 6 - i })),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const rows = await seqs(t.db, program.id);
      expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(new Set(rows.map((r) => r.id)).size).toBe(6);
    });
  });

  describe('trainer', () => {
    it('reads topics of assigned programs only and may not write', async () => {
      const mine = await buildProgram(t.db, { trainerIds: [trainer.user.id] });
      const foreign = await buildProgram(t.db);
      const [myTopic] = await buildTopics(t.db, mine.id, 2);
      const [foreignTopic] = await buildTopics(t.db, foreign.id, 1);
      expect((await list(`program_id=${mine.id}`, trainer.headers)).statusCode).toBe(200);
      expect((await list(`program_id=${foreign.id}`, trainer.headers)).statusCode).toBe(404);
      const detail = (id: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/topic/v1/detail/${id}`,
          headers: trainer.headers,
        });
      expect((await detail(myTopic!.id)).statusCode).toBe(200);
      expect((await detail(foreignTopic!.id)).statusCode).toBe(404);
      const writes = [
        { method: 'POST' as const, url: '/api/topic/v1/create' },
        { method: 'PUT' as const, url: `/api/topic/v1/update/${myTopic!.id}` },
        { method: 'DELETE' as const, url: `/api/topic/v1/delete/${myTopic!.id}` },
        { method: 'PUT' as const, url: '/api/topic/v1/reorder' },
      ];
      for (const w of writes) {
        const res = await t.app.inject({
          ...w,
          headers: trainer.headers,
          ...(w.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode).toBe(403);
      }
    });
  });
});
