import type { GameplayType } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import type { QuestionForm, QuizForm, SettingForm } from './popup-quiz-model';

/**
 * What the server last returned (or accepted) for the 'Pop up Quiz' tab, to tell which parts of
 * the editor are unsaved: the settings, each quiz (by its row key) and each saved question (by
 * its gameplay id). Values are compared as canonical JSON.
 */
export interface PopupBaseline {
  setting: string;
  /** Quiz row key → its stored type, instruction, second and question ids. */
  quizzes: Readonly<Record<string, StoredQuiz>>;
  /** Gameplay id → the question as last saved. */
  questions: Readonly<Record<string, string>>;
}

/** A quiz as update-quiz stored it. */
export interface StoredQuiz {
  type: GameplayType;
  instruction: string;
  second: number;
  gameplays: string[];
}

/** A number typed as text counts by its value ('05' = '5'); anything else as typed. */
const numberish = (text: string): number | string =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim();

/** The settings as update-quiz would store them (the duration only counts with the timer on). */
export function settingKey(s: SettingForm): string {
  return JSON.stringify([
    s.show_explanation,
    s.show_answer_explanation,
    s.skip,
    s.show_score,
    s.retake,
    s.time_enable,
    s.time_enable === 1 ? numberish(s.time_duration) : '',
    numberish(s.minimum_score),
    s.is_random,
  ]);
}

const sideKey = (o: QuestionForm['options'][number]) => [o.text, o.image, o.audio];

/** A question's values without the editor's row keys (the correct option by its position). */
export function questionKey(q: QuestionForm): string {
  return JSON.stringify({
    type: q.type,
    text: q.text,
    image: q.image,
    audio: q.audio,
    point: q.point,
    time: q.time,
    duration: q.duration,
    options: q.options.map(sideKey),
    right: q.right.map(sideKey),
    correct: q.options.findIndex((o) => o.key === q.correctKey),
    explanation: q.explanation,
  });
}

const savedIds = (quiz: QuizForm) => quiz.questions.flatMap((q) => (q.id ? [q.id] : []));

const storedOf = (quiz: QuizForm): StoredQuiz => ({
  type: quiz.type,
  instruction: quiz.instruction,
  second: quiz.second,
  gameplays: savedIds(quiz),
});

/** The baseline of the editor as it was loaded: settings, stored quizzes and their questions. */
export function popupBaseline(setting: SettingForm, quizzes: QuizForm[]): PopupBaseline {
  return {
    setting: settingKey(setting),
    quizzes: Object.fromEntries(quizzes.filter((q) => q.id).map((q) => [q.key, storedOf(q)])),
    questions: Object.fromEntries(
      quizzes.flatMap((quiz) =>
        quiz.questions.flatMap((q) => (q.id ? [[q.id, questionKey(q)] as const] : [])),
      ),
    ),
  };
}

/** After 'Simpan Soal': the question as sent is what the server has under `id`. */
export function withSavedQuestion(
  baseline: PopupBaseline,
  id: string,
  question: QuestionForm,
): PopupBaseline {
  return { ...baseline, questions: { ...baseline.questions, [id]: questionKey(question) } };
}

/**
 * After update-quiz: the settings as sent, and each quiz that was sent (those with saved
 * questions) as stored. Quizzes not sent keep their entry.
 */
export function withStoredQuiz(
  baseline: PopupBaseline,
  setting: SettingForm,
  sent: QuizForm[],
): PopupBaseline {
  const quizzes = { ...baseline.quizzes };
  for (const quiz of sent) {
    if (savedIds(quiz).length > 0) quizzes[quiz.key] = storedOf(quiz);
  }
  return { ...baseline, setting: settingKey(setting), quizzes };
}

/**
 * After deleting questions on the server (which also takes them out of their quiz): they leave
 * the baseline too, so a delete never makes the editor unsaved.
 */
export function withoutQuestions(baseline: PopupBaseline, ids: string[]): PopupBaseline {
  const gone = new Set(ids);
  return {
    setting: baseline.setting,
    quizzes: Object.fromEntries(
      Object.entries(baseline.quizzes).map(([key, quiz]) => [
        key,
        { ...quiz, gameplays: quiz.gameplays.filter((id) => !gone.has(id)) },
      ]),
    ),
    questions: Object.fromEntries(
      Object.entries(baseline.questions).filter(([id]) => !gone.has(id)),
    ),
  };
}

/**
 * Whether the server lacks a question as the editor shows it: never saved ('Belum disimpan'), or
 * edited since its save (back to its saved values, it is saved again).
 */
function isQuestionUnsaved(baseline: PopupBaseline, question: QuestionForm): boolean {
  return !question.id || baseline.questions[question.id] !== questionKey(question);
}

/** The row keys of the questions the server lacks as shown (see `isQuestionUnsaved`). */
export function unsavedQuestionKeys(
  baseline: PopupBaseline,
  quizzes: QuizForm[],
): ReadonlySet<string> {
  return new Set(
    quizzes.flatMap((quiz) =>
      quiz.questions.flatMap((q) => (isQuestionUnsaved(baseline, q) ? [q.key] : [])),
    ),
  );
}

/**
 * Whether the editor holds changes the server does not have: settings that differ, a quiz never
 * stored or whose type, instruction, second or saved questions differ, or an unsaved question.
 * `unsaved` is `unsavedQuestionKeys` of the same values, when the caller has it already.
 */
export function isPopupDirty(
  baseline: PopupBaseline,
  setting: SettingForm,
  quizzes: QuizForm[],
  unsaved: ReadonlySet<string> = unsavedQuestionKeys(baseline, quizzes),
): boolean {
  if (settingKey(setting) !== baseline.setting || unsaved.size > 0) return true;
  return quizzes.some((quiz) => {
    const stored = baseline.quizzes[quiz.key];
    return !stored || JSON.stringify(storedOf(quiz)) !== JSON.stringify(stored);
  });
}
