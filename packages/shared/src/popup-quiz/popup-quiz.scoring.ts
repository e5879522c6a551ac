import { pointValue, scoreOf } from '../quiz/quiz.scoring';
import type { GameplayType } from './popup-quiz.constants';
import { normaliseWord } from './word-search';

/**
 * Scoring of pop-up quiz questions (gameplays) as a participant plays them (and the
 * staff preview). A question is right or wrong as a whole and earns its point when right:
 *
 * - multiple_choice and jigsaw: the chosen option's text is a correct answer;
 * - matching_word: every left item is paired with its own right item (left i pairs with right i,
 *   or with a right item that reads the same);
 * - finding_word: every word was found.
 *
 * A quiz's score is 0–100 (earned / max × 100) and passes at `setting.minimum_score` or more.
 */

/** The parts of a gameplay scoring reads (a gameplay of show_multi). */
export interface ScorableGameplay {
  id: string;
  type: GameplayType;
  point: number | string | null;
  options: { text: string; image?: { url?: string | null } | null }[];
  matching_options?: { text: string; image?: { url?: string | null } | null }[];
  correct_answers: string[];
}

export type GameplayAnswer =
  /** multiple_choice / jigsaw: index of the chosen option. */
  | { kind: 'choice'; option: number }
  /** matching_word: left index → right index. */
  | { kind: 'pairs'; pairs: Readonly<Record<number, number>> }
  /** finding_word: the words found (any case, spaces ignored). */
  | { kind: 'words'; found: readonly string[] };

/** Right answers: gameplay id → answer; a missing entry was skipped or ran out of time. */
export type GameplayAnswers = Readonly<Record<string, GameplayAnswer | undefined>>;

/** How a matching side reads: its text, else its image's address. */
function sideKey(side: { text: string; image?: { url?: string | null } | null } | undefined) {
  return side ? side.text.trim() || side.image?.url || '' : '';
}

/** The words of a finding_word question, as they are searched for (letters, upper case). */
export function gameplayWords(g: Pick<ScorableGameplay, 'options'>): string[] {
  return [...new Set(g.options.map((o) => normaliseWord(o.text)).filter(Boolean))];
}

/** Whether the answer gets the whole question right. */
export function isGameplayCorrect(
  g: ScorableGameplay,
  answer: GameplayAnswer | undefined,
): boolean {
  if (!answer) return false;
  switch (g.type) {
    case 'multiple_choice':
    case 'jigsaw': {
      if (answer.kind !== 'choice') return false;
      const chosen = g.options[answer.option];
      return chosen !== undefined && g.correct_answers.includes(chosen.text);
    }
    case 'matching_word': {
      if (answer.kind !== 'pairs') return false;
      const right = g.matching_options ?? [];
      if (g.options.length === 0) return false;
      return g.options.every((_, left) => {
        const picked = answer.pairs[left];
        if (picked === undefined || !right[picked]) return false;
        return picked === left || sideKey(right[picked]) === sideKey(right[left]);
      });
    }
    case 'finding_word': {
      if (answer.kind !== 'words') return false;
      const found = new Set(answer.found.map(normaliseWord));
      const words = gameplayWords(g);
      return words.length > 0 && words.every((w) => found.has(w));
    }
  }
}

export interface GameplayResult {
  id: string;
  answered: boolean;
  correct: boolean;
  earned: number;
  max: number;
}

export function scoreGameplay(
  g: ScorableGameplay,
  answer: GameplayAnswer | undefined,
): GameplayResult {
  const max = pointValue(g.point);
  const correct = isGameplayCorrect(g, answer);
  return { id: g.id, answered: answer !== undefined, correct, earned: correct ? max : 0, max };
}

export interface PopupQuizResult {
  earned: number;
  max: number;
  /** 0–100, two decimals; null when no question carries a point. */
  score: number | null;
  minimum: number;
  passed: boolean;
  correct: number;
  total: number;
  questions: GameplayResult[];
}

/** Scores the questions of one pop-up quiz against the setting's minimum score (0–100). */
export function scorePopupQuiz(
  gameplays: readonly ScorableGameplay[],
  answers: GameplayAnswers,
  minimumScore: number,
): PopupQuizResult {
  return totalPopupQuiz(
    gameplays.map((g) => scoreGameplay(g, answers[g.id])),
    minimumScore,
  );
}

/**
 * A pop-up quiz's total from its questions' results, however they were scored (here from the
 * answer key, or by the server for a participant).
 */
export function totalPopupQuiz(questions: GameplayResult[], minimumScore: number): PopupQuizResult {
  const earned = questions.reduce((sum, q) => sum + q.earned, 0);
  const max = questions.reduce((sum, q) => sum + q.max, 0);
  return {
    earned: Math.round(earned * 100) / 100,
    max: Math.round(max * 100) / 100,
    score: scoreOf(earned, max),
    minimum: minimumScore,
    passed: minimumScore <= 0 || max <= 0 || earned * 100 >= minimumScore * max - 1e-9,
    correct: questions.filter((q) => q.correct).length,
    total: questions.length,
    questions,
  };
}
