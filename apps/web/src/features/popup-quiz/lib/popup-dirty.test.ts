import { describe, expect, it } from 'vitest';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import {
  isPopupDirty,
  popupBaseline,
  unsavedQuestionKeys,
  withSavedQuestion,
  withStoredQuiz,
  withoutQuestions,
} from './popup-dirty';
import {
  emptyQuestion,
  quizzesFromActivity,
  settingFromActivity,
  type QuizForm,
} from './popup-quiz-model';
import { savedGameplay, storedSetting } from './popup-test-data';

const activityId = crypto.randomUUID();
const [g1, g2, g3] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];

const gameplay = (id: string, text: string) => savedGameplay(id, activityId, text);

const stored: NonNullable<Activity['quiz']> = {
  setting: storedSetting,
  quizzes: [
    {
      id: crypto.randomUUID(),
      type: 'multiple_choice',
      instruction: 'Pilih.',
      second: 3,
      gameplays: [g1, g2],
    },
    {
      id: crypto.randomUUID(),
      type: 'multiple_choice',
      instruction: '',
      second: 8,
      gameplays: [g3],
    },
  ],
};

function loaded() {
  const setting = settingFromActivity(stored);
  const quizzes = quizzesFromActivity(stored, [
    gameplay(g1, 'Lele bernapas dengan?'),
    gameplay(g2, 'Nila bernapas dengan?'),
    gameplay(g3, 'Gurame bernapas dengan?'),
  ]);
  return { setting, quizzes, baseline: popupBaseline(setting, quizzes) };
}

const mapQuiz = (quizzes: QuizForm[], index: number, change: (q: QuizForm) => QuizForm) =>
  quizzes.map((q, i) => (i === index ? change(q) : q));

describe('isPopupDirty', () => {
  it('is clean as loaded, and for a video without pop-up quizzes yet', () => {
    const { setting, quizzes, baseline } = loaded();
    expect(isPopupDirty(baseline, setting, quizzes)).toBe(false);
    const empty = settingFromActivity(null);
    expect(isPopupDirty(popupBaseline(empty, []), empty, [])).toBe(false);
  });

  it('sees changed settings, and not a duration typed while the timer is off', () => {
    const { setting, quizzes, baseline } = loaded();
    expect(isPopupDirty(baseline, { ...setting, retake: 5 }, quizzes)).toBe(true);
    expect(isPopupDirty(baseline, { ...setting, minimum_score: '80' }, quizzes)).toBe(true);
    expect(isPopupDirty(baseline, { ...setting, minimum_score: '070' }, quizzes)).toBe(false);
    expect(isPopupDirty(baseline, { ...setting, time_duration: '9' }, quizzes)).toBe(false);
    expect(
      isPopupDirty(baseline, { ...setting, time_enable: 1, time_duration: '9' }, quizzes),
    ).toBe(true);
  });

  it('sees a moved second, a changed instruction and back again', () => {
    const { setting, quizzes, baseline } = loaded();
    const moved = mapQuiz(quizzes, 1, (q) => ({ ...q, second: 9 }));
    expect(isPopupDirty(baseline, setting, moved)).toBe(true);
    expect(
      isPopupDirty(
        baseline,
        setting,
        mapQuiz(moved, 1, (q) => ({ ...q, second: 8 })),
      ),
    ).toBe(false);
    expect(
      isPopupDirty(
        baseline,
        setting,
        mapQuiz(quizzes, 0, (q) => ({ ...q, instruction: 'Ubah' })),
      ),
    ).toBe(true);
  });

  it('sees an edited question, a new question and a new quiz', () => {
    const { setting, quizzes, baseline } = loaded();
    const edited = mapQuiz(quizzes, 0, (q) => ({
      ...q,
      questions: q.questions.map((x, i) => (i === 1 ? { ...x, point: '3' } : x)),
    }));
    expect(isPopupDirty(baseline, setting, edited)).toBe(true);
    const marked = mapQuiz(quizzes, 0, (q) => ({
      ...q,
      questions: q.questions.map((x, i) => (i === 0 ? { ...x, correctKey: x.options[1]!.key } : x)),
    }));
    expect(isPopupDirty(baseline, setting, marked)).toBe(true);
    const added = mapQuiz(quizzes, 1, (q) => ({
      ...q,
      questions: [...q.questions, emptyQuestion('multiple_choice')],
    }));
    expect(isPopupDirty(baseline, setting, added)).toBe(true);
    const newQuiz: QuizForm = {
      key: 'z-new',
      type: 'jigsaw',
      instruction: '',
      second: 10,
      questions: [],
    };
    expect(isPopupDirty(baseline, setting, [...quizzes, newQuiz])).toBe(true);
  });
});

