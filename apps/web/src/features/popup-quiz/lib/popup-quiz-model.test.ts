import { describe, expect, it } from 'vitest';
import { gameplayCreateSchema } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import {
  emptyQuestion,
  fieldErrors,
  formatSecond,
  freeSecond,
  gameplayBody,
  questionErrors,
  quizzesBody,
  settingBody,
  settingFromActivity,
} from './popup-quiz-model';

const activityId = '6f1c1c2e-2b9b-4c55-8a43-8f1a3f0c9a11';

describe('popup quiz model', () => {
  it('starts jigsaw with Benar / Salah and checks with the shared rules', () => {
    const jigsaw = emptyQuestion('jigsaw');
    expect(jigsaw.options.map((o) => o.text)).toEqual(['Benar', 'Salah']);
    expect(questionErrors(jigsaw)).toEqual([
      'Pertanyaan tidak boleh kosong ',
      'Jawaban benar tidak boleh kosong ',
      'Poin tidak boleh kosong atau 0 ',
    ]);
  });

  it('applies the field rules and builds a body the server schema accepts', () => {
    const q = { ...emptyQuestion('multiple_choice'), point: 'lima', time: '1,5' };
    expect(fieldErrors(q)).toEqual({ point: 'Poin harus angka', time: 'Timer harus angka' });
    const [a, b] = q.options;
    const filled = {
      ...q,
      text: 'Ikan lele bernapas dengan?',
      point: '2,5',
      time: '',
      options: [
        { ...a!, text: 'Insang' },
        { ...b!, text: 'Paru-paru' },
      ],
      correctKey: a!.key,
    };
    expect(fieldErrors(filled)).toEqual({});
    expect(questionErrors(filled)).toEqual([]);
    const parsed = gameplayCreateSchema.parse(gameplayBody(activityId, filled));
    expect(parsed).toMatchObject({ point: 2.5, time: null, correct_answers: ['Insang'] });
  });

  it('sends only quizzes with saved questions and keeps unset settings null', () => {
    const saved = { ...emptyQuestion('jigsaw'), id: 'g1' };
    expect(
      quizzesBody([
        { key: 'a', type: 'jigsaw', instruction: '', second: 3, questions: [saved] },
        { key: 'b', type: 'jigsaw', instruction: '', second: 5, questions: [] },
      ]),
    ).toEqual([{ id: undefined, type: 'jigsaw', instruction: '', second: 3, gameplays: ['g1'] }]);
    expect(settingBody(settingFromActivity(null))).toMatchObject({
      show_explanation: null,
      retake: null,
      minimum_score: null,
    });
  });

  it('formats seconds and finds a free one', () => {
    expect(formatSecond(8)).toBe('00:08');
    expect(formatSecond(754)).toBe('12:34');
    expect(formatSecond(3725)).toBe('1:02:05');
    expect(freeSecond([3, 4], 3)).toBe(5);
    expect(freeSecond([11, 12], 12, 12)).toBe(10);
  });
});
