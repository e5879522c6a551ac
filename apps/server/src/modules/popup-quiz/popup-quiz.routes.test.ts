import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameplayCreateInput } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import { activities, gameplays } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  assignTrainer,
  buildActivity,
  buildProgramWithTopics,
} from '../../test/factories/activities';
import { buildMedia } from '../../test/factories/media';
import { signedIn } from '../../test/factories/users';

let t: TestApp;
let admin: { authorization: string };

const imageId = '5d0c7a52-7d52-4a8e-9d6f-2f1f4c8a9b01';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.db, 'admin')).headers;
  // The image the bodies use is a library item: references must name one.
  await buildMedia(t.db, { id: imageId, ext: 'png' });
});
afterAll(async () => {
  await t.close();
});

async function video() {
  const { program, topics } = await buildProgramWithTopics(t.db);
  const activity = await buildActivity(t.db, topics[0]!, { type: 'menonton_video' });
  return { program, topic: topics[0]!, activity };
}

const image = (id = imageId) => ({
  id,
  url: `/media/2025/01/${id}.png`,
  type: 'image' as const,
});

const bodies = (activity_id: string): Record<string, GameplayCreateInput> => ({
  multiple_choice: {
    activity_id,
    type: 'multiple_choice',
    question: { text: 'Ikan lele bernapas dengan?', image: image() },
    point: '2,5',
    time: 30,
    options: [{ text: 'Insang' }, { text: 'Paru-paru' }],
    correct_answers: ['Insang'],
    explanation: { text: 'Lele punya insang dan labirin.' },
  },
  jigsaw: {
    activity_id,
    type: 'jigsaw',
    question: { text: 'Nila termasuk ikan air tawar.' },
    point: 5,
    options: [{ text: 'Benar' }, { text: 'Salah' }],
    correct_answers: ['Benar'],
  },
  matching_word: {
    activity_id,
    type: 'matching_word',
    question: null,
    point: 10,
    time: 60,
    options: [{ text: 'Lele' }, { text: 'Gurame' }],
    matching_options: [{ text: 'Berkumis' }, { text: '', image: image() }],
    correct_answers: [],
  },
  finding_word: {
    activity_id,
    type: 'finding_word',
    question: null,
    point: 5,
    duration: 120,
    options: [{ text: 'lele' }, { text: 'nila' }, { text: 'patin' }],
  },
});

function create(body: object | undefined, headers = admin) {
  return t.app.inject({ method: 'POST', url: '/api/gameplay/v1/create', headers, payload: body });
}

async function createOk(body: GameplayCreateInput) {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; type: string };
}

const setting = {
  show_explanation: 1,
  show_answer_explanation: 0,
  skip: 1,
  show_score: 1,
  retake: -1,
  time: { enable: 1, duration: 10 },
  minimum_score: 60,
  is_random: 0,
};

