import {
  isEmptyPoint,
  parsePoint,
  plainText,
  pointError,
  questionErrors,
} from '../quiz/quiz.rules';
import { quizMessages } from '../quiz/quiz.constants';
import {
  popupMessages,
  popupPointMax,
  popupSettingOrder,
  type GameplayType,
} from './popup-quiz.constants';

export interface GameplayMedia {
  id?: string | null;
  url?: string | null;
}

export interface GameplayOption {
  text: string;
  image?: GameplayMedia | null;
  audio?: GameplayMedia | null;
  answer?: string | null;
}

export interface GameplayDraft {
  type: GameplayType;
  question: { text: string; image?: GameplayMedia | null; audio?: GameplayMedia | null } | null;
  point: number | string | null;
  time?: number | string | null;
  options: GameplayOption[];
  correct_answers: string[];
  matching_options?: GameplayOption[];
}

/** Point field: a number ≥ 0, dot or comma decimal (spec 02 §5). */
export function pointFieldError(value: string): string | null {
  if (/^\d+([.,]\d+)?$/.test(value.trim())) return null;
  return Number(value.trim().replace(',', '.')) < 0
    ? quizMessages.pointNegative
    : popupMessages.pointNotNumber;
}

/** Timer field: whole seconds. */
export function timerFieldError(value: string): string | null {
  return /^\d+$/.test(value.trim()) ? null : popupMessages.timerNotNumber;
}

const filled = (o: GameplayOption) => Boolean(plainText(o.text) || o.image?.id || o.image?.url);

/** A matching side holds text or an image, never both. */
export function matchingSideError(option: GameplayOption): string | null {
  return plainText(option.text) && (option.image?.id || option.image?.url)
    ? popupMessages.textOrImage
    : null;
}

/** A point above `popupPointMax`; null when it is fine or empty or no number (other rules). */
function pointTooLarge(point: number | string | null): string | null {
  const n = point === null ? null : parsePoint(point);
  return n !== null && n > popupPointMax ? popupMessages.pointTooLarge : null;
}

/** The checks of spec 02 §5 for one pop-up question, in order. */
export function gameplayErrors(g: GameplayDraft): string[] {
  // The quiz checks, with the pop-up point bound in place of the quiz's.
  const asQuiz = (suffix: string) => {
    const errors = questionErrors(
      {
        type: 'multiple_choice',
        question: { text: g.question?.text ?? '', media: g.question?.image ?? null },
        options: g.options.map((o) => ({ text: o.text, media: o.image ?? null })),
        correct_answer: g.correct_answers,
        point: g.point,
      },
      suffix,
    ).filter((m) => m !== quizMessages.pointTooLarge + suffix);
    const tooLarge = pointTooLarge(g.point);
    if (tooLarge) errors.push(tooLarge + suffix);
    return errors;
  };
  const pointErrors = () => {
    if (isEmptyPoint(g.point)) return [quizMessages.pointEmpty];
    // Text that is no number, or a negative number: the quiz's message for what is wrong.
    const wrong = g.point === null ? null : pointError(g.point);
    if (wrong && wrong !== quizMessages.pointTooLarge) return [wrong];
    const tooLarge = pointTooLarge(g.point);
    return tooLarge ? [tooLarge] : [];
  };
  switch (g.type) {
    case 'multiple_choice': {
      // Spec 02 §5: pop-up multiple choice names each empty option ('Jawaban nomor N masih
      // kosong'); 'Opsi jawaban tidak boleh kosong' stays for a question without options, so one
      // empty option gives one message.
      const errors = asQuiz('');
      const at = errors.indexOf(quizMessages.optionsEmpty);
      if (at >= 0 && g.options.length > 0) {
        const blanks = g.options.flatMap((o, i) =>
          filled(o) ? [] : [popupMessages.optionEmpty(i + 1)],
        );
        errors.splice(at, 1, ...blanks);
      }
      return errors;
    }
    case 'jigsaw':
      // Spec 02 §5: the jigsaw messages end with a space.
      return asQuiz(' ');
    case 'matching_word': {
      const errors: string[] = [];
      const left = g.options;
      const right = g.matching_options ?? [];
      if (left.length === 0) errors.push(popupMessages.leftEmpty);
      left.forEach((o, i) => {
        if (!filled(o)) errors.push(popupMessages.leftOptionEmpty(i + 1));
        const both = matchingSideError(o);
        if (both && !errors.includes(both)) errors.push(both);
      });
      if (right.length === 0) errors.push(popupMessages.rightEmpty);
      right.forEach((o, i) => {
        if (!filled(o)) errors.push(popupMessages.rightOptionEmpty(i + 1));
        const both = matchingSideError(o);
        if (both && !errors.includes(both)) errors.push(both);
      });
      errors.push(...pointErrors());
      return errors;
    }
    case 'finding_word': {
      const errors: string[] = [];
      if (g.options.length === 0) errors.push(popupMessages.wordsEmpty);
      g.options.forEach((o, i) => {
        if (!o.text.trim()) errors.push(popupMessages.wordEmpty(i + 1));
      });
      errors.push(...pointErrors());
      return errors;
    }
  }
}

export interface PopupSettingDraft {
  show_explanation?: boolean | null;
  show_answer_explanation?: boolean | null;
  skip?: boolean | null;
  show_score?: boolean | null;
  retake?: number | null;
  time?: { enable?: boolean | null; duration?: number | null } | null;
  minimum_score?: number | null;
}

/**
 * The first unset setting, as 'Pengaturan X belum diatur' (spec 02 §5). The duration only counts
 * when the timer is on.
 */
export function firstUnsetSetting(setting: PopupSettingDraft): string | null {
  for (const { key, label } of popupSettingOrder) {
    let value: unknown;
    if (key === 'time.enable') value = setting.time?.enable;
    else if (key === 'time.duration') {
      if (setting.time?.enable !== true) continue;
      value = setting.time?.duration;
    } else value = setting[key];
    if (
      value === null ||
      value === undefined ||
      (typeof value === 'number' && Number.isNaN(value))
    ) {
      return popupMessages.settingUnset(label);
    }
  }
  return null;
}
