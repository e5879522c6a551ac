import type { QuizStartData } from '@ajar/shared/members/member-learning.schemas';

/**
 * A running attempt as the phone keeps it, at once, in localStorage (keyed by attempt): the
 * served questions and the server's deadline, the answers given, the section on screen, and the
 * submit's idempotency key. A reload, back and forward, a tab the phone killed or a lost
 * connection reopen the attempt from it; the server holds the same answers (saved one by one).
 */
export interface QuizDraft {
  programId: string;
  activityId: string;
  start: QuizStartData;
  answers: Record<string, number>;
  section: number;
  /** One key per attempt: every send of its submit is the same request. */
  submitKey: string;
  /**
   * The server's deadline on this phone's clock (ms), from the server's `seconds_left` when the
   * attempt was opened online: a wrong phone clock gains or loses nothing. Null without a timer.
   */
  endsAt: number | null;
}

const prefix = 'ajar-belajar:quiz-draft:';
const draftKey = (attemptId: string) => `${prefix}${attemptId}`;

export function readDraft(attemptId: string): QuizDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(attemptId));
    return raw ? (JSON.parse(raw) as QuizDraft) : null;
  } catch {
    return null;
  }
}

/** The draft of the activity's running attempt, if the phone keeps one. */
export function findDraft(activityId: string, attemptId: string | undefined): QuizDraft | null {
  if (!attemptId) return null;
  const draft = readDraft(attemptId);
  return draft?.activityId === activityId ? draft : null;
}

export function writeDraft(draft: QuizDraft): void {
  try {
    localStorage.setItem(draftKey(draft.start.attempt.id), JSON.stringify(draft));
  } catch {
    // A full or blocked storage: the server still holds each answer saved.
  }
}

export function clearDraft(attemptId: string): void {
  localStorage.removeItem(draftKey(attemptId));
}

/** The deadline on this phone's clock from the server's answer (null without a timer). */
export function endsAtOf(start: QuizStartData, now = Date.now()): number | null {
  return start.seconds_left === null ? null : now + start.seconds_left * 1000;
}

/** Seconds left until the deadline (a reopened attempt never gains time); null without a timer. */
export function secondsLeft(draft: Pick<QuizDraft, 'endsAt'>, now = Date.now()): number | null {
  if (draft.endsAt === null) return null;
  return Math.max(0, Math.floor((draft.endsAt - now) / 1000));
}
