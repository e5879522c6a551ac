import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionInput } from '@ajar/shared/quiz/quiz.schemas';
import { questionGroups, questionPackets, questions, quizSections } from '../../db/schema';
import {
  assignTrainer,
  buildActivity,
  buildProgramWithTopics,
} from '../../test/factories/activities';
import { buildMedia } from '../../test/factories/media';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.db, 'admin')).headers;
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };

/** A program, a topic and a quiz-type activity; the paths of its calls. */
async function quizActivity(type: 'quiz' | 'pre_test' | 'post_test' | 'exam' = 'quiz') {
  const { program, topics } = await buildProgramWithTopics(t.db);
  const topic = topics[0]!;
  const activity = await buildActivity(t.db, topic, { type, name: 'Kuis Pemasaran' });
  const base = `/api/v1/packet/${program.id}/${topic.id}/${activity.id}`;
  return {
    program,
    topic,
    activity,
    packetBase: base,
    groupBase: (packet: string) =>
      `/api/v1/group/${program.id}/${topic.id}/${activity.id}/${packet}`,
  };
}

type Ctx = Awaited<ReturnType<typeof quizActivity>>;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Headers = admin,
) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createPacket(ctx: Ctx): Promise<string> {
  const res = await call('POST', `${ctx.packetBase}/create`, { status: 'publish' });
  expect(res.statusCode).toBe(200);
  return res.json().data.id as string;
}

const mc = (n: number, extra: Partial<QuestionInput> = {}): QuestionInput => ({
  type: 'multiple_choice',
  question: { text: `<p>Pertanyaan ${n}: apa kepanjangan UMKM?</p>`, media: null },
  options: [
    { text: 'Usaha Mikro, Kecil, dan Menengah', media: null, point: 0 },
    { text: 'Usaha Milik Kota', media: null, point: 0 },
  ],
  correct_answer: ['Usaha Mikro, Kecil, dan Menengah'],
  point: 5,
  explanation: {
    correct: { text: '<p>Benar.</p>', media: null },
    wrong: { text: '<p>Kurang tepat.</p>', media: null },
  },
  ...extra,
});

const survey = (extra: Partial<QuestionInput> = {}): QuestionInput => ({
  type: 'single_choice_survey',
  question: { text: '<p>Seberapa puas anda dengan materi ini?</p>', media: null },
  options: [
    { text: 'Puas', media: null, point: 3 },
    { text: 'Cukup', media: null, point: 2 },
    { text: 'Kurang', media: null, point: 1 },
  ],
  ...extra,
});

async function saveSection(
  ctx: Ctx,
  packet: string,
  body: Record<string, unknown>,
  headers = admin,
) {
  return call('PUT', `${ctx.packetBase}/${packet}/save-section`, body, headers);
}

