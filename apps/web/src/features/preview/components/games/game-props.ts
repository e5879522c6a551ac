import type { Gameplay } from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import type { GameplayAnswer } from '@ajar/shared/popup-quiz/popup-quiz.scoring';

/** What every pop-up question game receives. */
export interface GameProps {
  gameplay: Gameplay;
  /** The submitted answer (after answering), to show what was chosen. */
  answer: GameplayAnswer | undefined;
  /** True once the question is answered (or timed out): the game only shows. */
  locked: boolean;
  /** Show which answer was right ('Tampilkan Pembahasan dan Koreksi'). */
  reveal: boolean;
  onAnswer: (answer: GameplayAnswer) => void;
}
