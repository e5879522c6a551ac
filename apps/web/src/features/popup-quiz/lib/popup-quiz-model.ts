import type { ActivityQuizUpdateInput } from '@ajar/shared/activities/activities-popup-quiz.schemas';
import type { Activity } from '@ajar/shared/activities/activities.schemas';
import type { MediaRef } from '@ajar/shared/media/media.schemas';
import {
  jigsawDefaultOptions,
  type GameplayType,
} from '@ajar/shared/popup-quiz/popup-quiz.constants';
import {
  gameplayErrors,
  pointFieldError,
  timerFieldError,
  type GameplayDraft,
} from '@ajar/shared/popup-quiz/popup-quiz.rules';
import type { Gameplay, GameplayCreateInput } from '@ajar/shared/popup-quiz/popup-quiz.schemas';

/** One option, matching side or word as the editor holds it. */
export interface OptionForm {
  key: string;
  text: string;
  image: MediaRef | null;
  audio: MediaRef | null;
}

/** One pop-up question as the editor holds it: numbers stay text until saved. */
export interface QuestionForm {
  key: string;
  /** The saved gameplay's id; undefined until 'Simpan Soal' succeeds. */
  id?: string;
  type: GameplayType;
  text: string;
  image: MediaRef | null;
  audio: MediaRef | null;
  point: string;
  /** Timer (seconds) of multiple_choice, jigsaw, matching_word; '' = no timer. */
  time: string;
  /** Word search seconds; '' = no limit. */
  duration: string;
  options: OptionForm[];
  /** matching_word: the right side, pairing with `options` by position. */
  right: OptionForm[];
  /** multiple_choice / jigsaw: key of the correct option. */
  correctKey: string | null;
  explanation: { text: string; image: MediaRef | null; audio: MediaRef | null };
}

/** One pop-up quiz as the editor holds it. */
export interface QuizForm {
  key: string;
  /** The stored quiz's id (kept across saves); undefined for a new quiz. */
  id?: string;
  type: GameplayType;
  instruction: string;
  second: number;
  questions: QuestionForm[];
}

/** The settings form: every value starts unset (null) until the author chooses it. */
export interface SettingForm {
  show_explanation: 0 | 1 | null;
  show_answer_explanation: 0 | 1 | null;
  skip: 0 | 1 | null;
  show_score: 0 | 1 | null;
  retake: number | null;
  time_enable: 0 | 1 | null;
  /** Minutes, as typed. */
  time_duration: string;
  /** As typed. */
  minimum_score: string;
  is_random: 0 | 1;
}

