import { describe, expect, it } from 'vitest';
import type { Group } from '@ajar/shared/quiz/quiz.schemas';
import {
  draftToBody,
  emptyQuestion,
  emptySection,
  groupToDraft,
  questionErrorsAt,
  serverErrorsToSection,
  validateSection,
  type SectionDraft,
} from './question-form-model';

function filled(): SectionDraft {
  const q = emptyQuestion();
  return {
    ...emptySection(),
    name: 'Dasar',
    minScore: '60',
    questions: [
      {
        ...q,
        text: '<p>Apa itu UMKM?</p>',
        options: [
          { ...q.options[0]!, text: 'Usaha Mikro, Kecil, dan Menengah' },
          { ...q.options[1]!, text: 'Usaha Milik Kota', point: '1' },
        ],
        correctIndex: 0,
        explanation: '<p>Benar.</p>',
      },
    ],
  };
}

describe('validateSection', () => {
  it('passes a complete section', () => {
    expect(validateSection(filled())).toEqual({});
  });

  it('reports the section fields and every rule of spec 02 §5 per question', () => {
    const section = emptySection();
    section.questions[0]!.point = '';
    expect(validateSection(section)).toEqual({
      name: 'Nama tidak boleh kosong',
      min_score: 'Minimal Score tidak boleh kosong',
      'questions.0.question': 'Pertanyaan tidak boleh kosong',
      'questions.0.options': 'Opsi jawaban tidak boleh kosong',
      'questions.0.correct_answer': 'Jawaban benar tidak boleh kosong',
      'questions.0.point': 'Poin tidak boleh kosong atau 0',
    });
    expect(validateSection({ ...filled(), questions: [] })).toEqual({
      questions: 'Pertanyaan tidak boleh kosong',
    });
  });

  it('asks a survey for no correct answer and no point', () => {
    const section = filled();
    section.questions[0] = {
      ...section.questions[0]!,
      type: 'single_choice_survey',
      correctIndex: null,
      point: '',
    };
    expect(validateSection(section)).toEqual({});
  });
});

describe('body and server errors', () => {
  it('sends the marked option text as the correct answer and one explanation as both', () => {
    const body = draftToBody(filled());
    expect(body.section).toEqual({ name: 'Dasar', min_score: '60' });
    expect(body.questions[0]).toMatchObject({
      type: 'multiple_choice',
      correct_answer: ['Usaha Mikro, Kecil, dan Menengah'],
      point: '5',
      explanation: {
        correct: { text: '<p>Benar.</p>', media: null },
        wrong: { text: '<p>Benar.</p>', media: null },
      },
    });
    const survey = filled();
    survey.questions[0]!.type = 'single_choice_survey';
    expect(draftToBody(survey).questions[0]).toMatchObject({ correct_answer: [] });
    expect(draftToBody(survey).questions[0]).not.toHaveProperty('point');
  });

  it('places server field keys beside their fields', () => {
    const { fields, other } = serverErrorsToSection({
      'section.name': 'Nama tidak boleh kosong',
      'questions.1.options.0.media': 'Media tidak ditemukan',
      'questions.1.audio': 'Tipe media tidak sesuai',
      'questions.0.id': 'Soal tidak ditemukan',
      questions: 'Pertanyaan tidak boleh kosong',
      group_id: 'x',
    });
    expect(fields).toEqual({
      name: 'Nama tidak boleh kosong',
      'questions.1.options': 'Media tidak ditemukan',
      'questions.1.audio': 'Tipe media tidak sesuai',
      'questions.0.question': 'Soal tidak ditemukan',
      questions: 'Pertanyaan tidak boleh kosong',
    });
    expect(other).toEqual(['x']);
    expect(questionErrorsAt(fields, 1)).toEqual({
      options: 'Media tidak ditemukan',
      audio: 'Tipe media tidak sesuai',
    });
  });

  it('reads a saved group back into a draft', () => {
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    const group: Group = {
      group_id: id,
      id,
      is_group: true,
      program_id: id,
      topic_id: id,
      activity_id: id,
      packet_id: id,
      section: { id, name: 'Dasar', min_score: 70 },
      list_question: [
        {
          id,
          activity_id: id,
          group_id: id,
          seq: 1,
          type: 'multiple_choice',
          question: { text: '<p>x</p>', media: null },
          instruction: { text: '', media: null },
          audio: { id, url: '/media/a.mp3', type: 'audio' },
          question_type: 'text',
          answer_type: 'text',
          point: 2.5,
          options: [
            { text: 'A', media: null, point: 0 },
            { text: 'B', media: null, point: 1 },
          ],
          correct_answer: ['B'],
          status: 'publish',
          explanation: {
            correct: { text: '<p>e</p>', media: null },
            wrong: { text: '', media: null },
          },
          created_at: now,
          updated_at: now,
        },
      ],
      created_at: now,
      updated_at: now,
    };
    const draft = groupToDraft(group);
    expect(draft).toMatchObject({ groupId: id, sectionId: id, name: 'Dasar', minScore: '70' });
    expect(draft.questions[0]).toMatchObject({
      id,
      correctIndex: 1,
      point: '2.5',
      explanation: '<p>e</p>',
      audio: { id, url: '/media/a.mp3', type: 'audio' },
    });
    expect(draft.questions[0]!.options.map((o) => o.point)).toEqual(['', '1']);
  });
});
