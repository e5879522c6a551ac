import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PopupQuizItem, PopupQuizSetting } from '../popup/popup-quiz-player';
import { VideoWithPopups } from './video-with-popups';

afterEach(cleanup);

const quizzes: PopupQuizItem[] = [
  { id: 'q1', type: 'multiple_choice', instruction: 'Pilih', second: 30, gameplays: ['g1'] },
  { id: 'q2', type: 'matching_word', instruction: 'Pasangkan', second: 90, gameplays: ['g2'] },
];
const setting: PopupQuizSetting = {
  show_explanation: 1,
  show_answer_explanation: 1,
  skip: 0,
  show_score: 1,
  minimum_score: 0,
  retake: 0,
  is_random: 0,
  time: { enable: 0, duration: 0 },
};

const renderFor = (audience: 'staff' | 'participant') =>
  render(
    <VideoWithPopups
      src="/media/video.mp4"
      quizzes={quizzes}
      setting={setting}
      gameplays={[]}
      audience={audience}
    />,
  );

describe('VideoWithPopups timeline', () => {
  it('shows staff where the pop-up quizzes are, with a marker per quiz', () => {
    renderFor('staff');
    expect(screen.getByText('Posisi pop up quiz')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pop up quiz detik 00:30' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pop up quiz detik 01:30' })).toBeTruthy();
  });

  it('does not tell a participant where the quizzes are ahead of time', () => {
    renderFor('participant');
    expect(screen.getByLabelText('Video aktivitas')).toBeTruthy();
    expect(screen.queryByText('Posisi pop up quiz')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pop up quiz detik/ })).toBeNull();
  });
});
