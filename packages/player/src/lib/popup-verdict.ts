import type { GameplayType } from '@ajar/shared/popup-quiz/popup-quiz.constants';
import {
  scoreGameplay,
  totalPopupQuiz,
  type GameplayAnswer,
  type PopupQuizResult,
  type ScorableGameplay,
} from '@ajar/shared/popup-quiz/popup-quiz.scoring';
import { pointValue } from '@ajar/shared/quiz/quiz.scoring';

interface MediaLike {
  url?: string | null;
}

/** Question or explanation of a pop-up question: text with an optional image and audio. */
export interface PlayerPart {
  text: string;
  image: MediaLike | null;
  audio: MediaLike | null;
}

export interface PlayerOption {
  text: string;
  image: MediaLike | null;
  audio: MediaLike | null;
}

/**
 * A pop-up question as the player needs it to be played: no answer key. The staff preview passes
 * the full gameplay (which has one); a participant receives only this from the member API.
 */
export interface PlayableGameplay {
  id: string;
  type: GameplayType;
  question: PlayerPart | null;
  /** Points of the question; a participant is not told them (undefined). */
  point?: number;
  time: number | null;
  duration: number | null;
  options: PlayerOption[];
  matching_options: PlayerOption[];
  explanation?: PlayerPart | null;
}

/** The result of one answer: scored (locally or by the server), or kept to send later. */
export type GameplayVerdict =
  | {
      state: 'scored';
      correct: boolean;
      /** Points earned for this question. */
      earned: number;
      /**
       * The right answers in the gameplay's `correct_answers` form (option texts; matching: the
       * right side of each left item in order; word search: the words), or null when hidden.
       */
      correctAnswers: readonly string[] | null;
      /**
       * The explanation the server told with the answer (a participant's gameplay has none of
       * its own); absent when the gameplay carries it (the staff preview).
       */
      explanation?: PlayerPart | null;
    }
  /** Offline: the answer waits on the device and is sent when the connection returns. */
  | { state: 'queued' };

/** Scores an answer: at once (staff preview, from the answer key) or through the server. */
export type GameplayJudge<G extends PlayableGameplay = PlayableGameplay> = (
  gameplay: G,
  answer: GameplayAnswer | undefined,
) => GameplayVerdict | Promise<GameplayVerdict>;

/** The staff preview's judge: the gameplay carries its answer key, so it scores on the spot. */
export function judgeLocally(
  gameplay: PlayableGameplay & ScorableGameplay,
  answer: GameplayAnswer | undefined,
): GameplayVerdict {
  const scored = scoreGameplay(gameplay, answer);
  return {
    state: 'scored',
    correct: scored.correct,
    earned: scored.earned,
    correctAnswers: gameplay.correct_answers,
  };
}

/** The explanation of an answered question: the server's, else the gameplay's own. */
export function explanationOf(
  gameplay: PlayableGameplay,
  verdict: GameplayVerdict | undefined,
): PlayerPart | null {
  const part =
    (verdict?.state === 'scored' ? verdict.explanation : undefined) ?? gameplay.explanation;
  return part && (part.text.trim() || part.image?.url || part.audio?.url) ? part : null;
}

/** What a finished pop-up quiz shows: the total, and answers still waiting to be sent. */
export type PopupSummary = PopupQuizResult & { queued: number };

/** Sums the verdicts of one pop-up quiz against its minimum score (0–100). */
export function summarisePopupQuiz(
  gameplays: readonly PlayableGameplay[],
  verdicts: Readonly<Record<string, GameplayVerdict | undefined>>,
  minimumScore: number,
): PopupSummary {
  const questions = gameplays.map((g) => {
    const v = verdicts[g.id];
    const correct = v?.state === 'scored' && v.correct;
    const earned = v?.state === 'scored' && v.correct ? v.earned : 0;
    return { id: g.id, answered: v !== undefined, correct, earned, max: pointValue(g.point) };
  });
  const queued = gameplays.filter((g) => verdicts[g.id]?.state === 'queued').length;
  return { ...totalPopupQuiz(questions, minimumScore), queued };
}
