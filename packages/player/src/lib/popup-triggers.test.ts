import { describe, expect, it } from 'vitest';
import { dueQuiz, markerPercent } from './popup-triggers';

const quizzes = [
  { id: 'c', second: 8 },
  { id: 'a', second: 1 },
  { id: 'b', second: 4 },
];

describe('dueQuiz', () => {
  it('shows a quiz when playback reaches its second', () => {
    expect(dueQuiz(quizzes, 0.5, new Set())).toBeNull();
    expect(dueQuiz(quizzes, 1.02, new Set())?.id).toBe('a');
    expect(dueQuiz(quizzes, 3.9, new Set(['a']))).toBeNull();
    expect(dueQuiz(quizzes, 4.1, new Set(['a']))?.id).toBe('b');
  });

  it('shows the earliest unanswered quiz after seeking past several', () => {
    expect(dueQuiz(quizzes, 11, new Set())?.id).toBe('a');
    expect(dueQuiz(quizzes, 11, new Set(['a']))?.id).toBe('b');
    expect(dueQuiz(quizzes, 11, new Set(['a', 'b']))?.id).toBe('c');
    expect(dueQuiz(quizzes, 11, new Set(['a', 'b', 'c']))).toBeNull();
    // Seeking back before a done quiz does not show it again.
    expect(dueQuiz(quizzes, 2, new Set(['a']))).toBeNull();
  });

  it('places markers on the timeline', () => {
    expect(markerPercent(3, 12)).toBe(25);
    expect(markerPercent(20, 12)).toBe(100);
    expect(markerPercent(3, Number.NaN)).toBe(0);
  });
});
