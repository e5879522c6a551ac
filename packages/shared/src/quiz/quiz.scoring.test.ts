import { describe, expect, it } from 'vitest';
import {
  activityMinimum,
  pointValue,
  retakesLeft,
  scorePacket,
  scoreQuestion,
  type ScorableGroup,
  type ScorableQuestion,
} from './quiz.scoring';

const mc = (id: string, point: number | string, options: [string, number?][], right: string) =>
  ({
    id,
    type: 'multiple_choice',
    point,
    options: options.map(([text, p]) => ({ text, point: p ?? 0 })),
    correct_answer: [right],
  }) satisfies ScorableQuestion;

const survey: ScorableQuestion = {
  id: 's1',
  type: 'single_choice_survey',
  point: 5,
  options: [
    { text: 'Puas', point: 0 },
    { text: 'Tidak puas', point: 0 },
  ],
  correct_answer: [],
};

describe('pointValue', () => {
  it('reads numbers and comma decimals; anything else is 0', () => {
    expect(pointValue(5)).toBe(5);
    expect(pointValue('2,5')).toBe(2.5);
    expect(pointValue(' 4 ')).toBe(4);
    expect(pointValue('')).toBe(0);
    expect(pointValue(null)).toBe(0);
    expect(pointValue('abc')).toBe(0);
    expect(pointValue(-3)).toBe(0);
  });
});

describe('scoreQuestion', () => {
  const q = mc('q1', 5, [['Jakarta'], ['Bandung'], ['Surabaya']], 'Jakarta');

  it('earns the question point for the right option, 0 for a wrong or no answer', () => {
    expect(scoreQuestion(q, 0)).toMatchObject({ correct: true, earned: 5, max: 5, answered: true });
    expect(scoreQuestion(q, 1)).toMatchObject({ correct: false, earned: 0, max: 5 });
    expect(scoreQuestion(q, undefined)).toMatchObject({ answered: false, correct: false });
    expect(scoreQuestion(q, 7)).toMatchObject({ answered: false, earned: 0 });
    expect(scoreQuestion(q, 0).correctOptions).toEqual([0]);
  });

  it("prefers the right option's own point over the question point", () => {
    const weighted = mc(
      'q2',
      5,
      [
        ['A', 8],
        ['B', 3],
      ],
      'A',
    );
    expect(scoreQuestion(weighted, 0)).toMatchObject({ earned: 8, max: 8 });
    // A wrong option's point earns nothing.
    expect(scoreQuestion(weighted, 1)).toMatchObject({ earned: 0, max: 8 });
    const stringPoints = mc('q3', '2,5', [['A'], ['B']], 'A');
    expect(scoreQuestion(stringPoints, 0)).toMatchObject({ earned: 2.5, max: 2.5 });
  });

  it('does not score a survey question', () => {
    expect(scoreQuestion(survey, 1)).toEqual({
      id: 's1',
      scored: false,
      answered: true,
      correct: null,
      earned: 0,
      max: 0,
      correctOptions: [],
    });
  });
});

describe('scorePacket', () => {
  const groups: ScorableGroup[] = [
    {
      section: { id: 'a', name: 'Pengetahuan Dasar', min_score: 60 },
      list_question: [
        mc('a1', 5, [['Benar'], ['Salah']], 'Benar'),
        mc('a2', 5, [['Benar'], ['Salah']], 'Salah'),
        mc('a3', 10, [['Ya'], ['Tidak']], 'Ya'),
        survey,
      ],
    },
    {
      section: { id: 'b', name: 'Studi Kasus', min_score: '50' },
      list_question: [mc('b1', 5, [['X', 10], ['Y']], 'X'), mc('b2', 5, [['X'], ['Y']], 'Y')],
    },
  ];

  it('totals per section and overall, against section minimums and the activity minimum', () => {
    const result = scorePacket(groups, { a1: 0, a2: 0, a3: 0, s1: 0, b1: 0, b2: 0 }, 70);
    expect(result.sections.map((s) => [s.name, s.earned, s.max, s.score, s.passed])).toEqual([
      ['Pengetahuan Dasar', 15, 20, 75, true],
      ['Studi Kasus', 10, 15, 66.67, true],
    ]);
    expect(result).toMatchObject({
      earned: 25,
      max: 35,
      score: 71.43,
      minimum: 70,
      passedMinimum: true,
      passedSections: true,
      passed: true,
      answered: 6,
      total: 6,
    });
  });

  it('fails on a section below its minimum even when the total passes', () => {
    // Section A: 10 / 20 = 50 < 60; total 20 / 35 = 57.14 ≥ 50.
    const result = scorePacket(groups, { a1: 0, a3: 1, b1: 0, b2: 1 }, 50);
    expect(result.sections[0]).toMatchObject({ earned: 5, score: 25, passed: false });
    expect(result.sections[1]).toMatchObject({ earned: 15, score: 100, passed: true });
    expect(result.passedMinimum).toBe(true);
    expect(result.passedSections).toBe(false);
    expect(result.passed).toBe(false);
    expect(result.answered).toBe(4);
  });

  it('fails below the activity minimum and has no minimum when none is set', () => {
    const none = scorePacket(groups, {}, 80);
    expect(none).toMatchObject({ earned: 0, score: 0, passedMinimum: false, passed: false });
    const unset = scorePacket(
      groups.map((g) => ({ ...g, section: null })),
      {},
      null,
    );
    expect(unset).toMatchObject({ minimum: null, passedMinimum: true, passed: true });
    expect(unset.sections[0]!.name).toBeNull();
  });

  it('meets a minimum exactly at the boundary without rounding errors', () => {
    const thirds: ScorableGroup[] = [
      {
        section: { name: 'S', min_score: 0 },
        list_question: [
          mc('t1', 1, [['A'], ['B']], 'A'),
          mc('t2', 1, [['A'], ['B']], 'A'),
          mc('t3', 1, [['A'], ['B']], 'A'),
        ],
      },
    ];
    // 2/3 = 66.666…: a minimum of 66.67 is not reached, 66 is.
    expect(scorePacket(thirds, { t1: 0, t2: 0 }, 66).passed).toBe(true);
    expect(scorePacket(thirds, { t1: 0, t2: 0 }, 67).passed).toBe(false);
    expect(scorePacket(thirds, { t1: 0, t2: 0, t3: 0 }, 100).passed).toBe(true);
  });

  it('has no score for a packet of surveys only', () => {
    const result = scorePacket([{ section: null, list_question: [survey] }], { s1: 1 }, 60);
    expect(result).toMatchObject({ max: 0, score: null, passed: true, answered: 1 });
  });
});

describe('activityMinimum and retakesLeft', () => {
  it('reads the minimum only when it is switched on', () => {
    expect(activityMinimum({ is_set: 1, minimum_value: 70 })).toBe(70);
    expect(activityMinimum({ is_set: 0, minimum_value: 70 })).toBeNull();
    expect(activityMinimum(null)).toBeNull();
  });

  it('counts retakes: 0 none, -1 unlimited, N after the first attempt', () => {
    expect(retakesLeft(0, 1)).toBe(0);
    expect(retakesLeft(1, 1)).toBe(1);
    expect(retakesLeft(1, 2)).toBe(0);
    expect(retakesLeft(10, 4)).toBe(7);
    expect(retakesLeft(-1, 50)).toBe(Number.POSITIVE_INFINITY);
  });
});
