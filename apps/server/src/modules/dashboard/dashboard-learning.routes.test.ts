import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@ajar/shared/dashboard/dashboard.schemas';
import { activityProgress, certificates, learningEvents, quizAttempts } from '../../db/schema';
import {
  assignTrainer,
  buildActivity,
  buildProgramWithTopics,
} from '../../test/factories/activities';
import { buildQuizPacket } from '../../test/factories/members';
import { buildRedeem } from '../../test/factories/participants';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
const dayMs = 24 * 60 * 60 * 1000;

/**
 * The dashboard's learning figures on small data worked out by hand (docs/decisions.md, "The
 * provider dashboard's learning figures").
 */
describe('dashboard learning figures', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: Headers;
  let otherTrainer: Headers;
  const ids = { l1: '', l2: '' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    const a = await signedIn(t.db, 'trainer');
    trainer = a.headers;
    otherTrainer = (await signedIn(t.db, 'trainer')).headers;
    const db = t.db;
    const joined = new Date(Date.now() - 10 * dayMs);

    const l1 = await buildProgramWithTopics(db, { title: 'Program Satu' });
    const l2 = await buildProgramWithTopics(db, { title: 'Program Dua' });
    ids.l1 = l1.program.id;
    ids.l2 = l2.program.id;
    await assignTrainer(db, l1.program.id, a.user.id);
    const topic = l1.topics[0]!;
    const pre = await buildActivity(db, topic, { name: 'Pre Test', type: 'pre_test' });
    const post = await buildActivity(db, topic, { name: 'Post Test', type: 'post_test' });
    const quiz = await buildActivity(db, topic, { name: 'Kuis', type: 'quiz' });

    const redeem = (programId: string, days: number | null) =>
      buildRedeem(db, programId, {
        created_at: joined,
        progress: days === null ? 30 : 100,
        end_test_at: days === null ? null : new Date(joined.getTime() + days * dayMs),
      });
    // L1: m1 finished in 4 days, m2 in 6 days, m3 still learning. L2: m4 finished in 2 days.
    const m1 = await redeem(l1.program.id, 4);
    const m2 = await redeem(l1.program.id, 6);
    const m3 = await redeem(l1.program.id, null);
    const m4 = await redeem(l2.program.id, 2);

    // Active this week: m1, m3 (L1) and m4 (L2); m2 was last seen 10 days ago, and feedback
    // staff gave m2 yesterday is not m2's activity.
    const event = (r: typeof m1, daysAgo: number, actor: string | null = null) => ({
      member_id: r.member_id,
      program_id: r.program_id,
      kind: actor ? ('feedback_given' as const) : ('activity_opened' as const),
      actor_user_id: actor,
      created_at: new Date(Date.now() - daysAgo * dayMs),
    });
    await db
      .insert(learningEvents)
      .values([event(m1, 1), event(m3, 2), event(m4, 0), event(m2, 10), event(m2, 1, a.user.id)]);

    // Gains: m1 40 → 80, m2 60 → 70 (best attempts kept on progress); m3 has no post-test.
    const score = (r: typeof m1, activity: typeof pre, value: number) => ({
      member_redeem_id: r.id,
      program_id: r.program_id,
      topic_id: activity.topic_id,
      activity_id: activity.id,
      is_complete: true,
      score: value,
    });
    await db
      .insert(activityProgress)
      .values([
        score(m1, pre, 40),
        score(m1, post, 80),
        score(m2, pre, 60),
        score(m2, post, 70),
        score(m3, pre, 50),
      ]);

    // Certificates in force: m1 (L1), m4 (L2); m2's was revoked.
    const cert = (r: typeof m1, status: 'valid' | 'revoked') => ({
      member_redeem_id: r.id,
      kind: 'graduation' as const,
      number: `AJR-2026-11-${randomUUID().slice(0, 8).toUpperCase()}`,
      fullname: 'Peserta',
      program_title: 'Program',
      template: 'umum' as const,
      certificate_date: new Date(),
      status,
    });
    await db
      .insert(certificates)
      .values([cert(m1, 'valid'), cert(m2, 'revoked'), cert(m4, 'valid')]);

    // Five submitted attempts at the quiz's questions X, Y, Z (right answer: option 0), scored
    // 90, 80, 70, 40, 30. X: all right (facility 1 > 0.9, flagged). Y: right in the three best
    // (facility 0.6, point-biserial positive). Z: right in the two worst (facility 0.4,
    // point-biserial negative, flagged). W: served in four only (too few to judge).
    const { questionIds } = await buildQuizPacket(db, quiz.id, [
      { name: 'Bagian', questions: [{}, {}, {}, {}] },
    ]);
    const [x, y, z, w] = questionIds[0]!;
    const scores = [90, 80, 70, 40, 30];
    const attempts = scores.map((s, i) => ({
      member_redeem_id: [m1, m2, m3, m1, m2][i]!.id,
      activity_id: quiz.id,
      attempt_no: i < 3 ? 1 : 2,
      question_ids: i < 4 ? [x!, y!, z!, w!] : [x!, y!, z!],
      answers: { [x!]: 0, [y!]: i < 3 ? 0 : 1, [z!]: i < 3 ? 2 : 0, [w!]: 0 },
      submitted_at: new Date(),
      score: s,
    }));
    // An attempt still open counts nothing.
    attempts.push({ ...attempts[0]!, member_redeem_id: m3.id, attempt_no: 2, score: 0 });
    await db
      .insert(quizAttempts)
      .values(
        attempts.map((v, i) => (i === 5 ? { ...v, submitted_at: null as unknown as Date } : v)),
      );
  }, 180_000);
  afterAll(() => t.close());

  const learning = async (headers: Headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/v1/summary', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: DashboardSummary }>().data.learning;
  };

  it('adds the figures up over every program for the admin', async () => {
    const data = await learning(admin);
    expect(data.totals).toEqual({
      active_this_week: 3,
      completions: 3,
      certificates: 2,
      median_completion_days: 4,
      average_gain: 25,
      gain_participants: 2,
      flagged_programs: 1,
    });
    expect(data.programs).toEqual([
      {
        id: ids.l1,
        title: 'Program Satu',
        active_this_week: 2,
        completions: 2,
        certificates: 1,
        median_completion_days: 5,
        average_gain: 25,
        gain_participants: 2,
        flagged_questions: 2,
      },
      {
        id: ids.l2,
        title: 'Program Dua',
        active_this_week: 1,
        completions: 1,
        certificates: 1,
        median_completion_days: 2,
        average_gain: null,
        gain_participants: 0,
        flagged_questions: 0,
      },
    ]);
  });

  it("keeps a trainer to their programs; another trainer's hold nothing", async () => {
    const data = await learning(trainer);
    expect(data.totals).toEqual({
      active_this_week: 2,
      completions: 2,
      certificates: 1,
      median_completion_days: 5,
      average_gain: 25,
      gain_participants: 2,
      flagged_programs: 1,
    });
    expect(data.programs.map((p) => p.id)).toEqual([ids.l1]);
    const other = await learning(otherTrainer);
    expect(other).toEqual({
      totals: {
        active_this_week: 0,
        completions: 0,
        certificates: 0,
        median_completion_days: null,
        average_gain: null,
        gain_participants: 0,
        flagged_programs: 0,
      },
      programs: [],
    });
  });
});
