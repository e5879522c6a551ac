import type { GameplayAnswer } from '@ajar/shared/popup-quiz/popup-quiz.scoring';
import type { PlayableGameplay } from '../../lib/popup-verdict';

/** What every pop-up question game receives. */
export interface GameProps {
  gameplay: PlayableGameplay;
  /** The submitted answer (after answering), to show what was chosen. */
  answer: GameplayAnswer | undefined;
  /** True once the question is answered (or timed out): the game only shows. */
  locked: boolean;
  /**
   * The right answers to show ('Tampilkan Pembahasan dan Koreksi'), in the gameplay's
   * `correct_answers` form, once the answer is scored; null shows none.
   */
  solution: readonly string[] | null;
  onAnswer: (answer: GameplayAnswer) => void;
}
