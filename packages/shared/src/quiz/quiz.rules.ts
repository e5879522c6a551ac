import { quizLimits, quizMessages, type QuestionType } from './quiz.constants';

export interface MediaRef {
  id?: string | null;
  url?: string | null;
}

/** The parts of a question the rules look at. */
export interface QuestionDraft {
  type: QuestionType;
  question: { text: string; media?: MediaRef | null };
  options: { text: string; media?: MediaRef | null; point?: number | string | null }[];
  correct_answer: string[];
  point?: number | string | null;
}

/**
 * Text of rich-text HTML, without tags and entities, trimmed. A tag ends its scan at the next `<`,
 * so text full of unclosed `<` stays linear.
 */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x')
    .replace(/\s+/g, ' ')
    .trim();
}

const hasMedia = (media?: MediaRef | null) => Boolean(media?.id || media?.url);

/** A point that is missing, not a number, or 0 fails the "Poin" rule. */
export function isEmptyPoint(point: number | string | null | undefined): boolean {
  if (point === null || point === undefined) return true;
  if (typeof point === 'string' && point.trim() === '') return true;
  // Only a real 0 is "0": text that is no number ('abc') is wrong in its own way (`pointError`).
  return Number(typeof point === 'number' ? point : point.trim().replace(',', '.')) === 0;
}

/** The field of a question a rule's message belongs beside. */
export type QuestionField = 'question' | 'options' | 'correct_answer' | 'point';

/** A point as entered: a number ≥ 0, dot or comma decimal. */
const pointPattern = /^\d+([.,]\d+)?$/;

/** The number of a point as entered ('2,5' → 2.5); null when it is no valid point. */
export function parsePoint(point: number | string | null | undefined): number | null {
  if (point === null || point === undefined) return null;
  if (typeof point === 'number') return Number.isFinite(point) && point >= 0 ? point : null;
  const trimmed = point.trim();
  if (!pointPattern.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

/**
 * What is wrong with a point that is not empty: not a number ('Poin harus angka'), below 0, or above
 * `quizLimits.point` (a point like 1e308 would make scores Infinity or NaN); null when it is fine.
 */
export function pointError(point: number | string): string | null {
  const n = parsePoint(point);
  if (n === null) {
    const value = typeof point === 'number' ? point : Number(point.trim().replace(',', '.'));
    return value < 0 ? quizMessages.pointNegative : quizMessages.pointNotNumber;
  }
  if (n > quizLimits.point) return quizMessages.pointTooLarge;
  return null;
}

/**
 * The checks of spec 02 §5 for one question, in the spec's order, each with the field it
 * belongs to. Survey questions have no correct answer and no question point, so those two checks
 * apply to multiple choice only. Beyond the spec: two options with the same text would make the
 * correct answer (an option text) ambiguous, and a point or option point must be a number from 0
 * to `quizLimits.point`.
 */
export function questionFieldErrors(
  q: QuestionDraft,
  suffix = '',
): { field: QuestionField; message: string }[] {
  const errors: { field: QuestionField; message: string }[] = [];
  if (!plainText(q.question.text) && !hasMedia(q.question.media)) {
    errors.push({ field: 'question', message: quizMessages.questionEmpty + suffix });
  }
  const options = q.options.filter((o) => plainText(o.text) || hasMedia(o.media));
  if (q.options.length === 0 || options.length !== q.options.length) {
    errors.push({ field: 'options', message: quizMessages.optionsEmpty + suffix });
  } else {
    const texts = q.options.map((o) => o.text.trim()).filter(Boolean);
    if (new Set(texts).size !== texts.length) {
      errors.push({ field: 'options', message: quizMessages.optionsDuplicate + suffix });
    } else {
      // An empty option point is 0, so only filled ones are checked.
      const pointMessage = q.options
        .map((o) =>
          o.point === undefined || o.point === null || o.point === '' ? null : pointError(o.point),
        )
        .find(Boolean);
      if (pointMessage) errors.push({ field: 'options', message: pointMessage + suffix });
    }
  }
  if (q.type === 'multiple_choice') {
    const correct = q.correct_answer.filter((c) => c.trim() !== '');
    const matches = correct.some((c) => q.options.some((o) => o.text === c));
    if (correct.length === 0 || !matches) {
      errors.push({ field: 'correct_answer', message: quizMessages.correctEmpty + suffix });
    }
    const pointMessage =
      q.point === undefined || q.point === null || isEmptyPoint(q.point)
        ? quizMessages.pointEmpty
        : pointError(q.point);
    if (pointMessage) errors.push({ field: 'point', message: pointMessage + suffix });
  }
  return errors;
}

/** The messages of `questionFieldErrors`, in order. */
export function questionErrors(q: QuestionDraft, suffix = ''): string[] {
  return questionFieldErrors(q, suffix).map((e) => e.message);
}

/** Errors of a whole save: no packets, no questions, then each question's own. */
export function packetSaveErrors(packets: { questions: QuestionDraft[] }[]): {
  general: string[];
  byQuestion: string[][];
} {
  if (packets.length === 0) return { general: [quizMessages.packetsEmpty], byQuestion: [] };
  const questions = packets.flatMap((p) => p.questions);
  if (questions.length === 0) return { general: [quizMessages.questionEmpty], byQuestion: [] };
  return { general: [], byQuestion: questions.map((q) => questionErrors(q)) };
}
