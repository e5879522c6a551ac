import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivitySettings } from '@ajar/shared/activities/activities-content.schemas';
import type { QuestionStats } from '@ajar/shared/analytics/question-stats.schemas';
import { quizAttempts } from '../../db/schema';
import {
  assignTrainer,
  buildActivity,
  buildProgramWithTopics,
} from '../../test/factories/activities';
import { buildQuizPacket } from '../../test/factories/members';
import { buildRedeems } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Five first attempts at three questions (options A–D; keys A, B, C) and one retake. Item
 * scores (1 = right) and the rest score (the attempt's other questions right):
 *
 *   attempt  Q1      Q2      Q3     total | rest Q1  rest Q2  rest Q3 | score
 *   a1       A 1     A 0     C 1    2     | 1        2        1       | 66.67
 *   a2       A 1     B 1     C 1    3     | 2        2        2       | 100
 *   a3       A 1     B 1     D 0    2     | 1        1        2       | 66.67
 *   a4       - 0     B 1     D 0    1     | 1        0        1       | 33.33
 *   a5       B 0     B 1     D 0    1     | 1        0        1       | 33.33
 *
 * Facility: Q1 3/5 = 0.6, Q2 4/5 = 0.8, Q3 2/5 = 0.4.
 * Discrimination, r = Σ(x-x̄)(y-ȳ) / √(Σ(x-x̄)² Σ(y-ȳ)²):
 *   Q1 x=[1,1,1,0,0] x̄=.6, y=[1,2,1,1,1] ȳ=1.2: 0.4 / √(1.2·0.8) = 0.408248 → 0.4082
 *   Q2 x=[0,1,1,1,1] x̄=.8, y=[2,2,1,0,0] ȳ=1.0: -1.0 / √(0.8·4) = -0.559017 → -0.559
 *   Q3 x=[1,1,0,0,0] x̄=.4, y=[1,2,2,1,1] ȳ=1.4: 0.2 / √(1.2·1.2) = 0.166667 → 0.1667
 * Option shares: Q1 A .6 B .2 (one unanswered), Q2 A .2 B .8, Q3 C .4 D .6 (D beats the key C).
 * Times 10, 20, 30, 40, 50 minutes: median 1800 s. Minimum 60: 3 of 5 pass.
 */
describe('question statistics API', () => {
  let t: TestApp;
  let url: string;
  let ids: string[];
  let trainerA: Record<string, string>;
  let trainerB: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const { program, topics } = await buildProgramWithTopics(t.db, { title: 'Budidaya Lele' });
    const topic = topics[0]!;
    const quiz = await buildActivity(t.db, topic, {
      name: 'Kuis Pakan',
      type: 'quiz',
      settings: { ...defaultActivitySettings, set_minimum_value: { is_set: 1, minimum_value: 60 } },
    });
    const { packet, questionIds } = await buildQuizPacket(t.db, quiz.id, [
      { name: 'Bagian 1', questions: [{ correct: 0 }, { correct: 1 }, { correct: 2 }] },
    ]);
    ids = questionIds[0]!;
    const redeems = await buildRedeems(t.db, program.id, 5);
    const answers: (number | null)[][] = [
      [0, 0, 2],
      [0, 1, 2],
      [0, 1, 3],
      [null, 1, 3],
      [1, 1, 3],
    ];
    const scores = [66.67, 100, 66.67, 33.33, 33.33];
    const first = new Date('2026-11-10T02:00:00Z');
    const attempt = (
      i: number,
      no: number,
      picks: (number | null)[],
      start: Date,
      minutes: number,
    ) => ({
      member_redeem_id: redeems[i]!.id,
      activity_id: quiz.id,
      packet_id: packet.id,
      attempt_no: no,
      question_ids: ids,
      answers: Object.fromEntries(
        picks.flatMap((p, q) => (p === null ? [] : [[ids[q]!, p]])),
      ) as Record<string, unknown>,
      started_at: start,
      submitted_at: new Date(start.getTime() + minutes * 60_000),
    });
    await t.db.insert(quizAttempts).values([
      ...answers.map((picks, i) => ({
        ...attempt(i, 1, picks, first, (i + 1) * 10),
        score: scores[i]!,
        passed: scores[i]! >= 60,
      })),
      // Member 1's retake on 20 November (WIB), all right.
      {
        ...attempt(0, 2, [0, 1, 2], new Date('2026-11-20T02:00:00Z'), 5),
        score: 100,
        passed: true,
      },
      // Still open: never counted.
      { ...attempt(1, 2, [1, 0, 0], new Date('2026-11-20T02:00:00Z'), 0), submitted_at: null },
    ]);
    url = `/api/v1/analytics/question-stats/${program.id}/${topic.id}/${quiz.id}`;
    const a = await signedIn(t.db, 'trainer');
    await assignTrainer(t.db, program.id, a.user.id);
    trainerA = a.headers;
    trainerB = (await signedIn(t.db, 'trainer')).headers;
  });
  afterAll(() => t.close());

  const get = async (query: string, headers = trainerA) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: QuestionStats }>().data;
  };

  it('computes facility, corrected point-biserial, option shares and flags of first attempts', async () => {
    const stats = await get('?first_attempt=1');
    expect(stats.questions.map((q) => [q.packet_no, q.question_no, q.text])).toEqual([
      [1, 1, 'Soal 1'],
      [1, 2, 'Soal 2'],
      [1, 3, 'Soal 3'],
    ]);
    const [q1, q2, q3] = stats.questions;
    expect(q1).toMatchObject({
      attempts: 5,
      unanswered: 1,
      facility: 0.6,
      discrimination: 0.4082,
      flags: [],
    });
    expect(q1!.options.map((o) => [o.text, o.correct, o.count, o.share])).toEqual([
      ['A', true, 3, 0.6],
      ['B', false, 1, 0.2],
      ['C', false, 0, 0],
      ['D', false, 0, 0],
    ]);
    expect(q2).toMatchObject({ attempts: 5, unanswered: 0, facility: 0.8, discrimination: -0.559 });
    expect(q2!.flags).toEqual(['negative_discrimination']);
    expect(q2!.options.map((o) => o.share)).toEqual([0.2, 0.8, 0, 0]);
    expect(q3).toMatchObject({
      facility: 0.4,
      discrimination: 0.1667,
      flags: ['distractor_over_key'],
    });
    expect(q3!.options.map((o) => o.share)).toEqual([0, 0, 0.4, 0.6]);

    expect(stats.summary).toEqual({
      attempts: 5,
      participants: 5,
      mean_score: 60,
      minimum_score: 60,
      pass_rate: 0.6,
      median_seconds: 1800,
    });
    expect(stats.histogram).toHaveLength(10);
    expect(stats.histogram.map((b) => b.count)).toEqual([0, 0, 0, 2, 0, 0, 2, 0, 0, 1]);
    expect(stats.histogram[9]).toEqual({ from: 90, to: 100, count: 1 });
  });

  it('counts every submitted attempt by default, and filters by the day of submission', async () => {
    const all = await get('');
    expect(all.summary).toMatchObject({ attempts: 6, participants: 5 });
    expect(all.questions.map((q) => q.facility)).toEqual([0.6667, 0.8333, 0.5]);

    // 20 November only: the retake, all right.
    const late = await get('?from=2026-11-15&to=2026-11-20');
    expect(late.summary).toMatchObject({ attempts: 1, pass_rate: 1, median_seconds: 300 });
    expect(late.questions.map((q) => [q.facility, q.discrimination, q.flags])).toEqual([
      [1, null, ['too_easy']],
      [1, null, ['too_easy']],
      [1, null, ['too_easy']],
    ]);
    const early = await get('?to=2026-11-10');
    expect(early.summary.attempts).toBe(5);
    const none = await get('?from=2026-11-21');
    expect(none.summary).toMatchObject({ attempts: 0, pass_rate: null, median_seconds: null });
    expect(none.questions.map((q) => [q.attempts, q.facility, q.flags])).toEqual([
      [0, null, []],
      [0, null, []],
      [0, null, []],
    ]);
  });

  it('refuses a reversed or malformed date range in Indonesian', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}?from=2026-11-20&to=2026-11-01`,
      headers: trainerA,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({
      from: 'Tanggal Mulai tidak boleh setelah Tanggal Akhir',
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${url}?to=2026-02-30`,
      headers: trainerA,
    });
    expect(bad.json().validation).toEqual({ to: 'Tanggal Akhir tidak valid' });
  });

  it('answers 404 to a trainer of another program, and for an activity that is not a quiz', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: trainerB });
    expect(res.statusCode).toBe(404);
    const xlsx = await t.app.inject({ method: 'GET', url: `${url}/xlsx`, headers: trainerB });
    expect(xlsx.statusCode).toBe(404);
  });

  it('writes the per-question table as an xlsx behind a download link', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}/xlsx?first_attempt=1`,
      headers: trainerA,
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json<{ data: { public_url: string } }>().data.public_url;
    const file = await t.app.inject({ method: 'GET', url: link, headers: trainerA });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /statistik-soal-kuis-pakan-\d{8}-\d{4}\.xlsx/,
    );
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