function saveQuiz(
  path: { program: string; topic: string; id: string },
  body: object,
  headers = admin,
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/activity/${path.program}/${path.topic}/${path.id}/update-quiz`,
    headers,
    payload: body,
  });
}

describe('gameplay CRUD', () => {
  it('creates each type, shows them in the order asked, updates and deletes', async () => {
    const { activity } = await video();
    const all = bodies(activity.id);
    const mc = await createOk(all.multiple_choice!);
    const jig = await createOk(all.jigsaw!);
    const match = await createOk(all.matching_word!);
    const words = await createOk(all.finding_word!);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/gameplay/v1/show_multi?ids=${words.id},${mc.id},${match.id},${jig.id},${mc.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Record<string, unknown>[];
    expect(list.map((g) => g.id)).toEqual([words.id, mc.id, match.id, jig.id]);
    expect(list[1]).toMatchObject({
      activity_id: activity.id,
      type: 'multiple_choice',
      point: 2.5,
      time: 30,
      duration: null,
      question: { text: 'Ikan lele bernapas dengan?', image: image(), audio: null },
      options: [
        { text: 'Insang', image: null, audio: null, answer: null },
        { text: 'Paru-paru', image: null, audio: null, answer: null },
      ],
      matching_options: [],
      correct_answers: ['Insang'],
      explanation: { text: 'Lele punya insang dan labirin.', image: null, audio: null },
    });
    expect(list[0]).toMatchObject({
      question: null,
      duration: 120,
      time: null,
      options: [{ text: 'lele' }, { text: 'nila' }, { text: 'patin' }],
      correct_answers: ['lele', 'nila', 'patin'],
    });
    expect(list[2]).toMatchObject({
      question: null,
      correct_answers: ['Berkumis', image().url],
      options: [
        { text: 'Lele', answer: 'Berkumis' },
        { text: 'Gurame', answer: image().url },
      ],
      matching_options: [{ text: 'Berkumis' }, { text: '', image: image() }],
    });

    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/gameplay/v1/update/${jig.id}`,
      headers: admin,
      payload: { ...all.jigsaw, id: jig.id, correct_answers: ['Salah'], point: 7 },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({
      message: 'Soal berhasil disimpan.',
      data: { id: jig.id, correct_answers: ['Salah'], point: 7 },
    });
    const changeType = await t.app.inject({
      method: 'PUT',
      url: `/api/gameplay/v1/update/${jig.id}`,
      headers: admin,
      payload: { ...all.multiple_choice, activity_id: undefined },
    });
    expect(changeType.statusCode).toBe(400);
    expect(changeType.json().message).toBe('Tipe soal tidak dapat diubah');

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/gameplay/v1/delete/${jig.id}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    expect(await t.db.select().from(gameplays).where(eq(gameplays.id, jig.id))).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/gameplay/v1/delete/${jig.id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a non-video activity, an unknown one and bad ids', async () => {
    const { topic } = await video();
    const quiz = await buildActivity(t.db, topic, { type: 'quiz' });
    const notVideo = await create(bodies(quiz.id).jigsaw);
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json().validation).toEqual({
      activity_id: 'Pop Up Quiz hanya untuk aktivitas menonton video',
    });
    const unknown = await create(bodies('00000000-0000-4000-8000-000000000000').jigsaw);
    expect(unknown.statusCode).toBe(404);
    const badIds = await t.app.inject({
      method: 'GET',
      url: '/api/gameplay/v1/show_multi?ids=abc',
      headers: admin,
    });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().validation).toEqual({ 'ids.0': 'Id soal tidak valid' });
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/gameplay/v1/update/not-a-uuid',
      headers: admin,
      payload: bodies(quiz.id).jigsaw,
    });
    expect(update.statusCode).toBe(404);
  });
});