async function tableCount(table: typeof questions | typeof quizSections | typeof questionGroups) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe('packets', () => {
  it('creates packets with status publish and lists them oldest first with their groups', async () => {
    const ctx = await quizActivity();
    const empty = await call('GET', `${ctx.packetBase}/list`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({ list: [] });

    const created = await call('POST', `${ctx.packetBase}/create`);
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Paket soal berhasil dibuat');
    expect(created.json().data).toMatchObject({
      status: 'publish',
      total_question: 0,
      groups: [],
      activity_id: ctx.activity.id,
      program_id: ctx.program.id,
      topic_id: ctx.topic.id,
    });
    const first = created.json().data.id as string;
    const second = await createPacket(ctx);
    const third = await createPacket(ctx);
    // Make the creation order differ from id order, so the list sorts by time.
    await t.db
      .update(questionPackets)
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where(eq(questionPackets.id, third));
    await saveSection(ctx, second, {
      section: { name: 'Dasar', min_score: 60 },
      questions: [mc(1), survey()],
    });

    const list = (await call('GET', `${ctx.packetBase}/list`)).json().data.list;
    expect(list.map((p: { id: string }) => p.id)).toEqual([third, first, second]);
    expect(list[2]).toMatchObject({ total_question: 2 });
    expect(list[2].groups).toHaveLength(1);
    expect(list[2].groups[0]).toMatchObject({
      is_group: true,
      section: { name: 'Dasar', min_score: 60 },
      total_question: 2,
    });
    expect(list[2].groups[0].list_question).toHaveLength(2);
  });

  it('deletes a packet with its sections, groups and questions', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const saved = await saveSection(ctx, packet, {
      section: { name: 'Dasar', min_score: 10 },
      questions: [mc(1), mc(2)],
    });
    const ids = saved.json().data.list_question.map((q: { id: string }) => q.id) as string[];
    const res = await call('DELETE', `${ctx.packetBase}/${packet}/delete`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'Paket soal berhasil dihapus', data: null });
    expect(await t.db.select().from(questions).where(inArray(questions.id, ids))).toEqual([]);
    expect(
      await t.db.select().from(quizSections).where(eq(quizSections.packet_id, packet)),
    ).toEqual([]);
    expect(
      await t.db.select().from(questionGroups).where(eq(questionGroups.packet_id, packet)),
    ).toEqual([]);
    expect((await call('DELETE', `${ctx.packetBase}/${packet}/delete`)).statusCode).toBe(404);
  });

  it('refuses packets on activities without questions and unknown paths', async () => {
    const ctx = await quizActivity();
    const video = await buildActivity(t.db, ctx.topic, { type: 'menonton_video' });
    const res = await call(
      'GET',
      `/api/v1/packet/${ctx.program.id}/${ctx.topic.id}/${video.id}/list`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Aktivitas ini tidak memiliki paket soal');
    const other = await buildProgramWithTopics(t.db);
    expect(
      (
        await call(
          'GET',
          `/api/v1/packet/${other.program.id}/${ctx.topic.id}/${ctx.activity.id}/list`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/v1/packet/x/y/z/list`)).statusCode).toBe(404);
  });
});

describe('save-section (the editor call)', () => {
  it('creates the section, the questions in order and the group, then updates them', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const res = await saveSection(ctx, packet, {
      section: { name: '  Pemahaman Dasar ', min_score: '70' },
      questions: [
        mc(1, {
          question: { text: '<p>Apa itu <b>UMKM</b>?<script>alert(1)</script></p>', media: null },
        }),
        survey(),
        mc(3, { point: undefined }),
      ],
    });
    expect(res.statusCode).toBe(200);
    const group = res.json().data;
    expect(res.json().message).toBe('Section berhasil disimpan');
    expect(group).toMatchObject({
      is_group: true,
      packet_id: packet,
      activity_id: ctx.activity.id,
      section: { name: 'Pemahaman Dasar', min_score: 70 },
    });
    expect(group.group_id).toBe(group.id);
    const [q1, q2, q3] = group.list_question;
    expect(q1).toMatchObject({
      seq: 1,
      type: 'multiple_choice',
      question: { text: '<p>Apa itu <b>UMKM</b>?</p>', media: null },
      point: 5,
      correct_answer: ['Usaha Mikro, Kecil, dan Menengah'],
      question_type: 'text',
      answer_type: 'text',
      status: 'publish',
      explanation: { correct: { text: '<p>Benar.</p>' }, wrong: { text: '<p>Kurang tepat.</p>' } },
    });
    expect(q2).toMatchObject({
      seq: 2,
      type: 'single_choice_survey',
      point: 0,
      correct_answer: [],
    });
    expect(q2.options.map((o: { point: number }) => o.point)).toEqual([3, 2, 1]);
    expect(q3).toMatchObject({ seq: 3, point: 5 });

    // Update: reorder, edit one, drop one, add one.
    const again = await saveSection(ctx, packet, {
      group_id: group.group_id,
      section: { id: group.section.id, name: 'Pemahaman Lanjut', min_score: 80 },
      questions: [{ ...mc(3), id: q3.id, point: '2,5' }, { ...mc(1), id: q1.id }, mc(4)],
    });
    expect(again.statusCode).toBe(200);
    const updated = again.json().data;
    expect(updated.group_id).toBe(group.group_id);
    expect(updated.section).toEqual({
      id: group.section.id,
      name: 'Pemahaman Lanjut',
      min_score: 80,
    });
    expect(updated.list_question.map((q: { id: string }) => q.id).slice(0, 2)).toEqual([
      q3.id,
      q1.id,
    ]);
    expect(updated.list_question.map((q: { seq: number }) => q.seq)).toEqual([1, 2, 3]);
    expect(updated.list_question[0].point).toBe(2.5);
    expect(await t.db.select().from(questions).where(eq(questions.id, q2.id))).toEqual([]);

    const groups = (await call('GET', `${ctx.groupBase(packet)}/list`)).json().data.list;
    expect(groups).toHaveLength(1);
    expect(groups[0]).toEqual(updated);
  });

  it('answers the spec messages per field and saves nothing when a question fails', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const first = (
      await saveSection(ctx, packet, {
        section: { name: 'Awal', min_score: 50 },
        questions: [mc(1)],
      })
    ).json().data;
    const before = {
      questions: await tableCount(questions),
      sections: await tableCount(quizSections),
      groups: await tableCount(questionGroups),
    };

    const res = await saveSection(ctx, packet, {
      group_id: first.group_id,
      section: { id: first.section.id, name: 'Diubah', min_score: 90 },
      questions: [
        { ...mc(1), id: first.list_question[0].id, question: { text: '<p>Diubah</p>' } },
        mc(2),
        mc(3, {
          question: { text: '<p> </p>', media: null },
          options: [],
          correct_answer: [],
          point: 0,
        }),
        mc(4, {
          options: [
            { text: 'A', media: null },
            { text: '', media: null },
          ],
          correct_answer: ['Z'],
          point: '',
        }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'error validation',
      validation: {
        'questions.2.question': 'Pertanyaan tidak boleh kosong',
        'questions.2.options': 'Opsi jawaban tidak boleh kosong',
        'questions.2.correct_answer': 'Jawaban benar tidak boleh kosong',
        'questions.2.point': 'Poin tidak boleh kosong atau 0',
        'questions.3.options': 'Opsi jawaban tidak boleh kosong',
        'questions.3.correct_answer': 'Jawaban benar tidak boleh kosong',
        'questions.3.point': 'Poin tidak boleh kosong atau 0',
      },
    });
    expect({
      questions: await tableCount(questions),
      sections: await tableCount(quizSections),
      groups: await tableCount(questionGroups),
    }).toEqual(before);
    const [group] = (await call('GET', `${ctx.groupBase(packet)}/list`)).json().data.list;
    expect(group.section).toMatchObject({ name: 'Awal', min_score: 50 });
    expect(group.list_question[0].question.text).toBe('<p>Pertanyaan 1: apa kepanjangan UMKM?</p>');
  });

  it('rolls back the section when a check inside the transaction fails', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const first = (
      await saveSection(ctx, packet, {
        section: { name: 'Awal', min_score: 50 },
        questions: [mc(1)],
      })
    ).json().data;
    const elsewhere = await quizActivity();
    const foreignPacket = await createPacket(elsewhere);
    const foreign = (
      await saveSection(elsewhere, foreignPacket, {
        section: { name: 'Lain', min_score: 1 },
        questions: [mc(1)],
      })
    ).json().data.list_question[0];
    const res = await saveSection(ctx, packet, {
      group_id: first.group_id,
      section: { id: first.section.id, name: 'Harus batal', min_score: 99 },
      questions: [{ ...mc(1), id: foreign.id }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({ 'questions.0.id': 'Soal tidak ditemukan' });
    const [group] = (await call('GET', `${ctx.groupBase(packet)}/list`)).json().data.list;
    expect(group.section).toMatchObject({ name: 'Awal', min_score: 50 });
    const stillForeign = (
      await call('GET', `/api/bank/v1/question/admin/detail/${foreign.id}`)
    ).json();
    expect(stillForeign.data.activity_id).toBe(elsewhere.activity.id);
  });

  it('requires Nama, Minimal Score and at least one question', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const res = await saveSection(ctx, packet, {
      section: { name: ' ', min_score: '' },
      questions: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({
      'section.name': 'Nama tidak boleh kosong',
      'section.min_score': 'Minimal Score tidak boleh kosong',
    });
    const noQuestions = await saveSection(ctx, packet, {
      section: { name: 'A', min_score: 0 },
      questions: [],
    });
    expect(noQuestions.json().validation).toEqual({ questions: 'Pertanyaan tidak boleh kosong' });
    expect(
      await t.db.select().from(quizSections).where(eq(quizSections.packet_id, packet)),
    ).toEqual([]);
  });

  it('keeps media references from the library only, with the library url', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const image = await buildMedia(t.db, { ext: 'png' });
    const audio = await buildMedia(t.db, { ext: 'mp3' });
    const ok = await saveSection(ctx, packet, {
      section: { name: 'Media', min_score: 0 },
      questions: [
        mc(1, {
          question: {
            text: '',
            media: { id: image.id, url: 'https://evil.test/x.png', type: 'image' },
          },
          audio: { id: audio.id, url: '/media/lain.mp3', type: 'audio' },
          options: [
            { text: 'Gambar A', media: { id: image.id, url: '/media/x.png', type: 'image' } },
            { text: 'Gambar B', media: null },
          ],
          correct_answer: ['Gambar A'],
        }),
      ],
    });
    expect(ok.statusCode).toBe(200);
    const q = ok.json().data.list_question[0];
    expect(q.question.media).toEqual({
      id: image.id,
      url: `/media/${image.storage_key}`,
      type: 'image',
    });
    expect(q.audio).toEqual({ id: audio.id, url: `/media/${audio.storage_key}`, type: 'audio' });
    expect(q.options[0].media.url).toBe(`/media/${image.storage_key}`);

    const bad = await saveSection(ctx, packet, {
      section: { name: 'Media', min_score: 0 },
      questions: [
        mc(1, {
          audio: { id: image.id, url: '/media/x.png', type: 'audio' },
          question: {
            text: '<p>x</p>',
            media: { id: crypto.randomUUID(), url: '/media/none.png', type: 'image' },
          },
        }),
      ],
    });
    expect(bad.json().validation).toEqual({
      'questions.0.question.media': 'Media tidak ditemukan',
      'questions.0.audio': 'Tipe media tidak sesuai',
    });
  });

  it('refuses a media reference without a library id (an outside or made-up address)', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const outside = { id: null, url: 'https://evil.test/x.png', type: 'image' as const };
    const before = await tableCount(questions);
    const res = await saveSection(ctx, packet, {
      section: { name: 'Media', min_score: 0 },
      questions: [
        mc(1, {
          question: { text: '<p>x</p>', media: outside },
          audio: { id: null, url: '/media/anything.mp3', type: 'audio' },
          options: [
            { text: 'A', media: outside },
            { text: 'B', media: null },
          ],
          correct_answer: ['A'],
          explanation: { correct: { text: '', media: outside } },
        }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({
      'questions.0.question.media': 'Media tidak ditemukan',
      'questions.0.audio': 'Media tidak ditemukan',
      'questions.0.options.0.media': 'Media tidak ditemukan',
      'questions.0.explanation.correct.media': 'Media tidak ditemukan',
    });
    expect(await tableCount(questions)).toBe(before);
    expect(
      await t.db.select().from(quizSections).where(eq(quizSections.packet_id, packet)),
    ).toEqual([]);

    const bank = await call('POST', '/api/bank/v1/question/admin/create', {
      ...mc(1, { audio: { id: null, url: 'https://evil.test/a.mp3', type: 'audio' } }),
      activity_id: ctx.activity.id,
    });
    expect(bank.statusCode).toBe(400);
    expect(bank.json().validation).toEqual({ audio: 'Media tidak ditemukan' });
  });

  it('bounds question and option points at 1000000', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const tooLarge = 'Poin harus kurang dari atau sama dengan 1000000';
    const res = await saveSection(ctx, packet, {
      section: { name: 'Poin', min_score: 0 },
      questions: [
        mc(1, { point: 1e308 }),
        mc(2, { point: '99999999999999999999' }),
        mc(3, {
          options: [
            { text: 'Usaha Mikro, Kecil, dan Menengah', media: null, point: 1e308 },
            { text: 'Usaha Milik Kota', media: null, point: 0 },
          ],
        }),
        survey({
          options: [
            { text: 'Puas', media: null, point: '1000001' },
            { text: 'Cukup', media: null, point: 2 },
          ],
        }),
        mc(5, { point: 1_000_000 }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({
      'questions.0.point': tooLarge,
      'questions.1.point': tooLarge,
      'questions.2.options': tooLarge,
      'questions.3.options': tooLarge,
    });
    const ok = await saveSection(ctx, packet, {
      section: { name: 'Poin', min_score: 0 },
      questions: [mc(1, { point: 1_000_000 })],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.list_question[0].point).toBe(1_000_000);
  });

  it('answers "at least 0" for a negative Minimal Score sent as text', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const res = await saveSection(ctx, packet, {
      section: { name: 'A', min_score: '-5' },
      questions: [mc(1)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({
      'section.min_score': 'Minimal Score harus lebih dari atau sama dengan 0',
    });
    const section = await call('POST', `/api/v1/section/${ctx.activity.id}/create`, {
      packet_id: packet,
      name: 'B',
      min_score: '-5',
    });
    expect(section.statusCode).toBe(400);
    expect(section.json().validation).toEqual({
      min_score: 'Minimal Score harus lebih dari atau sama dengan 0',
    });
  });
});

describe('groups (version A and B) and sections', () => {
  it('builds a group from bank questions and a section (version B), then deletes it all', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const section = await call('POST', `/api/v1/section/${ctx.activity.id}/create`, {
      packet_id: packet,
      name: 'Bagian 1',
      min_score: 40,
    });
    expect(section.statusCode).toBe(200);
    expect(section.json().data).toMatchObject({ name: 'Bagian 1', min_score: 40, group_id: null });
    const sectionId = section.json().data.id as string;

    const ids: string[] = [];
    for (const q of [mc(1), survey()]) {
      const res = await call('POST', '/api/bank/v1/question/admin/create', {
        ...q,
        activity_id: ctx.activity.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.question.group_id).toBeNull();
      ids.push(res.json().data.data.id);
    }
    const created = await call('POST', `${ctx.groupBase(packet)}/create`, {
      list_question: ids,
      section_id: sectionId,
    });
    expect(created.statusCode).toBe(200);
    const group = created.json().data;
    expect(group.section).toEqual({ id: sectionId, name: 'Bagian 1', min_score: 40 });
    expect(group.list_question.map((q: { id: string }) => q.id)).toEqual(ids);

    const shown = await call('GET', `/api/v1/section/${ctx.activity.id}/${sectionId}/show`);
    expect(shown.json().data.group_id).toBe(group.group_id);
    const sections = (await call('GET', `/api/v1/section/${ctx.activity.id}/list`)).json().data
      .list;
    expect(sections.map((s: { id: string }) => s.id)).toEqual([sectionId]);

    // Update with one question fewer (version B "removes it locally", then saves the group).
    const updated = await call('POST', `${ctx.groupBase(packet)}/${group.group_id}/update`, {
      list_question: [ids[1]],
      section_id: sectionId,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.list_question.map((q: { id: string }) => q.id)).toEqual([ids[1]]);
    expect(await t.db.select().from(questions).where(eq(questions.id, ids[0]!))).toEqual([]);

    // A section shown by a group cannot be linked to a second group.
    const extra = (
      await call('POST', '/api/bank/v1/question/admin/create', {
        ...mc(9),
        activity_id: ctx.activity.id,
      })
    ).json().data.data.id;
    const taken = await call('POST', `${ctx.groupBase(packet)}/create`, {
      list_question: [extra],
      section_id: sectionId,
    });
    expect(taken.json().validation).toEqual({
      section_id: 'Section sudah dipakai oleh section lain',
    });

    const removed = await call('DELETE', `${ctx.groupBase(packet)}/${group.group_id}/delete`);
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(questions).where(eq(questions.id, ids[1]!))).toEqual([]);
    expect(await t.db.select().from(quizSections).where(eq(quizSections.id, sectionId))).toEqual(
      [],
    );
    expect((await call('GET', `${ctx.groupBase(packet)}/list`)).json().data.list).toEqual([]);
  });

  it('saves a whole group with question objects and its section (version A)', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const res = await call('POST', `${ctx.groupBase(packet)}/create`, {
      is_group: true,
      section: { name: 'Versi A', min_score: 10 },
      list_question: [mc(1), survey()],
    });
    expect(res.statusCode).toBe(200);
    const group = res.json().data;
    expect(group.section).toMatchObject({ name: 'Versi A', min_score: 10 });
    const bad = await call('POST', `${ctx.groupBase(packet)}/${group.group_id}/update`, {
      list_question: [{ ...mc(1), id: group.list_question[0].id, correct_answer: [] }],
    });
    expect(bad.json().validation).toEqual({
      'list_question.0.correct_answer': 'Jawaban benar tidak boleh kosong',
    });
    const empty = await call('POST', `${ctx.groupBase(packet)}/${group.group_id}/update`, {
      list_question: [],
    });
    expect(empty.json().validation).toEqual({ list_question: 'Pertanyaan tidak boleh kosong' });
  });

  it('updates and deletes a section; deleting it takes its group and questions', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const group = (
      await saveSection(ctx, packet, { section: { name: 'S', min_score: 1 }, questions: [mc(1)] })
    ).json().data;
    const url = `/api/v1/section/${ctx.activity.id}/${group.section.id}`;
    const bad = await call('POST', `${url}/update`, {
      packet_id: packet,
      name: '',
      min_score: 'x',
    });
    expect(bad.json().validation).toEqual({
      name: 'Nama tidak boleh kosong',
      min_score: 'Minimal Score harus berupa angka',
    });
    const updated = await call('POST', `${url}/update`, {
      packet_id: packet,
      name: 'S2',
      min_score: 5,
    });
    expect(updated.json().data).toMatchObject({
      name: 'S2',
      min_score: 5,
      group_id: group.group_id,
    });
    expect((await call('DELETE', `${url}/delete`)).statusCode).toBe(200);
    expect((await call('GET', `${ctx.groupBase(packet)}/list`)).json().data.list).toEqual([]);
    expect(
      await t.db.select().from(questions).where(eq(questions.id, group.list_question[0].id)),
    ).toEqual([]);
    expect((await call('GET', `${url}/show`)).statusCode).toBe(404);
  });
});

describe('question bank', () => {
  it('creates (default point 5), reads, updates and deletes a question', async () => {
    const ctx = await quizActivity();
    const created = await call('POST', '/api/bank/v1/question/admin/create', {
      ...mc(1, { point: undefined }),
      activity_id: ctx.activity.id,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.data.id as string;
    expect(created.json().data.question).toMatchObject({
      id,
      point: 5,
      activity_id: ctx.activity.id,
    });

    const detail = await call('GET', `/api/bank/v1/question/admin/detail/${id}`);
    expect(detail.json().data).toMatchObject({ id, type: 'multiple_choice', point: 5 });

    const updated = await call('PUT', `/api/bank/v1/question/admin/update/${id}`, {
      ...survey(),
      activity_id: ctx.activity.id,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id, type: 'single_choice_survey', point: 0 });

    const invalid = await call('PUT', `/api/bank/v1/question/admin/update/${id}`, {
      ...mc(1, { options: [] }),
      activity_id: ctx.activity.id,
    });
    expect(invalid.json().validation).toEqual({
      options: 'Opsi jawaban tidak boleh kosong',
      correct_answer: 'Jawaban benar tidak boleh kosong',
    });

    expect((await call('DELETE', `/api/bank/v1/question/admin/delete/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/bank/v1/question/admin/detail/${id}`)).statusCode).toBe(404);
  });

  it('renumbers a group after a question is deleted', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const group = (
      await saveSection(ctx, packet, {
        section: { name: 'S', min_score: 1 },
        questions: [mc(1), mc(2), mc(3)],
      })
    ).json().data;
    await call('DELETE', `/api/bank/v1/question/admin/delete/${group.list_question[0].id}`);
    const [after] = (await call('GET', `${ctx.groupBase(packet)}/list`)).json().data.list;
    expect(after.list_question.map((q: { seq: number }) => q.seq)).toEqual([1, 2]);
  });
});

describe('permissions', () => {
  it('lets an assigned trainer read, refuses their writes (403), hides other programs (404)', async () => {
    const ctx = await quizActivity();
    const packet = await createPacket(ctx);
    const group = (
      await saveSection(ctx, packet, { section: { name: 'S', min_score: 1 }, questions: [mc(1)] })
    ).json().data;
    const trainer = await signedIn(t.db, 'trainer');

    const reads = [
      `${ctx.packetBase}/list`,
      `${ctx.groupBase(packet)}/list`,
      `/api/v1/section/${ctx.activity.id}/list`,
      `/api/v1/section/${ctx.activity.id}/${group.section.id}/show`,
      `/api/bank/v1/question/admin/detail/${group.list_question[0].id}`,
    ];
    for (const url of reads) {
      expect((await call('GET', url, undefined, trainer.headers)).statusCode, url).toBe(404);
    }
    await assignTrainer(t.db, ctx.program.id, trainer.user.id);
    for (const url of reads) {
      expect((await call('GET', url, undefined, trainer.headers)).statusCode, url).toBe(200);
    }

    const writes: [string, string, unknown][] = [
      ['POST', `${ctx.packetBase}/create`, {}],
      ['DELETE', `${ctx.packetBase}/${packet}/delete`, undefined],
      [
        'PUT',
        `${ctx.packetBase}/${packet}/save-section`,
        { section: { name: 'x', min_score: 1 }, questions: [mc(1)] },
      ],
      ['POST', `${ctx.groupBase(packet)}/create`, { list_question: [mc(1)] }],
      ['POST', `${ctx.groupBase(packet)}/${group.group_id}/update`, { list_question: [mc(1)] }],
      ['DELETE', `${ctx.groupBase(packet)}/${group.group_id}/delete`, undefined],
      [
        'POST',
        `/api/v1/section/${ctx.activity.id}/create`,
        { packet_id: packet, name: 'x', min_score: 1 },
      ],
      ['DELETE', `/api/v1/section/${ctx.activity.id}/${group.section.id}/delete`, undefined],
      ['POST', '/api/bank/v1/question/admin/create', { ...mc(1), activity_id: ctx.activity.id }],
      ['DELETE', `/api/bank/v1/question/admin/delete/${group.list_question[0].id}`, undefined],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(method as 'POST', url, body, trainer.headers);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const [still] = (await call('GET', `${ctx.groupBase(packet)}/list`)).json().data.list;
    expect(still.list_question).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `${ctx.packetBase}/list` })).statusCode).toBe(
      401,
    );
  });
});

describe('post_test copy of a pre_test', () => {
  it('copies packets, sections, groups and questions in order', async () => {
    const ctx = await quizActivity('pre_test');
    const p1 = await createPacket(ctx);
    const p2 = await createPacket(ctx);
    await saveSection(ctx, p1, {
      section: { name: 'Satu', min_score: 10 },
      questions: [mc(1), survey()],
    });
    await saveSection(ctx, p1, { section: { name: 'Dua', min_score: 20 }, questions: [mc(2)] });
    await saveSection(ctx, p2, { section: { name: 'Tiga', min_score: 30 }, questions: [mc(3)] });

    const res = await call('POST', `/api/v1/activity/${ctx.program.id}/${ctx.topic.id}/create`, {
      name: 'Post Test',
      type: 'post_test',
      clone_from: ctx.activity.id,
    });
    expect(res.statusCode).toBe(200);
    const postId = res.json().data.id as string;
    const postBase = `/api/v1/packet/${ctx.program.id}/${ctx.topic.id}/${postId}`;
    const packets = (await call('GET', `${postBase}/list`)).json().data.list;
    expect(packets).toHaveLength(2);
    expect(packets.map((p: { total_question: number }) => p.total_question)).toEqual([3, 1]);
    expect(packets[0].groups.map((g: { section: { name: string } }) => g.section.name)).toEqual([
      'Satu',
      'Dua',
    ]);
    const groups = (
      await call(
        'GET',
        `/api/v1/group/${ctx.program.id}/${ctx.topic.id}/${postId}/${packets[0].id}/list`,
      )
    ).json().data.list;
    expect(groups[0].list_question.map((q: { type: string }) => q.type)).toEqual([
      'multiple_choice',
      'single_choice_survey',
    ]);
    expect(groups[0].list_question[0].activity_id).toBe(postId);
    // The source is untouched.
    const source = (await call('GET', `${ctx.packetBase}/list`)).json().data.list;
    expect(source.map((p: { id: string }) => p.id)).toEqual([p1, p2]);
  });
});

describe('OpenAPI', () => {
  it('documents the quiz calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/packet/{program}/{topic}/{activity}/list',
        '/api/v1/packet/{program}/{topic}/{activity}/{packet}/save-section',
        '/api/v1/group/{program}/{topic}/{activity}/{packet}/{group_id}/update',
        '/api/v1/section/{activity}/{section}/show',
        '/api/bank/v1/question/admin/create',
        '/api/bank/v1/question/admin/delete/{id}',
      ]),
    );
  });
});

describe('records of another activity', () => {
  it('are not found through this activity’s paths', async () => {
    const a = await quizActivity();
    const b = await quizActivity('exam');
    const packetB = await createPacket(b);
    const groupB = (
      await saveSection(b, packetB, { section: { name: 'B', min_score: 1 }, questions: [mc(1)] })
    ).json().data;
    const packetA = await createPacket(a);
    expect((await call('GET', `${a.groupBase(packetB)}/list`)).statusCode).toBe(404);
    expect(
      (await saveSection(a, packetB, { section: { name: 'x', min_score: 1 }, questions: [mc(1)] }))
        .statusCode,
    ).toBe(404);
    // A group of another packet, named on this packet's path.
    expect(
      (
        await saveSection(a, packetA, {
          group_id: groupB.group_id,
          section: { name: 'x', min_score: 1 },
          questions: [mc(1)],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `${a.groupBase(packetA)}/${groupB.group_id}/delete`)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/v1/section/${a.activity.id}/${groupB.section.id}/show`)).statusCode,
    ).toBe(404);
    const linked = await call('POST', `/api/v1/section/${a.activity.id}/create`, {
      packet_id: packetB,
      name: 'x',
      min_score: 1,
    });
    expect(linked.json().validation).toEqual({ packet_id: 'Paket soal tidak ditemukan' });
    const [still] = (await call('GET', `${b.groupBase(packetB)}/list`)).json().data.list;
    expect(still.section.name).toBe('B');
  });
});
