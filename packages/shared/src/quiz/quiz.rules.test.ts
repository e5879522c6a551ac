import { describe, expect, it } from 'vitest';
import {
  packetSaveErrors,
  parsePoint,
  questionErrors,
  questionFieldErrors,
  type QuestionDraft,
} from './quiz.rules';

const good: QuestionDraft = {
  type: 'multiple_choice',
  question: { text: '<p>Apa kepanjangan UMKM?</p>' },
  options: [{ text: 'Usaha Mikro, Kecil, dan Menengah' }, { text: 'Usaha Milik Kota' }],
  correct_answer: ['Usaha Mikro, Kecil, dan Menengah'],
  point: 5,
};

describe('questionErrors (spec 02 §5)', () => {
  it('passes a complete multiple-choice question', () => {
    expect(questionErrors(good)).toEqual([]);
  });

  it('reports every failed rule in the spec order', () => {
    expect(
      questionErrors({
        type: 'multiple_choice',
        question: { text: '<p> </p>' },
        options: [],
        correct_answer: [],
        point: 0,
      }),
    ).toEqual([
      'Pertanyaan tidak boleh kosong',
      'Opsi jawaban tidak boleh kosong',
      'Jawaban benar tidak boleh kosong',
      'Poin tidak boleh kosong atau 0',
    ]);
  });

  it('treats an empty option, a correct answer that is no option, and an empty point as errors', () => {
    expect(questionErrors({ ...good, options: [...good.options, { text: '' }] })).toEqual([
      'Opsi jawaban tidak boleh kosong',
    ]);
    expect(questionErrors({ ...good, correct_answer: ['Tidak ada'] })).toEqual([
      'Jawaban benar tidak boleh kosong',
    ]);
    expect(questionErrors({ ...good, point: '' })).toEqual(['Poin tidak boleh kosong atau 0']);
    expect(questionErrors({ ...good, point: '2,5' })).toEqual([]);
  });

  it('accepts a question made only of media', () => {
    expect(questionErrors({ ...good, question: { text: '', media: { id: 'm1' } } })).toEqual([]);
  });

  it('asks a survey for no correct answer and no point', () => {
    expect(
      questionErrors({ ...good, type: 'single_choice_survey', correct_answer: [], point: null }),
    ).toEqual([]);
  });
});

describe('packetSaveErrors', () => {
  it('needs packets, then questions', () => {
    expect(packetSaveErrors([]).general).toEqual(['Paket soal tidak boleh kosong']);
    expect(packetSaveErrors([{ questions: [] }]).general).toEqual([
      'Pertanyaan tidak boleh kosong',
    ]);
    expect(packetSaveErrors([{ questions: [good, { ...good, point: 0 }] }]).byQuestion).toEqual([
      [],
      ['Poin tidak boleh kosong atau 0'],
    ]);
  });
});

describe('questionFieldErrors', () => {
  it('puts each message beside its field', () => {
    expect(
      questionFieldErrors({
        type: 'multiple_choice',
        question: { text: '' },
        options: [{ text: 'A' }, { text: '' }],
        correct_answer: [],
        point: null,
      }),
    ).toEqual([
      { field: 'question', message: 'Pertanyaan tidak boleh kosong' },
      { field: 'options', message: 'Opsi jawaban tidak boleh kosong' },
      { field: 'correct_answer', message: 'Jawaban benar tidak boleh kosong' },
      { field: 'point', message: 'Poin tidak boleh kosong atau 0' },
    ]);
  });

  it('refuses duplicate option texts, negative or non-numeric points', () => {
    const dup = {
      ...good,
      options: [{ text: 'Sama' }, { text: 'Sama' }],
      correct_answer: ['Sama'],
    };
    expect(questionErrors(dup)).toEqual(['Opsi jawaban tidak boleh sama']);
    expect(questionErrors({ ...good, point: '-3' })).toEqual([
      'Poin harus lebih dari atau sama dengan 0',
    ]);
    expect(questionErrors({ ...good, point: -3 })).toEqual([
      'Poin harus lebih dari atau sama dengan 0',
    ]);
    // Text that is no number is not "empty or 0": it gets the message for what it is.
    expect(questionErrors({ ...good, point: 'abc' })).toEqual(['Poin harus angka']);
    expect(
      questionErrors({
        ...good,
        options: [{ text: 'Usaha Mikro, Kecil, dan Menengah', point: 'x' }],
      }),
    ).toEqual(['Poin harus angka']);
  });

  it('bounds question and option points at 1000000', () => {
    const tooLarge = 'Poin harus kurang dari atau sama dengan 1000000';
    expect(questionErrors({ ...good, point: 1e308 })).toEqual([tooLarge]);
    expect(questionErrors({ ...good, point: '1000000,5' })).toEqual([tooLarge]);
    expect(questionFieldErrors({ ...good, point: '99999999999999999999' })).toEqual([
      { field: 'point', message: tooLarge },
    ]);
    expect(questionErrors({ ...good, point: 1_000_000 })).toEqual([]);
    const options = (point: number | string) =>
      good.options.map((o, i) => ({ ...o, point: i === 0 ? point : 1 }));
    expect(questionFieldErrors({ ...good, options: options(1e308) })).toEqual([
      { field: 'options', message: tooLarge },
    ]);
    expect(questionErrors({ ...good, options: options('1000000') })).toEqual([]);
    // A survey has no question point, but its option points (weights) are bounded too.
    expect(
      questionErrors({
        ...good,
        type: 'single_choice_survey',
        correct_answer: [],
        point: null,
        options: options(2e6),
      }),
    ).toEqual([tooLarge]);
    expect(questionErrors({ ...good, point: 1e308 }, ' ')).toEqual([`${tooLarge} `]);
  });

  it('reads points with a comma or dot decimal', () => {
    expect(parsePoint('2,5')).toBe(2.5);
    expect(parsePoint('10')).toBe(10);
    expect(parsePoint(' 1.25 ')).toBe(1.25);
    expect(parsePoint('')).toBeNull();
    expect(parsePoint('1e3')).toBeNull();
    expect(parsePoint(-1)).toBeNull();
  });
});
