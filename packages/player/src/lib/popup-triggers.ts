/** A pop-up quiz's place in the video. */
export interface Timed {
  id: string;
  second: number;
}

/**
 * The quiz that must show now: the earliest one at or before `time` that is not done yet. So a
 * quiz shows when playback reaches its second, and seeking past an unanswered quiz shows it too.
 */
export function dueQuiz<T extends Timed>(
  quizzes: readonly T[],
  time: number,
  done: ReadonlySet<string>,
): T | null {
  let due: T | null = null;
  for (const quiz of quizzes) {
    if (done.has(quiz.id) || quiz.second > time) continue;
    if (!due || quiz.second < due.second) due = quiz;
  }
  return due;
}

/** Where a second sits on a timeline of `duration` seconds, as a percentage (0–100). */
export function markerPercent(second: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(100, Math.max(0, (second / duration) * 100));
}
