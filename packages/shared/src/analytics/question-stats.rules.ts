/**
 * When a question looks broken (docs/decisions.md, 'Statistik Soal: discrimination and flags').
 * Shares are 0..1 of the question's attempts.
 */
export const questionFlagThresholds = {
  /** Facility above this: nearly everyone answers right ('Terlalu mudah'). */
  veryEasy: 0.9,
  /** Facility below this: nearly no one answers right ('Terlalu sulit'). */
  veryHard: 0.2,
  /** Discrimination below this: stronger participants answer it wrong more often. */
  negativeDiscrimination: 0,
} as const;

export const questionFlags = [
  'too_easy',
  'too_hard',
  'negative_discrimination',
  'distractor_over_key',
] as const;
export type QuestionFlag = (typeof questionFlags)[number];

/** The chips of the screen and the column of the xlsx. */
export const questionFlagLabels: Record<QuestionFlag, string> = {
  too_easy: 'Terlalu mudah',
  too_hard: 'Terlalu sulit',
  negative_discrimination: 'Daya beda negatif',
  distractor_over_key: 'Pengecoh lebih dipilih',
};

export const questionStatsMessages = {
  firstAttemptInvalid: 'Pilihan percobaan tidak valid',
  fromInvalid: 'Tanggal Mulai tidak valid',
  toInvalid: 'Tanggal Akhir tidak valid',
  dateOrder: 'Tanggal Mulai tidak boleh setelah Tanggal Akhir',
  exported: 'Statistik soal siap diunduh',
  noQuestions: 'Aktivitas ini belum memiliki soal pilihan ganda',
} as const;

export interface FlagInput {
  attempts: number;
  facility: number | null;
  discrimination: number | null;
  /** Attempts that chose each option, and whether the option is a right answer. */
  options: readonly { count: number; correct: boolean }[];
}

/**
 * The flags of one question. Nothing is flagged without attempts; a wrong option counts as
 * chosen more often than the right one when it beats the most chosen right option.
 */
export function questionFlagsOf(q: FlagInput): QuestionFlag[] {
  if (q.attempts === 0) return [];
  const flags: QuestionFlag[] = [];
  const t = questionFlagThresholds;
  if (q.facility !== null && q.facility > t.veryEasy) flags.push('too_easy');
  if (q.facility !== null && q.facility < t.veryHard) flags.push('too_hard');
  if (q.discrimination !== null && q.discrimination < t.negativeDiscrimination) {
    flags.push('negative_discrimination');
  }
  const key = Math.max(0, ...q.options.filter((o) => o.correct).map((o) => o.count));
  const distractor = Math.max(0, ...q.options.filter((o) => !o.correct).map((o) => o.count));
  if (distractor > key) flags.push('distractor_over_key');
  return flags;
}

/** Bins of the score distribution: 10 bins of 10 points over 0..100. */
export const scoreBinCount = 10;

/** An option's letter as the editor shows it: 0 → 'A'. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}
