import { describe, expect, it } from 'vitest';
import {
  gameplayWords,
  isGameplayCorrect,
  scoreGameplay,
  scorePopupQuiz,
  type ScorableGameplay,
} from './popup-quiz.scoring';

const mc: ScorableGameplay = {
  id: 'mc',
  type: 'multiple_choice',
  point: 10,
  options: [{ text: 'Insang' }, { text: 'Paru-paru' }, { text: 'Kulit' }],
  correct_answers: ['Insang'],
};
const jigsaw: ScorableGameplay = {
  id: 'jg',
  type: 'jigsaw',
  point: '2,5',
  options: [{ text: 'Benar' }, { text: 'Salah' }],
  correct_answers: ['Salah'],
};
const matching: ScorableGameplay = {
  id: 'mw',
  type: 'matching_word',
  point: 20,
  options: [{ text: 'Lele' }, { text: 'Nila' }, { text: '', image: { url: '/media/a.png' } }],
  matching_options: [{ text: 'Berkumis' }, { text: 'Ikan air tawar' }, { text: 'Ikan air tawar' }],
  correct_answers: ['Berkumis', 'Ikan air tawar', 'Ikan air tawar'],
};
const words: ScorableGameplay = {
  id: 'fw',
  type: 'finding_word',
  point: 15,
  options: [{ text: 'lele' }, { text: 'Kolam Ikan' }, { text: 'lele' }],
  correct_answers: ['lele', 'Kolam Ikan', 'lele'],
};

describe('isGameplayCorrect', () => {
  it('multiple choice and jigsaw: the chosen option is a correct answer', () => {
    expect(isGameplayCorrect(mc, { kind: 'choice', option: 0 })).toBe(true);
    expect(isGameplayCorrect(mc, { kind: 'choice', option: 1 })).toBe(false);
    expect(isGameplayCorrect(mc, { kind: 'choice', option: 9 })).toBe(false);
    expect(isGameplayCorrect(mc, undefined)).toBe(false);
    expect(isGameplayCorrect(jigsaw, { kind: 'choice', option: 1 })).toBe(true);
    expect(isGameplayCorrect(jigsaw, { kind: 'words', found: ['Salah'] })).toBe(false);
  });

  it('matching: every pair must be right; equal right sides are interchangeable', () => {
    expect(isGameplayCorrect(matching, { kind: 'pairs', pairs: { 0: 0, 1: 1, 2: 2 } })).toBe(true);
    expect(isGameplayCorrect(matching, { kind: 'pairs', pairs: { 0: 0, 1: 2, 2: 1 } })).toBe(true);
    expect(isGameplayCorrect(matching, { kind: 'pairs', pairs: { 0: 1, 1: 0, 2: 2 } })).toBe(false);
    expect(isGameplayCorrect(matching, { kind: 'pairs', pairs: { 0: 0, 1: 1 } })).toBe(false);
    expect(isGameplayCorrect(matching, { kind: 'pairs', pairs: { 0: 0, 1: 1, 2: 7 } })).toBe(false);
  });

  it('finding word: every word found, in any case and without spaces', () => {
    expect(gameplayWords(words)).toEqual(['LELE', 'KOLAMIKAN']);
    expect(isGameplayCorrect(words, { kind: 'words', found: ['LELE', 'kolamikan'] })).toBe(true);
    expect(isGameplayCorrect(words, { kind: 'words', found: ['LELE'] })).toBe(false);
    expect(isGameplayCorrect({ ...words, options: [] }, { kind: 'words', found: [] })).toBe(false);
  });
});

describe('scorePopupQuiz', () => {
  const all = [mc, jigsaw, matching, words];

  it('earns each right question its point and scores 0–100', () => {
    const result = scorePopupQuiz(
      all,
      {
        mc: { kind: 'choice', option: 0 },
        jg: { kind: 'choice', option: 0 },
        mw: { kind: 'pairs', pairs: { 0: 0, 1: 1, 2: 2 } },
      },
      70,
    );
    expect(result.questions.map((q) => [q.id, q.correct, q.earned, q.max])).toEqual([
      ['mc', true, 10, 10],
      ['jg', false, 0, 2.5],
      ['mw', true, 20, 20],
      ['fw', false, 0, 15],
    ]);
    expect(result).toMatchObject({
      earned: 30,
      max: 47.5,
      score: 63.16,
      minimum: 70,
      passed: false,
      correct: 2,
      total: 4,
    });
    expect(result.questions[3]!.answered).toBe(false);
  });

  it('passes at the minimum score, and always with a minimum of 0', () => {
    const right = {
      mc: { kind: 'choice', option: 0 },
      jg: { kind: 'choice', option: 1 },
      mw: { kind: 'pairs', pairs: { 0: 0, 1: 1, 2: 2 } },
      fw: { kind: 'words', found: ['lele', 'kolam ikan'] },
    } as const;
    expect(scorePopupQuiz(all, right, 100)).toMatchObject({ score: 100, passed: true });
    expect(scorePopupQuiz(all, {}, 0)).toMatchObject({ score: 0, passed: true });
    expect(scorePopupQuiz([mc], { mc: { kind: 'choice', option: 0 } }, 100).passed).toBe(true);
  });

  it('has no score when no question carries a point', () => {
    expect(scorePopupQuiz([{ ...mc, point: 0 }], {}, 60)).toMatchObject({
      score: null,
      passed: true,
    });
    expect(scoreGameplay({ ...mc, point: null }, { kind: 'choice', option: 0 })).toMatchObject({
      correct: true,
      earned: 0,
    });
  });
});
