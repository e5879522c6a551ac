import { describe, expect, it } from 'vitest';
import {
  groupBodySchema,
  packetCreateBodySchema,
  questionInputSchema,
  saveSectionBodySchema,
  sectionBodySchema,
} from './quiz.schemas';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('questionInputSchema', () => {
  it('fills the defaults of spec 02 §3', () => {
    const q = questionInputSchema.parse({ question: { text: '<p>Apa?</p>' } });
    expect(q).toMatchObject({
      type: 'multiple_choice',
      question: { text: '<p>Apa?</p>', media: null },
      instruction: { text: '', media: null },
      audio: null,
      question_type: 'text',
      answer_type: 'text',
      options: [],
      correct_answer: [],
      status: 'publish',
      explanation: { correct: { text: '', media: null }, wrong: { text: '', media: null } },
    });
  });

  it('reads null fields and a cleared media reference as empty', () => {
    const q = questionInputSchema.parse({
      question: null,
      options: [{ text: null, media: { id: null, url: '' } }],
      correct_answer: 'A',
      explanation: null,
      audio: {},
    });
    expect(q.question).toEqual({ text: '', media: null });
    expect(q.options[0]).toEqual({ text: '', media: null });
    expect(q.correct_answer).toEqual(['A']);
    expect(q.audio).toBeNull();
  });

  it('checks media references and types', () => {
    const bad = questionInputSchema.safeParse({
      type: 'essay',
      audio: { id: 'x', url: 'javascript:alert(1)', type: 'audio' },
      correct_answer: ['A', 'B'],
    });
    expect(issues(bad)).toMatchObject({
      type: 'Tipe Soal tidak valid',
      'audio.id': 'Media tidak valid',
      'audio.url': 'URL media tidak valid',
      correct_answer: 'Jawaban benar hanya satu',
    });
  });
});

describe('section schemas', () => {
  it('requires Nama and Minimal Score with the spec wording', () => {
    expect(issues(sectionBodySchema.safeParse({ packet_id: crypto.randomUUID() }))).toEqual({
      name: 'Nama tidak boleh kosong',
      min_score: 'Minimal Score tidak boleh kosong',
    });
    expect(
      issues(
        sectionBodySchema.safeParse({ packet_id: crypto.randomUUID(), name: '  ', min_score: '' }),
      ),
    ).toEqual({ name: 'Nama tidak boleh kosong', min_score: 'Minimal Score tidak boleh kosong' });
    expect(
      issues(
        sectionBodySchema.safeParse({ packet_id: crypto.randomUUID(), name: 'A', min_score: 'x' }),
      ),
    ).toEqual({ min_score: 'Minimal Score harus berupa angka' });
    expect(
      issues(
        sectionBodySchema.safeParse({ packet_id: crypto.randomUUID(), name: 'A', min_score: -1 }),
      ),
    ).toEqual({ min_score: 'Minimal Score harus lebih dari atau sama dengan 0' });
    expect(
      issues(
        sectionBodySchema.safeParse({ packet_id: crypto.randomUUID(), name: 'A', min_score: 101 }),
      ),
    ).toEqual({ min_score: 'Minimal Score harus kurang dari atau sama dengan 100' });
  });

  it('reads a minus sign as a number below 0, like the activity settings (spec 01 §5)', () => {
    const minScore = (min_score: unknown) =>
      issues(sectionBodySchema.safeParse({ packet_id: crypto.randomUUID(), name: 'A', min_score }));
    expect(minScore('-5')).toEqual({
      min_score: 'Minimal Score harus lebih dari atau sama dengan 0',
    });
    expect(minScore(' -5 ')).toEqual({
      min_score: 'Minimal Score harus lebih dari atau sama dengan 0',
    });
    expect(minScore('2.5')).toEqual({ min_score: 'Minimal Score harus berupa angka' });
    expect(minScore('5-')).toEqual({ min_score: 'Minimal Score harus berupa angka' });
    expect(minScore('101')).toEqual({
      min_score: 'Minimal Score harus kurang dari atau sama dengan 100',
    });
    expect(minScore(' 70 ')).toEqual({});
  });

  it('reads a digit string as the minimal score', () => {
    const s = saveSectionBodySchema.parse({ section: { name: ' Dasar ', min_score: '70' } });
    expect(s.section).toEqual({ name: 'Dasar', min_score: 70 });
    expect(s.questions).toEqual([]);
  });
});

describe('group and packet bodies', () => {
  it('accepts version B ids and version A objects', () => {
    const id = crypto.randomUUID();
    const g = groupBodySchema.parse({ list_question: [id, { question: { text: 'x' } }] });
    expect(g.list_question[0]).toBe(id);
    expect(typeof g.list_question[1]).toBe('object');
    expect(g.is_group).toBe(true);
  });

  it('creates packets with status publish by default', () => {
    expect(packetCreateBodySchema.parse(undefined)).toEqual({ status: 'publish' });
    expect(packetCreateBodySchema.parse(null)).toEqual({ status: 'publish' });
    expect(packetCreateBodySchema.parse({ status: 'draft' })).toEqual({ status: 'draft' });
  });
});
