import type { Activity } from '@ajar/shared/activities/activities.schemas';
import type { Gameplay } from '@ajar/shared/popup-quiz/popup-quiz.schemas';

/**
 * For tests: stored pop-up quiz settings (explanations shown, score shown, minimum 70, one
 * retake, no timer: the stored duration is 0 and the form shows '').
 */
export const storedSetting: NonNullable<Activity['quiz']>['setting'] = {
  show_explanation: 1,
  show_answer_explanation: 0,
  skip: 0,
  show_score: 1,
  minimum_score: 70,
  retake: 1,
  is_random: 0,
  time: { enable: 0, duration: 0 },
};

/**
 * For tests: a saved multiple-choice pop-up question as the server answers it ('Insang' of
 * 'Insang' / 'Paru-paru' is correct, 2,5 points, 30 s).
 */
export function savedGameplay(id: string, activityId: string, text: string): Gameplay {
  const now = '2026-01-01T00:00:00.000Z';
  return {
    id,
    activity_id: activityId,
    type: 'multiple_choice',
    question: { text, image: null, audio: null },
    point: 2.5,
    time: 30,
    duration: null,
    options: [
      { text: 'Insang', image: null, audio: null, answer: null },
      { text: 'Paru-paru', image: null, audio: null, answer: null },
    ],
    matching_options: [],
    correct_answers: ['Insang'],
    explanation: null,
    created_at: now,
    updated_at: now,
  };
}