describe('media references', () => {
  it('takes the url and type of each image and audio from the library', async () => {
    const { activity } = await video();
    const picture = await buildMedia(t.db, { ext: 'png' });
    const sound = await buildMedia(t.db, { ext: 'mp3' });
    const libraryUrl = (m: { storage_key: string }) => `/media/${m.storage_key}`;
    const res = await create({
      ...bodies(activity.id).multiple_choice!,
      question: {
        text: 'Ikan apa ini?',
        image: { id: picture.id, url: 'https://evil.test/x.png', type: 'image' },
        audio: { id: sound.id, url: '/media/elsewhere.mp3', type: 'audio' },
      },
      options: [
        { text: 'Lele', image: { id: picture.id, url: '/media/x.png', type: 'image' } },
        { text: 'Nila' },
      ],
      correct_answers: ['Lele'],
      explanation: {
        text: 'Kumisnya.',
        audio: { id: sound.id, url: '/media/a.mp3', type: 'audio' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.question.image).toEqual({
      id: picture.id,
      url: libraryUrl(picture),
      type: 'image',
    });
    expect(data.question.audio).toEqual({ id: sound.id, url: libraryUrl(sound), type: 'audio' });
    expect(data.options[0].image.url).toBe(libraryUrl(picture));
    expect(data.explanation.audio.url).toBe(libraryUrl(sound));
    const [row] = await t.db.select().from(gameplays).where(eq(gameplays.id, data.id));
    expect(JSON.stringify(row)).not.toContain('evil.test');
    expect(JSON.stringify(row)).not.toContain('elsewhere');
  });

  it('answers matching pairs with the library url of a right-side image', async () => {
    const { activity } = await video();
    const picture = await buildMedia(t.db, { ext: 'webp' });
    const res = await create({
      ...bodies(activity.id).matching_word!,
      matching_options: [
        { text: 'Berkumis' },
        { text: '', image: { id: picture.id, url: 'https://evil.test/y.png', type: 'image' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.correct_answers).toEqual(['Berkumis', `/media/${picture.storage_key}`]);
    expect(data.options[1].answer).toBe(`/media/${picture.storage_key}`);
  });

  it('refuses a reference without a library item, or of the wrong kind, on its field', async () => {
    const { activity } = await video();
    const sound = await buildMedia(t.db, { ext: 'mp3' });
    const base = bodies(activity.id).multiple_choice!;
    const res = await create({
      ...base,
      question: {
        text: 'Ikan apa ini?',
        image: { id: null, url: 'https://evil.test/x.png', type: 'image' },
        audio: { id: crypto.randomUUID(), url: '/media/none.mp3', type: 'audio' },
      },
      options: [
        { text: 'Lele', image: { id: sound.id, url: '/media/x.png', type: 'image' } },
        { text: 'Nila', audio: { id: sound.id, url: '/media/x.mp3', type: 'audio' } },
      ],
      correct_answers: ['Lele'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({
      'question.image': 'Media tidak ditemukan',
      'question.audio': 'Media tidak ditemukan',
      'options.0.image': 'Media harus berupa gambar',
    });
    expect(
      await t.db.select().from(gameplays).where(eq(gameplays.activity_id, activity.id)),
    ).toEqual([]);

    // The same checks on update; the stored question stays as it was.
    const saved = await createOk(base);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/gameplay/v1/update/${saved.id}`,
      headers: admin,
      payload: {
        ...base,
        explanation: {
          text: 'x',
          image: { id: crypto.randomUUID(), url: '/media/none.png', type: 'image' },
        },
      },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().validation).toEqual({ 'explanation.image': 'Media tidak ditemukan' });
    const [row] = await t.db.select().from(gameplays).where(eq(gameplays.id, saved.id));
    expect(row!.explanation).toMatchObject({ text: 'Lele punya insang dan labirin.' });
  });
});

describe('validation messages of spec 02 §5 through the API', () => {
  async function validationOf(body: object) {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error validation');
    return res.json().validation as Record<string, string>;
  }

  it('multiple choice and jigsaw', async () => {
    const { activity } = await video();
    expect(
      await validationOf({
        activity_id: activity.id,
        type: 'multiple_choice',
        question: { text: ' ' },
        options: [{ text: 'Insang' }, { text: '' }],
        correct_answers: [],
        point: 0,
      }),
    ).toEqual({
      // One empty option, one message (spec 02 §5: pop-up multiple choice names each one).
      'question.text': 'Pertanyaan tidak boleh kosong',
      correct_answers: 'Jawaban benar tidak boleh kosong',
      point: 'Poin tidak boleh kosong atau 0',
      'options.1.text': 'Jawaban nomor 2 masih kosong',
    });
    expect(
      await validationOf({ activity_id: activity.id, type: 'multiple_choice', point: 5 }),
    ).toMatchObject({ options: 'Opsi jawaban tidak boleh kosong' });
    expect(
      await validationOf({ activity_id: activity.id, type: 'jigsaw', options: [], point: '' }),
    ).toEqual({
      'question.text': 'Pertanyaan tidak boleh kosong ',
      options: 'Opsi jawaban tidak boleh kosong ',
      correct_answers: 'Jawaban benar tidak boleh kosong ',
      point: 'Poin tidak boleh kosong atau 0 ',
    });
  });

  it('field rules: point and timer', async () => {
    const { activity } = await video();
    const base = bodies(activity.id).multiple_choice!;
    expect(await validationOf({ ...base, point: 'lima' })).toEqual({ point: 'Poin harus angka' });
    expect(await validationOf({ ...base, point: -1 })).toEqual({ point: 'Poin harus angka' });
    expect(await validationOf({ ...base, time: '1,5' })).toEqual({ time: 'Timer harus angka' });
    for (const point of [1001, 1e308, '99999999999999999999']) {
      expect(await validationOf({ ...base, point })).toEqual({
        point: 'Poin harus kurang dari atau sama dengan 1000',
      });
    }
  });

  it('matching word', async () => {
    const { activity } = await video();
    expect(
      await validationOf({ activity_id: activity.id, type: 'matching_word', point: 0 }),
    ).toEqual({
      options: 'Opsi Kiri tidak boleh kosong',
      matching_options: 'Opsi Kanan tidak boleh kosong',
      point: 'Poin tidak boleh kosong atau 0',
    });
    expect(
      await validationOf({
        activity_id: activity.id,
        type: 'matching_word',
        point: 5,
        options: [{ text: 'Lele' }, { text: '' }],
        matching_options: [{ text: '' }, { text: 'Gurame', image: image() }],
      }),
    ).toEqual({
      'options.1': 'Sesi Kiri opsi 2 masih kosong',
      'matching_options.0': 'Sesi Kanan opsi 1 masih kosong',
      'matching_options.1': 'Silahkah Pilih salah satu antara text atau gambar',
    });
  });

  it('finding word', async () => {
    const { activity } = await video();
    expect(
      await validationOf({ activity_id: activity.id, type: 'finding_word', point: null }),
    ).toEqual({
      options: 'Daftar kata tidak boleh kosong',
      point: 'Poin tidak boleh kosong atau 0',
    });
    expect(
      await validationOf({
        activity_id: activity.id,
        type: 'finding_word',
        point: 5,
        options: [{ text: 'lele' }, { text: '' }],
      }),
    ).toEqual({ 'options.1.text': 'Kata nomor 2 masih kosong' });
  });
});

describe('update-quiz with several pop-up quizzes', () => {
  it('stores quizzes with their seconds, keeps ids, and checks settings in order', async () => {
    const { program, topic, activity } = await video();
    const path = { program: program.id, topic: topic.id, id: activity.id };
    const all = bodies(activity.id);
    const mc = await createOk(all.multiple_choice!);
    const words = await createOk(all.finding_word!);
    const match = await createOk(all.matching_word!);

    // Settings are checked first, one at a time, in the order of spec 02 §5.
    const order: [Record<string, unknown>, string, string][] = [
      [{}, 'setting.show_explanation', 'Tampilkan Pembahasan'],
      [
        { show_explanation: 1 },
        'setting.show_answer_explanation',
        'Tampilkan Pembahasan dan Koreksi',
      ],
      [{ show_explanation: 1, show_answer_explanation: 0 }, 'setting.skip', 'Skip'],
      [{ ...setting, show_score: null }, 'setting.show_score', 'Tampilkan Score'],
      [{ ...setting, retake: '' }, 'setting.retake', 'Kesempatan mengulang'],
      [{ ...setting, time: {} }, 'setting.time.enable', 'Gunakan Timer'],
      [{ ...setting, time: { enable: 1 } }, 'setting.time.duration', 'Estimasi Durasi'],
      [{ ...setting, minimum_score: undefined }, 'setting.minimum_score', 'Nilai Minimal'],
    ];
    for (const [partial, field, label] of order) {
      const res = await saveQuiz(path, { setting: partial, quizzes: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: `Pengaturan ${label} belum diatur`,
        validation: { [field]: `Pengaturan ${label} belum diatur` },
      });
    }
    // With the timer off, its duration is not asked for.
    const noQuestions = await saveQuiz(path, {
      setting: { ...setting, time: { enable: 0 } },
      quizzes: [],
    });
    expect(noQuestions.json()).toMatchObject({
      status: 400,
      message: 'Silahkan tambahkan Pop Up Quiz terlebih dahulu dan simpan soal terbaru.',
    });
    const emptyQuiz = await saveQuiz(path, {
      setting,
      quizzes: [
        { type: 'multiple_choice', second: 3, gameplays: [mc.id] },
        { type: 'jigsaw', second: 5, gameplays: [] },
      ],
    });
    expect(emptyQuiz.json().validation).toEqual({
      'quizzes.1.gameplays':
        'Silahkan tambahkan Pop Up Quiz terlebih dahulu dan simpan soal terbaru.',
    });

    const first = await saveQuiz(path, {
      setting,
      quizzes: [
        {
          type: 'finding_word',
          instruction: 'Temukan nama ikan',
          second: 10,
          gameplays: [words.id],
        },
        { type: 'multiple_choice', instruction: 'Jawab', second: '3', gameplays: [mc.id] },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Data Pop Up Quiz berhasil disimpan.');
    const quiz = first.json().data.quiz;
    expect(quiz.setting).toEqual({ ...setting, is_random: 0 });
    expect(quiz.quizzes.map((q: { second: number }) => q.second)).toEqual([3, 10]);
    expect(quiz.quizzes[0]).toMatchObject({
      type: 'multiple_choice',
      instruction: 'Jawab',
      gameplays: [mc.id],
    });
    const [mcQuiz, wordQuiz] = quiz.quizzes as { id: string }[];

    // Ids stay; a new quiz gets one; seconds must stay unique; gameplays must match the type.
    const second = await saveQuiz(path, {
      setting,
      quizzes: [
        {
          id: mcQuiz!.id,
          type: 'multiple_choice',
          instruction: 'Jawab',
          second: 4,
          gameplays: [mc.id],
        },
        { id: wordQuiz!.id, type: 'finding_word', second: 10, gameplays: [words.id] },
        { type: 'matching_word', second: 8, gameplays: [match.id] },
      ],
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('Data Pop Up Quiz berhasil diperbarui.');
    const after = second.json().data.quiz.quizzes as { id: string; second: number }[];
    expect(after.map((q) => q.second)).toEqual([4, 8, 10]);
    expect(after[0]!.id).toBe(mcQuiz!.id);
    expect(after[2]!.id).toBe(wordQuiz!.id);

    const clash = await saveQuiz(path, {
      setting,
      quizzes: [
        { type: 'multiple_choice', second: 8, gameplays: [mc.id] },
        { type: 'matching_word', second: 8, gameplays: [match.id] },
      ],
    });
    expect(clash.json().validation).toEqual({
      'quizzes.1.second': 'Detik 8 sudah dipakai pop up quiz lain',
    });
    const wrongType = await saveQuiz(path, {
      setting,
      quizzes: [
        { type: 'jigsaw', second: 1, gameplays: [mc.id] },
        {
          id: '00000000-0000-4000-8000-000000000000',
          type: 'jigsaw',
          second: 2,
          gameplays: [match.id],
        },
      ],
    });
    expect(wrongType.json().validation).toEqual({
      'quizzes.0.gameplays.0': 'Tipe soal tidak sesuai dengan pop up quiz',
      'quizzes.1.id': 'Pop up quiz tidak ditemukan',
      'quizzes.1.gameplays.0': 'Tipe soal tidak sesuai dengan pop up quiz',
    });

    // A gameplay of another video is not this activity's.
    const other = await video();
    const foreign = await createOk(bodies(other.activity.id).multiple_choice!);
    const notMine = await saveQuiz(path, {
      setting,
      quizzes: [{ type: 'multiple_choice', second: 1, gameplays: [foreign.id] }],
    });
    expect(notMine.json().validation).toEqual({
      'quizzes.0.gameplays.0': 'Soal pop up quiz tidak ditemukan',
    });

    // Deleting a gameplay takes it out of its quiz; a quiz left empty goes, the settings stay.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/gameplay/v1/delete/${match.id}`,
      headers: admin,
    });
    const [row] = await t.db.select().from(activities).where(eq(activities.id, activity.id));
    const stored = row!.quiz as { quizzes: { second: number; gameplays: string[] }[] };
    expect(stored.quizzes.map((q) => [q.second, q.gameplays])).toEqual([
      [4, [mc.id]],
      [10, [words.id]],
    ]);
  });
});

describe('permissions', () => {
  it('needs program.manage to write; a trainer sees only assigned programs', async () => {
    const trainer = await signedIn(t.db, 'trainer');
    const mine = await video();
    const theirs = await video();
    await assignTrainer(t.db, mine.program.id, trainer.user.id);
    const g1 = await createOk(bodies(mine.activity.id).jigsaw!);
    const g2 = await createOk(bodies(theirs.activity.id).jigsaw!);

    const write = await create(bodies(mine.activity.id).jigsaw, trainer.headers);
    expect(write.statusCode).toBe(403);
    for (const [method, url] of [
      ['PUT', `/api/gameplay/v1/update/${g1.id}`],
      ['DELETE', `/api/gameplay/v1/delete/${g1.id}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: trainer.headers,
        payload: method === 'PUT' ? bodies(mine.activity.id).jigsaw : undefined,
      });
      expect(res.statusCode).toBe(403);
    }
    const quiz = await saveQuiz(
      { program: mine.program.id, topic: mine.topic.id, id: mine.activity.id },
      { setting, quizzes: [{ type: 'jigsaw', second: 1, gameplays: [g1.id] }] },
      trainer.headers,
    );
    expect(quiz.statusCode).toBe(403);

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/gameplay/v1/show_multi?ids=${g2.id},${g1.id}`,
      headers: trainer.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((g: { id: string }) => g.id)).toEqual([g1.id]);

    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/gameplay/v1/show_multi?ids=${g1.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
