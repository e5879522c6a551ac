import { describe, expect, it } from 'vitest';
import {
  firstUnsetSetting,
  gameplayErrors,
  pointFieldError,
  timerFieldError,
  type GameplayDraft,
} from './popup-quiz.rules';

const mc: GameplayDraft = {
  type: 'multiple_choice',
  question: { text: 'Ikan lele bernapas dengan?' },
  point: 10,
  time: 30,
  options: [{ text: 'Insang' }, { text: 'Paru-paru' }],
  correct_answers: ['Insang'],
};

describe('gameplayErrors (spec 02 §5)', () => {
  it("multiple choice names each empty option once, in the options' place", () => {
    expect(gameplayErrors(mc)).toEqual([]);
    expect(
      gameplayErrors({ ...mc, options: [{ text: 'Insang' }, { text: '' }, { text: ' ' }] }),
    ).toEqual(['Jawaban nomor 2 masih kosong', 'Jawaban nomor 3 masih kosong']);
    expect(
      gameplayErrors({
        ...mc,
        question: { text: '' },
        options: [{ text: '' }, { text: 'Insang' }],
        correct_answers: [],
        point: 0,
      }),
    ).toEqual([
      'Pertanyaan tidak boleh kosong',
      'Jawaban nomor 1 masih kosong',
      'Jawaban benar tidak boleh kosong',
      'Poin tidak boleh kosong atau 0',
    ]);
    // An option with only an image is filled.
    expect(
      gameplayErrors({ ...mc, options: [...mc.options, { text: '', image: { id: 'm1' } }] }),
    ).toEqual([]);
  });

  it('bounds the point at 1000 for every type', () => {
    const tooLarge = 'Poin harus kurang dari atau sama dengan 1000';
    expect(gameplayErrors({ ...mc, point: 1001 })).toEqual([tooLarge]);
    expect(gameplayErrors({ ...mc, point: 1e308 })).toEqual([tooLarge]);
    expect(gameplayErrors({ ...mc, point: '1000' })).toEqual([]);
    expect(gameplayErrors({ ...mc, type: 'jigsaw', point: '5000,5' })).toEqual([`${tooLarge} `]);
    expect(
      gameplayErrors({
        type: 'finding_word',
        question: null,
        point: 2000,
        options: [{ text: 'lele' }],
        correct_answers: [],
      }),
    ).toEqual([tooLarge]);
  });

  it('multiple choice without options says so once', () => {
    expect(gameplayErrors({ ...mc, options: [], correct_answers: [] })).toEqual([
      'Opsi jawaban tidak boleh kosong',
      'Jawaban benar tidak boleh kosong',
    ]);
  });

  it('jigsaw uses the quiz checks with messages ending in a space', () => {
    expect(
      gameplayErrors({
        ...mc,
        type: 'jigsaw',
        question: { text: '' },
        correct_answers: [],
        point: 0,
      }),
    ).toEqual([
      'Pertanyaan tidak boleh kosong ',
      'Jawaban benar tidak boleh kosong ',
      'Poin tidak boleh kosong atau 0 ',
    ]);
  });

  it('matching word checks both sides, text-or-image and point', () => {
    const base: GameplayDraft = {
      type: 'matching_word',
      question: null,
      point: 5,
      options: [{ text: 'Lele' }],
      matching_options: [{ text: 'Ikan air tawar' }],
      correct_answers: ['Ikan air tawar'],
    };
    expect(gameplayErrors(base)).toEqual([]);
    expect(gameplayErrors({ ...base, options: [], matching_options: [], point: null })).toEqual([
      'Opsi Kiri tidak boleh kosong',
      'Opsi Kanan tidak boleh kosong',
      'Poin tidak boleh kosong atau 0',
    ]);
    expect(
      gameplayErrors({
        ...base,
        options: [{ text: '' }, { text: 'Nila', image: { id: 'img' } }],
        matching_options: [{ text: 'Ikan' }, { text: '' }],
      }),
    ).toEqual([
      'Sesi Kiri opsi 1 masih kosong',
      'Silahkah Pilih salah satu antara text atau gambar',
      'Sesi Kanan opsi 2 masih kosong',
    ]);
  });

  it('finding word checks the list, each word and the point', () => {
    const base: GameplayDraft = {
      type: 'finding_word',
      question: null,
      point: 5,
      time: 60,
      options: [{ text: 'lele' }, { text: 'kolam' }],
      correct_answers: ['lele', 'kolam'],
    };
    expect(gameplayErrors(base)).toEqual([]);
    expect(gameplayErrors({ ...base, options: [], point: 0 })).toEqual([
      'Daftar kata tidak boleh kosong',
      'Poin tidak boleh kosong atau 0',
    ]);
    expect(gameplayErrors({ ...base, options: [{ text: 'lele' }, { text: ' ' }] })).toEqual([
      'Kata nomor 2 masih kosong',
    ]);
  });
});

describe('field rules', () => {
  it('point is a number ≥ 0 with dot or comma decimals', () => {
    expect(pointFieldError('10')).toBeNull();
    expect(pointFieldError('2,5')).toBeNull();
    expect(pointFieldError('2.5')).toBeNull();
    expect(pointFieldError('-1')).toBe('Poin harus lebih dari atau sama dengan 0');
    expect(pointFieldError('abc')).toBe('Poin harus angka');
    expect(timerFieldError('30')).toBeNull();
    expect(timerFieldError('3a')).toBe('Timer harus angka');
  });
});

describe('firstUnsetSetting', () => {
  const full = {
    show_explanation: true,
    show_answer_explanation: false,
    skip: false,
    show_score: true,
    retake: 1,
    time: { enable: true, duration: 5 },
    minimum_score: 60,
  };
  it('reports only the first unset setting, in the spec order', () => {
    expect(firstUnsetSetting(full)).toBeNull();
    expect(firstUnsetSetting({})).toBe('Pengaturan Tampilkan Pembahasan belum diatur');
    expect(firstUnsetSetting({ ...full, skip: null, minimum_score: null })).toBe(
      'Pengaturan Skip belum diatur',
    );
    expect(firstUnsetSetting({ ...full, time: { enable: true, duration: null } })).toBe(
      'Pengaturan Estimasi Durasi belum diatur',
    );
    expect(firstUnsetSetting({ ...full, time: { enable: false }, minimum_score: null })).toBe(
      'Pengaturan Nilai Minimal belum diatur',
    );
  });
});
