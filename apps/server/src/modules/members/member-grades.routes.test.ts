import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivitySettings } from '@ajar/shared/activities/activities-content.schemas';
import { activities, activityProgress, quizAttempts } from '../../db/schema';
import { buildActivity } from '../../test/factories/activities';
import { joinProgram, registerMember } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { createTestApp, type TestApp } from '../../test/test-app';

describe("member 'Nilai' API", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const settings = (over: Partial<typeof defaultActivitySettings>) => ({
    ...defaultActivitySettings,
    is_show_score: 1,
    ...over,
  });

  it('lists every scored activity with the best score, attempts used of allowed and feedback', async () => {
    const program = await buildProgram(t.db, { status: 'publish', title: 'Akuntansi UMKM' });
    const [t1, t2] = await buildTopics(t.db, program.id, 2);
    const pre = await buildActivity(t.db, t1!, {
      name: 'Pre Test',
      type: 'pre_test',
      settings: settings({ opportunity_repeat_test: 0 }),
    });
    await buildActivity(t.db, t1!, { name: 'Bacaan', type: 'general' });
    const quiz = await buildActivity(t.db, t1!, {
      name: 'Kuis 1',
      type: 'quiz',
      settings: settings({
        opportunity_repeat_test: 10,
        set_minimum_value: { is_set: 1, minimum_value: 70 },
      }),
    });
    const draft = await buildActivity(t.db, t1!, { name: 'Kuis Draf', type: 'quiz' });
    await t.db.update(activities).set({ status: 'draft' }).where(eq(activities.id, draft.id));
    const exam = await buildActivity(t.db, t2!, {
      name: 'Ujian',
      type: 'exam',
      settings: settings({ is_show_score: 0, opportunity_repeat_test: -1 }),
    });
    const work = await buildActivity(t.db, t2!, { name: 'Praktik', type: 'praktek_mandiri' });
    const post = await buildActivity(t.db, t2!, {
      name: 'Post Test',
      type: 'post_test',
      settings: settings({ opportunity_repeat_test: 1 }),
    });

    const { member, redeem } = await joinProgram(t.app, program.id);
    const other = await joinProgram(t.app, program.id);
    const at = new Date('2026-11-20T03:00:00Z');
    const attempt = (
      redeemId: string,
      activityId: string,
      no: number,
      score: number | null,
      passed: boolean | null,
      submitted = true,
    ) => ({
      member_redeem_id: redeemId,
      activity_id: activityId,
      attempt_no: no,
      started_at: at,
      submitted_at: submitted ? at : null,
      score,
      passed,
    });
    await t.db.insert(quizAttempts).values([
      attempt(redeem.id, pre.id, 1, 40, false),
      attempt(redeem.id, quiz.id, 1, 33.33, false),
      attempt(redeem.id, quiz.id, 2, 66.67, false),
      // Still open: it is not counted.
      attempt(redeem.id, quiz.id, 3, null, null, false),
      attempt(redeem.id, exam.id, 1, 90, true),
      // Another participant's attempt is not this one's.
      attempt(other.redeem.id, quiz.id, 1, 100, true),
    ]);
    await t.db.insert(activityProgress).values({
      member_redeem_id: redeem.id,
      program_id: program.id,
      topic_id: t2!.id,
      activity_id: work.id,
      work_file_key: 'praktik/berkas.pdf',
      work_file_name: 'berkas.pdf',
      work_uploaded_at: at,
      feedback_score: 85,
      feedback_text: 'Rapi, lengkapi kesimpulan.',
      feedback_at: new Date('2026-11-21T03:00:00Z'),
    });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/${program.id}/grades`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.program).toEqual({ id: program.id, title: 'Akuntansi UMKM' });
    const base = { feedback: null, uploaded_at: null, kind: 'quiz', score_hidden: false };
    expect(data.grades).toEqual([
      {
        ...base,
        activity_id: pre.id,
        topic_id: t1!.id,
        topic_name: 'Topik 1',
        name: 'Pre Test',
        type: 'pre_test',
        score: 40,
        passed: false,
        minimum: null,
        // 'Kesempatan mengulang' 0: the first attempt only.
        attempts: { used: 1, allowed: 1 },
      },
      {
        ...base,
        activity_id: quiz.id,
        topic_id: t1!.id,
        topic_name: 'Topik 1',
        name: 'Kuis 1',
        type: 'quiz',
        // The best of 33,33 and 66,67; the open third attempt and the other member do not count.
        score: 66.67,
        passed: false,
        minimum: 70,
        attempts: { used: 2, allowed: 11 },
      },
      {
        ...base,
        activity_id: exam.id,
        topic_id: t2!.id,
        topic_name: 'Topik 2',
        name: 'Ujian',
        type: 'exam',
        // 'Tampilkan Score' off: passed is told, the score is not.
        score: null,
        score_hidden: true,
        passed: true,
        minimum: null,
        attempts: { used: 1, allowed: null },
      },
      {
        activity_id: work.id,
        topic_id: t2!.id,
        topic_name: 'Topik 2',
        name: 'Praktik',
        type: 'praktek_mandiri',
        kind: 'work',
        score: 85,
        score_hidden: false,
        passed: null,
        minimum: null,
        attempts: null,
        uploaded_at: '2026-11-20T03:00:00.000Z',
        feedback: {
          score: 85,
          text: 'Rapi, lengkapi kesimpulan.',
          at: '2026-11-21T03:00:00.000Z',
        },
      },
      {
        ...base,
        activity_id: post.id,
        topic_id: t2!.id,
        topic_name: 'Topik 2',
        name: 'Post Test',
        type: 'post_test',
        score: null,
        passed: null,
        minimum: null,
        attempts: { used: 0, allowed: 2 },
      },
    ]);
  });

  it('answers 404 for a program the member has not redeemed, 401 without a session', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const stranger = await registerMember(t.app);
    const url = `/api/member/v1/program/${program.id}/grades`;
    const res = await t.app.inject({ method: 'GET', url, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/\S/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/program/bukan-id/grades',
      headers: stranger.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
