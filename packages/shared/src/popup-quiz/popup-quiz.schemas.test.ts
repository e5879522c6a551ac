import { describe, expect, it } from 'vitest';
import { activityQuizUpdateSchema } from '../activities/activities-popup-quiz.schemas';
import {
  gameplayCreateSchema,
  gameplayShowMultiQuerySchema,
  withMatchingAnswers,
  type GameplayCreateInput,
} from './popup-quiz.schemas';

const activity_id = '6f1c1c2e-2b9b-4c55-8a43-8f1a3f0c9a11';
const image = {
  id: 'b3a5f1f0-1c1d-4e2a-9a0b-0c9b8a7d6e5f',
  url: '/media/2025/01/a.png',
  type: 'image',
};

function issues(input: unknown) {
  const result = gameplayCreateSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('gameplayCreateSchema', () => {
  it('accepts a multiple choice question, comma points and drops what the type does not use', () => {
    const body: GameplayCreateInput = {
      activity_id,
      type: 'multiple_choice',
      question: { text: 'Ikan lele bernapas dengan?', image },
      point: '2,5',
      time: '30',
      duration: 99,
      options: [{ text: 'Insang' }, { text: 'Paru-paru' }],
      matching_options: [{ text: 'x' }],
      correct_answers: ['Insang'],
    };
    const parsed = gameplayCreateSchema.parse(body);
    expect(parsed.point).toBe(2.5);
    expect(parsed.time).toBe(30);
    expect(parsed.duration).toBeNull();
    expect(parsed.matching_options).toEqual([]);
    expect(parsed.options[0]).toEqual({ text: 'Insang', image: null, audio: null, answer: null });
  });

  it('answers each message of spec 02 §5 on its field', () => {
    expect(
      issues({
        activity_id,
        type: 'multiple_choice',
        question: { text: '' },
        point: 0,
        options: [{ text: 'A' }, { text: '' }],
        correct_answers: [],
      }),
    ).toEqual({
      'question.text': 'Pertanyaan tidak boleh kosong',
      correct_answers: 'Jawaban benar tidak boleh kosong',
      point: 'Poin tidak boleh kosong atau 0',
      'options.1.text': 'Jawaban nomor 2 masih kosong',
    });
    expect(issues({ activity_id, type: 'multiple_choice', options: [] })).toMatchObject({
      options: 'Opsi jawaban tidak boleh kosong',
    });
    expect(issues({ activity_id, type: 'jigsaw', question: null, options: [] })).toEqual({
      'question.text': 'Pertanyaan tidak boleh kosong ',
      options: 'Opsi jawaban tidak boleh kosong ',
      correct_answers: 'Jawaban benar tidak boleh kosong ',
      point: 'Poin tidak boleh kosong atau 0 ',
    });
    expect(issues({ activity_id, type: 'matching_word', point: 'x' })).toEqual({
      point: 'Poin harus angka',
    });
    expect(issues({ activity_id, type: 'multiple_choice', time: 'satu' })).toMatchObject({
      time: 'Timer harus angka',
    });
  });

  it('matching word: sides, text or image, pairs by position', () => {
    expect(issues({ activity_id, type: 'matching_word', point: 5 })).toEqual({
      options: 'Opsi Kiri tidak boleh kosong',
      matching_options: 'Opsi Kanan tidak boleh kosong',
    });
    expect(
      issues({
        activity_id,
        type: 'matching_word',
        point: 5,
        options: [{ text: '' }, { text: 'Nila', image }],
        matching_options: [{ text: 'Ikan' }, { text: '' }],
      }),
    ).toEqual({
      'options.0': 'Sesi Kiri opsi 1 masih kosong',
      'options.1': 'Silahkah Pilih salah satu antara text atau gambar',
      'matching_options.1': 'Sesi Kanan opsi 2 masih kosong',
    });
    expect(
      issues({
        activity_id,
        type: 'matching_word',
        point: 5,
        options: [{ text: 'A' }, { text: 'B' }],
        matching_options: [{ text: 'a' }],
      }),
    ).toEqual({ matching_options: 'Jumlah Opsi Kiri dan Opsi Kanan harus sama' });
    const parsed = gameplayCreateSchema.parse({
      activity_id,
      type: 'matching_word',
      question: { text: 'ignored' },
      point: 5,
      options: [{ text: 'Lele' }, { text: 'Paus' }],
      matching_options: [{ text: 'Air tawar' }, { text: '', image }],
      correct_answers: ['whatever'],
    });
    expect(parsed.question).toBeNull();
    expect(parsed.correct_answers).toEqual(['Air tawar', image.url]);
    expect(parsed.options.map((o) => o.answer)).toEqual(['Air tawar', image.url]);
  });

  it('finding word: list, each word, letters, point; words become the answers', () => {
    expect(issues({ activity_id, type: 'finding_word', point: 0 })).toEqual({
      options: 'Daftar kata tidak boleh kosong',
      point: 'Poin tidak boleh kosong atau 0',
    });
    expect(
      issues({
        activity_id,
        type: 'finding_word',
        point: 5,
        options: [{ text: 'lele' }, { text: ' ' }, { text: '123' }],
      }),
    ).toEqual({
      'options.1.text': 'Kata nomor 2 masih kosong',
      'options.2.text': 'Kata nomor 3 harus berisi huruf',
    });
    const parsed = gameplayCreateSchema.parse({
      activity_id,
      type: 'finding_word',
      question: { text: 'x' },
      point: 5,
      time: 20,
      duration: '90',
      options: [{ text: 'Lele', image }, { text: 'Nila' }],
    });
    expect(parsed).toMatchObject({
      question: null,
      time: null,
      duration: 90,
      correct_answers: ['Lele', 'Nila'],
    });
    expect(parsed.options[0]!.image).toBeNull();
  });

  it('bounds the point at 1000 with the number-max wording', () => {
    const mc = {
      activity_id,
      type: 'multiple_choice',
      question: { text: 'Ikan lele bernapas dengan?' },
      options: [{ text: 'Insang' }, { text: 'Paru-paru' }],
      correct_answers: ['Insang'],
    };
    expect(issues({ ...mc, point: 1001 })).toEqual({
      point: 'Poin harus kurang dari atau sama dengan 1000',
    });
    expect(issues({ ...mc, point: 1e308 })).toEqual({
      point: 'Poin harus kurang dari atau sama dengan 1000',
    });
    expect(issues({ ...mc, point: '1000' })).toEqual({});
  });

  it('derives matching answers again from changed image urls', () => {
    const parsed = gameplayCreateSchema.parse({
      activity_id,
      type: 'matching_word',
      point: 5,
      options: [{ text: 'Lele' }, { text: 'Gurame' }],
      matching_options: [{ text: 'Berkumis' }, { text: '', image }],
    });
    const moved = {
      ...parsed,
      matching_options: parsed.matching_options.map((o) =>
        o.image ? { ...o, image: { ...o.image, url: '/media/2025/01/b.png' } } : o,
      ),
    };
    const again = withMatchingAnswers(moved);
    expect(again.correct_answers).toEqual(['Berkumis', '/media/2025/01/b.png']);
    expect(again.options.map((o) => o.answer)).toEqual(['Berkumis', '/media/2025/01/b.png']);
  });

  it('refuses media of the wrong kind', () => {
    expect(
      issues({
        activity_id,
        type: 'jigsaw',
        question: { text: 'Q', audio: image },
        point: 5,
        options: [{ text: 'Benar' }, { text: 'Salah' }],
        correct_answers: ['Benar'],
      }),
    ).toEqual({ 'question.audio': 'Media harus berupa audio' });
  });
});

describe('show_multi ids', () => {
  it('splits on commas and checks each id', () => {
    expect(gameplayShowMultiQuerySchema.parse({ ids: `${activity_id}, ${image.id}` }).ids).toEqual([
      activity_id,
      image.id,
    ]);
    expect(gameplayShowMultiQuerySchema.safeParse({ ids: 'a,b' }).success).toBe(false);
  });
});

describe('activityQuizUpdateSchema', () => {
  const g1 = '0b6f3c4e-9d1a-4f3e-8a2b-1c2d3e4f5a6b';
  const g2 = '1b6f3c4e-9d1a-4f3e-8a2b-1c2d3e4f5a6b';
  it('reads the single shape as one quiz at second 0', () => {
    const parsed = activityQuizUpdateSchema.parse({
      type: 'jigsaw',
      setting: { skip: 1 },
      gameplays: [g1],
    });
    expect(parsed.quizzes).toEqual([
      { id: undefined, type: 'jigsaw', instruction: '', second: 0, gameplays: [g1] },
    ]);
    expect(parsed.setting.skip).toBe(1);
    expect(parsed.setting.show_explanation).toBeUndefined();
  });

  const pathsOf = (input: unknown) => {
    const result = activityQuizUpdateSchema.safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes whole seconds ≥ 0', () => {
    expect(
      pathsOf({
        setting: {},
        quizzes: [
          { type: 'jigsaw', second: 2.5 },
          { type: 'jigsaw', second: -1 },
          { type: 'jigsaw', second: 'x' },
        ],
      }),
    ).toEqual({
      'quizzes.0.second': 'Detik harus bilangan bulat',
      'quizzes.1.second': 'Detik harus lebih dari atau sama dengan 0',
      'quizzes.2.second': 'Detik harus berupa angka',
    });
  });

  it('keeps seconds unique and questions in one quiz', () => {
    expect(
      pathsOf({
        setting: {},
        quizzes: [
          { type: 'jigsaw', second: 3, gameplays: [g1] },
          { type: 'jigsaw', second: '3', gameplays: [g2, g1] },
        ],
      }),
    ).toEqual({
      'quizzes.1.second': 'Detik 3 sudah dipakai pop up quiz lain',
      'quizzes.1.gameplays.1': 'Soal tidak boleh ganda',
    });
  });
});