let counter = 0;
/** A key for list rendering (stable for the life of the row). */
export function newKey(prefix = 'k'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

const option = (text = '', image: MediaRef | null = null, audio: MediaRef | null = null) => ({
  key: newKey('o'),
  text,
  image,
  audio,
});

/** A new question of a type: jigsaw starts with 'Benar' / 'Salah' (spec 02 §3). */
export function emptyQuestion(type: GameplayType): QuestionForm {
  const base: QuestionForm = {
    key: newKey('q'),
    type,
    text: '',
    image: null,
    audio: null,
    point: '',
    time: '',
    duration: '',
    options: [],
    right: [],
    correctKey: null,
    explanation: { text: '', image: null, audio: null },
  };
  switch (type) {
    case 'multiple_choice':
      return { ...base, options: [option(), option()] };
    case 'jigsaw':
      return { ...base, options: jigsawDefaultOptions.map((text) => option(text)) };
    case 'matching_word':
      return { ...base, options: [option()], right: [option()] };
    case 'finding_word':
      return { ...base, options: [option()] };
  }
}

const numberText = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

/** A saved gameplay as the editor holds it. */
export function questionFromGameplay(g: Gameplay): QuestionForm {
  const options = g.options.map((o) => option(o.text, o.image, o.audio));
  const correct = options.find((o) => g.correct_answers.includes(o.text) && o.text !== '');
  return {
    key: newKey('q'),
    id: g.id,
    type: g.type,
    text: g.question?.text ?? '',
    image: g.question?.image ?? null,
    audio: g.question?.audio ?? null,
    point: numberText(g.point),
    time: g.time === null ? '' : String(g.time),
    duration: g.duration === null ? '' : String(g.duration),
    options,
    right: g.matching_options.map((o) => option(o.text, o.image, o.audio)),
    correctKey: correct?.key ?? null,
    explanation: g.explanation ?? { text: '', image: null, audio: null },
  };
}

/** The quizzes of a stored pop-up quiz, each with its loaded gameplays (missing ones skipped). */
export function quizzesFromActivity(quiz: Activity['quiz'], gameplays: Gameplay[]): QuizForm[] {
  if (!quiz) return [];
  const byId = new Map(gameplays.map((g) => [g.id, g]));
  return quiz.quizzes.map((q) => ({
    key: newKey('z'),
    id: q.id,
    type: q.type,
    instruction: q.instruction,
    second: q.second,
    questions: q.gameplays.flatMap((id) => {
      const g = byId.get(id);
      return g ? [questionFromGameplay(g)] : [];
    }),
  }));
}

export function settingFromActivity(quiz: Activity['quiz']): SettingForm {
  if (!quiz) {
    return {
      show_explanation: null,
      show_answer_explanation: null,
      skip: null,
      show_score: null,
      retake: null,
      time_enable: null,
      time_duration: '',
      minimum_score: '',
      is_random: 0,
    };
  }
  const s = quiz.setting;
  return {
    show_explanation: s.show_explanation,
    show_answer_explanation: s.show_answer_explanation,
    skip: s.skip,
    show_score: s.show_score,
    retake: s.retake,
    time_enable: s.time.enable,
    time_duration: s.time.enable ? String(s.time.duration) : '',
    minimum_score: String(s.minimum_score),
    is_random: s.is_random,
  };
}

const numberOrNull = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The update-quiz `setting`: unset values stay null so the server can name the first one. */
export function settingBody(s: SettingForm): ActivityQuizUpdateInput['setting'] {
  return {
    show_explanation: s.show_explanation,
    show_answer_explanation: s.show_answer_explanation,
    skip: s.skip,
    show_score: s.show_score,
    retake: s.retake,
    is_random: s.is_random,
    time: {
      enable: s.time_enable,
      duration: s.time_enable === 1 ? numberOrNull(s.time_duration) : 0,
    },
    minimum_score: numberOrNull(s.minimum_score),
  };
}

/** What the shared `firstUnsetSetting` reads. */
export function settingDraft(s: SettingForm) {
  const flag = (v: 0 | 1 | null) => (v === null ? null : v === 1);
  return {
    show_explanation: flag(s.show_explanation),
    show_answer_explanation: flag(s.show_answer_explanation),
    skip: flag(s.skip),
    show_score: flag(s.show_score),
    retake: s.retake,
    time: { enable: flag(s.time_enable), duration: numberOrNull(s.time_duration) },
    minimum_score: numberOrNull(s.minimum_score),
  };
}

/** A number typed with a comma or a dot: '2,5' → 2.5; '' stays ''. */
const pointValue = (text: string) => (text.trim() === '' ? '' : text.trim().replace(',', '.'));

/** The draft the shared rules check (spec 02 §5). */
export function questionDraft(q: QuestionForm): GameplayDraft {
  const correct = q.options.find((o) => o.key === q.correctKey);
  return {
    type: q.type,
    question:
      q.type === 'matching_word' || q.type === 'finding_word'
        ? null
        : { text: q.text, image: q.image, audio: q.audio },
    point: pointValue(q.point),
    time: q.time,
    options: q.options.map((o) => ({ text: o.text, image: o.image, audio: o.audio })),
    matching_options: q.right.map((o) => ({ text: o.text, image: o.image, audio: o.audio })),
    correct_answers: correct && correct.text.trim() ? [correct.text.trim()] : [],
  };
}

/** Field rules of the editor: 'Poin harus angka', 'Timer harus angka' (spec 02 §5). */
export function fieldErrors(q: QuestionForm): { point?: string; time?: string; duration?: string } {
  const errors: { point?: string; time?: string; duration?: string } = {};
  if (q.point.trim() !== '') {
    const point = pointFieldError(q.point);
    if (point) errors.point = point;
  }
  if (q.type !== 'finding_word' && q.time.trim() !== '') {
    const time = timerFieldError(q.time);
    if (time) errors.time = time;
  }
  if (q.type === 'finding_word' && q.duration.trim() !== '' && timerFieldError(q.duration)) {
    errors.duration = 'Durasi harus angka';
  }
  return errors;
}

/** The messages shown beside a question before it is sent: the shared rules in order. */
export function questionErrors(q: QuestionForm): string[] {
  return gameplayErrors(questionDraft(q));
}

const secondsOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The gameplay body (create; the update sends the same). */
export function gameplayBody(activityId: string, q: QuestionForm): GameplayCreateInput {
  const draft = questionDraft(q);
  const side = (o: OptionForm) => ({ text: o.text.trim(), image: o.image, audio: o.audio });
  return {
    activity_id: activityId,
    type: q.type,
    question: draft.question ? { text: q.text.trim(), image: q.image, audio: q.audio } : null,
    point: pointValue(q.point) === '' ? 0 : Number(pointValue(q.point)),
    time: q.type === 'finding_word' ? null : secondsOrNull(q.time),
    duration: q.type === 'finding_word' ? secondsOrNull(q.duration) : null,
    options:
      q.type === 'finding_word'
        ? q.options.map((o) => ({ text: o.text.trim() }))
        : q.options.map(side),
    matching_options: q.type === 'matching_word' ? q.right.map(side) : [],
    correct_answers: draft.correct_answers,
    explanation:
      q.type === 'finding_word' ||
      (!q.explanation.text.trim() && !q.explanation.image && !q.explanation.audio)
        ? null
        : { ...q.explanation, text: q.explanation.text.trim() },
  };
}

/** Saved quizzes as update-quiz sends them: only quizzes with saved questions. */
export function quizzesBody(quizzes: QuizForm[]): NonNullable<ActivityQuizUpdateInput['quizzes']> {
  return quizzes
    .map((q) => ({
      id: q.id,
      type: q.type,
      instruction: q.instruction,
      second: q.second,
      gameplays: q.questions.flatMap((question) => (question.id ? [question.id] : [])),
    }))
    .filter((q) => q.gameplays.length > 0);
}

/** Seconds as mm:ss (a video of an hour or more shows h:mm:ss). */
export function formatSecond(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const mm = String(minutes).padStart(2, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The first whole second not taken by another quiz, from `from` on (within `max` if known). */
export function freeSecond(taken: number[], from = 0, max?: number): number {
  const used = new Set(taken);
  let s = Math.max(0, Math.floor(from));
  while (used.has(s)) s += 1;
  if (max !== undefined && s > max) {
    for (let t = Math.floor(max); t >= 0; t -= 1) if (!used.has(t)) return t;
  }
  return s;
}
