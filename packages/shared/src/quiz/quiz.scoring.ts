/**
 * Scoring of a quiz packet as a participant plays it (the staff preview). Pure: the same
 * rules can score a real attempt later.
 *
 * - Only multiple_choice questions are scored; single_choice_survey questions are answered but
 *   carry no points.
 * - A right answer earns the chosen option's point when that option has one (> 0), else the
 *   question's point. The most a question can earn is the best right option's worth.
 * - Scores are 0–100 (earned / max × 100), the range of the activity's minimum value; a section's
 *   'Minimal Score' is read on the same scale.
 */

/** A number from a point field: numbers, '5', '2,5'; anything else counts as 0. */
export function pointValue(point: number | string | null | undefined): number {
  if (point === null || point === undefined || point === '') return 0;
  const n = typeof point === 'number' ? point : Number(String(point).trim().replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The parts of a question scoring reads (a question object of the group list). */
export interface ScorableQuestion {
  id: string;
  type: string;
  point?: number | string | null;
  options: { text: string; point?: number | string | null }[];
  correct_answer: string[];
}

/** A group of the packet (group list call) with its section, if any. */
export interface ScorableGroup {
  section?: { id?: string | null; name?: string | null; min_score?: number | string | null } | null;
  list_question: ScorableQuestion[];
}

/** Answers: question id → index of the chosen option. A missing entry is unanswered. */
export type QuizAnswers = Readonly<Record<string, number | undefined>>;

export interface QuestionResult {
  id: string;
  /** False for survey questions. */
  scored: boolean;
  answered: boolean;
  /** null for survey questions. */
  correct: boolean | null;
  earned: number;
  max: number;
  /** Indexes of the right options (empty for a survey). */
  correctOptions: number[];
}

export interface SectionResult {
  /** The section's name, or null for a group without a section. */
  name: string | null;
  earned: number;
  max: number;
  /** 0–100, two decimals; null when nothing in the section is scored. */
  score: number | null;
  minScore: number;
  /** The section's minimum is met (always true when nothing is scored or the minimum is 0). */
  passed: boolean;
  questions: QuestionResult[];
}

export interface PacketResult {
  earned: number;
  max: number;
  /** 0–100, two decimals; null when the packet has no scored question. */
  score: number | null;
  /** The activity's minimum value when set_minimum_value.is_set, else null. */
  minimum: number | null;
  /** The total meets the activity's minimum (true when no minimum is set). */
  passedMinimum: boolean;
  /** Every section meets its own minimum. */
  passedSections: boolean;
  /** Both of the above. */
  passed: boolean;
  answered: number;
  total: number;
  sections: SectionResult[];
}

const isScored = (q: ScorableQuestion) => q.type === 'multiple_choice';

/** Indexes of the options whose text is a right answer. */
export function correctOptionIndexes(q: ScorableQuestion): number[] {
  if (!isScored(q)) return [];
  const right = new Set(q.correct_answer.filter((c) => c.trim() !== ''));
  return q.options.flatMap((o, i) => (right.has(o.text) ? [i] : []));
}

/** What a right answer with this option earns: its own point if set, else the question's. */
export function optionWorth(q: ScorableQuestion, optionIndex: number): number {
  const own = pointValue(q.options[optionIndex]?.point);
  return own > 0 ? own : pointValue(q.point);
}

/** One question: right or wrong, earned and the most it can earn. */
export function scoreQuestion(q: ScorableQuestion, chosen: number | undefined): QuestionResult {
  const answered = chosen !== undefined && chosen >= 0 && chosen < q.options.length;
  if (!isScored(q)) {
    return {
      id: q.id,
      scored: false,
      answered,
      correct: null,
      earned: 0,
      max: 0,
      correctOptions: [],
    };
  }
  const correctOptions = correctOptionIndexes(q);
  const max = correctOptions.length
    ? Math.max(...correctOptions.map((i) => optionWorth(q, i)))
    : pointValue(q.point);
  const correct = answered && correctOptions.includes(chosen);
  return {
    id: q.id,
    scored: true,
    answered,
    correct,
    earned: correct ? optionWorth(q, chosen) : 0,
    max,
    correctOptions,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** earned / max on 0–100 with two decimals, or null when nothing can be earned. */
export function scoreOf(earned: number, max: number): number | null {
  return max > 0 ? round2((earned / max) * 100) : null;
}

/** earned/max reaches `minimum` (0–100), compared without rounding. */
function reaches(earned: number, max: number, minimum: number): boolean {
  if (minimum <= 0 || max <= 0) return true;
  return earned * 100 >= minimum * max - 1e-9;
}

/**
 * Scores one packet: per section (group) and in total, against each section's 'Minimal Score'
 * and the activity's minimum value (`minimumValue` null when the activity sets none).
 */
export function scorePacket(
  groups: readonly ScorableGroup[],
  answers: QuizAnswers,
  minimumValue: number | null,
): PacketResult {
  const sections = groups.map((group): SectionResult => {
    const questions = group.list_question.map((q) => scoreQuestion(q, answers[q.id]));
    const earned = questions.reduce((sum, q) => sum + q.earned, 0);
    const max = questions.reduce((sum, q) => sum + q.max, 0);
    const minScore = pointValue(group.section?.min_score);
    return {
      name: group.section?.name ?? null,
      earned: round2(earned),
      max: round2(max),
      score: scoreOf(earned, max),
      minScore,
      passed: reaches(earned, max, minScore),
      questions,
    };
  });
  const earned = sections.reduce((sum, s) => sum + s.earned, 0);
  const max = sections.reduce((sum, s) => sum + s.max, 0);
  const passedMinimum = minimumValue === null ? true : reaches(earned, max, minimumValue);
  const passedSections = sections.every((s) => s.passed);
  const all = sections.flatMap((s) => s.questions);
  return {
    earned: round2(earned),
    max: round2(max),
    score: scoreOf(earned, max),
    minimum: minimumValue,
    passedMinimum,
    passedSections,
    passed: passedMinimum && passedSections,
    answered: all.filter((q) => q.answered).length,
    total: all.length,
    sections,
  };
}

/** The activity's minimum value when it is switched on (set_minimum_value), else null. */
export function activityMinimum(
  setting: { is_set: number | boolean; minimum_value: number } | null | undefined,
): number | null {
  return setting && (setting.is_set === 1 || setting.is_set === true)
    ? setting.minimum_value
    : null;
}

/**
 * Retakes left after `attemptsDone` attempts: repeat value 0 = none, -1 = unlimited (Infinity),
 * N = N more attempts after the first.
 */
export function retakesLeft(repeat: number, attemptsDone: number): number {
  if (repeat < 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, repeat - Math.max(0, attemptsDone - 1));
}