describe('unsavedQuestionKeys', () => {
  it('names a question never saved and a saved one edited since, until saved or edited back', () => {
    const { setting, quizzes, baseline } = loaded();
    expect(unsavedQuestionKeys(baseline, quizzes).size).toBe(0);
    const saved = quizzes[0]!.questions[1]!;
    const edited = { ...saved, text: 'Nila bernapas dengan apa?' };
    const fresh = emptyQuestion('multiple_choice');
    const list = mapQuiz(quizzes, 0, (q) => ({ ...q, questions: [q.questions[0]!, edited] }));
    const withNew = mapQuiz(list, 1, (q) => ({ ...q, questions: [...q.questions, fresh] }));
    expect([...unsavedQuestionKeys(baseline, withNew)]).toEqual([edited.key, fresh.key]);
    // The tab's flag agrees with the labels it is given.
    const unsaved = unsavedQuestionKeys(baseline, withNew);
    expect(isPopupDirty(baseline, setting, withNew, unsaved)).toBe(true);
    // Typed back to the saved text, the question is saved again.
    const back = mapQuiz(list, 0, (q) => ({ ...q, questions: [q.questions[0]!, saved] }));
    expect(unsavedQuestionKeys(baseline, back).size).toBe(0);
    // 'Simpan Soal' makes the edited text the saved one.
    const after = withSavedQuestion(baseline, saved.id!, edited);
    expect([...unsavedQuestionKeys(after, withNew)]).toEqual([fresh.key]);
  });
});

describe('baseline updates', () => {
  it('a saved question, then the stored quiz, make the editor clean again', () => {
    const { setting, quizzes, baseline } = loaded();
    const question = { ...emptyQuestion('jigsaw'), text: 'Lele ikan air tawar.', point: '5' };
    const newQuiz: QuizForm = {
      key: 'z-new',
      type: 'jigsaw',
      instruction: 'Benar atau salah?',
      second: 10,
      questions: [question],
    };
    const g4 = crypto.randomUUID();
    const savedQuestion = { ...question, id: g4 };
    const withQuestion = withSavedQuestion(baseline, g4, savedQuestion);
    const list = [...quizzes, { ...newQuiz, questions: [savedQuestion] }];
    // The question is saved but its quiz is not stored yet.
    expect(isPopupDirty(withQuestion, setting, list)).toBe(true);
    const after = withStoredQuiz(withQuestion, setting, list);
    expect(isPopupDirty(after, setting, list)).toBe(false);
    // A quiz stored without its id yet is the same row: the id the save gives changes nothing.
    expect(
      isPopupDirty(
        after,
        setting,
        list.map((q) => ({ ...q, id: q.id ?? 'x' })),
      ),
    ).toBe(false);
  });

  it('keeps edits made while a save was on its way unsaved', () => {
    const { setting, quizzes, baseline } = loaded();
    const sent = { ...setting, retake: 5 };
    const after = withStoredQuiz(baseline, sent, quizzes);
    expect(isPopupDirty(after, sent, quizzes)).toBe(false);
    expect(isPopupDirty(after, { ...sent, retake: 10 }, quizzes)).toBe(true);
  });

  it('never makes the editor unsaved by deleting a question or a quiz', () => {
    const { setting, quizzes, baseline } = loaded();
    // One question of the first quiz.
    const oneGone = mapQuiz(quizzes, 0, (q) => ({
      ...q,
      questions: q.questions.filter((x) => x.id !== g2),
    }));
    expect(isPopupDirty(withoutQuestions(baseline, [g2]), setting, oneGone)).toBe(false);
    // The last question of the second quiz: the quiz stays, empty, as the server dropped it.
    const emptied = mapQuiz(quizzes, 1, (q) => ({ ...q, id: undefined, questions: [] }));
    const afterEmpty = withoutQuestions(baseline, [g3]);
    expect(isPopupDirty(afterEmpty, setting, emptied)).toBe(false);
    // …until it is moved.
    expect(
      isPopupDirty(
        afterEmpty,
        setting,
        mapQuiz(emptied, 1, (q) => ({ ...q, second: 11 })),
      ),
    ).toBe(true);
    // A whole quiz.
    expect(isPopupDirty(withoutQuestions(baseline, [g1, g2]), setting, [quizzes[1]!])).toBe(false);
  });

  it('a delete keeps other unsaved edits unsaved', () => {
    const { setting, quizzes, baseline } = loaded();
    const list = mapQuiz(quizzes, 0, (q) => ({
      ...q,
      second: 4,
      questions: q.questions.filter((x) => x.id !== g2),
    }));
    expect(isPopupDirty(withoutQuestions(baseline, [g2]), setting, list)).toBe(true);
  });
});
