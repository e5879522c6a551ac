import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EducationLevel } from '@ajar/shared/members/members.constants';
import type { GainList, ProgramAnalytics } from '@ajar/shared/analytics/program-analytics.schemas';
import {
  activityProgress,
  attendances,
  gameplays,
  learningEvents,
  members,
  popupAnswers,
  quizAttempts,
} from '../../db/schema';
import { buildTypedActivity, downloadSheet } from '../../test/factories/exports';
import { buildMember, buildRedeem } from '../../test/factories/participants';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { authHeader, buildUser, signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
type Redeem = Awaited<ReturnType<typeof buildRedeem>>;
type Activity = Awaited<ReturnType<typeof buildTypedActivity>>;
const hour = 3_600_000;
const t0 = new Date('2026-03-02T01:00:00Z');

describe('program analytics API', () => {
  let t: TestApp;
  let admin: Headers;
  let trainerA: Headers;
  let trainerB: Headers;
  let programId: string;
  let practiceProgramId: string;
  const p: Redeem[] = [];
  const q: Redeem[] = [];

  async function participant(program: string, name: string, level: EducationLevel | null) {
    const member = await buildMember(t.db, { fullname: name });
    await t.db.update(members).set({ education_level: level }).where(eq(members.id, member.id));
    return buildRedeem(t.db, program, { memberId: member.id });
  }
  async function attempt(r: Redeem, a: Activity, attempt_no: number, score: number | null) {
    await t.db.insert(quizAttempts).values({
      member_redeem_id: r.id,
      activity_id: a.id,
      attempt_no,
      score,
      submitted_at: score === null ? null : new Date(t0.getTime() + attempt_no * hour),
    });
  }
  async function progress(
    r: Redeem,
    a: Activity,
    values: Partial<typeof activityProgress.$inferInsert>,
  ) {
    await t.db.insert(activityProgress).values({
      member_redeem_id: r.id,
      program_id: a.program_id,
      topic_id: a.topic_id,
      activity_id: a.id,
      ...values,
    });
  }
  async function opened(r: Redeem, a: Activity) {
    await t.db.insert(learningEvents).values({
      member_id: r.member_id,
      program_id: a.program_id,
      activity_id: a.id,
      kind: 'activity_opened',
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers: admin } = await signedIn(t.db, 'admin'));
    const a = await buildUser(t.db, { role: 'trainer' });
    const b = await buildUser(t.db, { role: 'trainer' });
    trainerA = await authHeader(t.db, a);
    trainerB = await authHeader(t.db, b);

    // Program 1: pre-test and video in topic 1, post-test in topic 2 (a funnel of 3 steps).
    const program = await buildProgram(t.db, { status: 'publish', trainerIds: [a.id] });
    programId = program.id;
    const [topic1, topic2] = await buildTopics(t.db, program.id, 2);
    const pre = await buildTypedActivity(t.db, topic1!, 'pre_test', 1, 'Pre Test');
    const video = await buildTypedActivity(t.db, topic1!, 'menonton_video', 2, 'Video Lele');
    const post = await buildTypedActivity(t.db, topic2!, 'post_test', 1, 'Post Test');
    const levels: (EducationLevel | null)[] = ['sd', 'sd', 'smp', null, 'smp'];
    for (const [i, level] of levels.entries())
      p.push(await participant(program.id, `Peserta ${i + 1}`, level));
    const [p1, p2, p3, p4, p5] = p as [Redeem, Redeem, Redeem, Redeem, Redeem];

    // First submitted attempts: pre 40/50/100/80, post 70/90/100/70; P5 has only a pre-test.
    await attempt(p1, pre, 1, 40);
    await attempt(p1, pre, 2, 60);
    await attempt(p2, pre, 1, 50);
    await attempt(p3, pre, 1, 100);
    await attempt(p4, pre, 1, 80);
    await attempt(p5, pre, 1, 20);
    await attempt(p1, post, 1, 70);
    await attempt(p2, post, 1, null); // never submitted: the next one counts
    await attempt(p2, post, 2, 90);
    await attempt(p3, post, 1, 100);
    await attempt(p4, post, 1, 70);
    for (const r of [p1, p2, p3, p4]) {
      await progress(r, pre, { is_complete: true });
      await progress(r, post, { is_complete: true });
    }
    await progress(p5, pre, { is_complete: false });

    // Video of 100 s (buckets of 2 s): P1 all, P2 the first half, P3 0-10 and 60-70; P5 opened.
    for (const r of [p1, p2, p3, p5]) await opened(r, video);
    await progress(p1, video, {
      is_complete: true,
      video_duration: 100,
      video_watched: [[0, 100]],
    });
    await progress(p2, video, { is_complete: true, video_duration: 100, video_watched: [[0, 50]] });
    await progress(p3, video, {
      video_duration: 100,
      video_watched: [
        [0, 10],
        [60, 70],
      ],
    });
    const pops = await t.db
      .insert(gameplays)
      .values([
        {
          activity_id: video.id,
          type: 'jigsaw',
          time: 20,
          question: { text: 'Lele', image: null, audio: null },
        },
        {
          activity_id: video.id,
          type: 'jigsaw',
          time: 60,
          question: { text: 'Kolam', image: null, audio: null },
        },
      ])
      .returning();
    const answer = (r: Redeem, g: number, correct: boolean) =>
      t.db.insert(popupAnswers).values({
        member_redeem_id: r.id,
        activity_id: video.id,
        gameplay_id: pops[g]!.id,
        answer: {},
        correct,
        idempotency_key: crypto.randomUUID(),
      });
    await answer(p1, 0, true);
    await answer(p2, 0, true);
    await answer(p3, 0, false);
    await answer(p1, 1, false);

    // Program 2: one meeting, one practice task, four participants.
    const practice = await buildProgram(t.db, { status: 'publish' });
    practiceProgramId = practice.id;
    const [topic] = await buildTopics(t.db, practice.id, 1);
    const meeting = await buildTypedActivity(t.db, topic!, 'berdiskusi_daring', 1, 'Diskusi');
    const task = await buildTypedActivity(t.db, topic!, 'praktek_mandiri', 2, 'Tugas Kolam');
    for (let i = 1; i <= 4; i += 1) q.push(await participant(practice.id, `Praktik ${i}`, 'sma'));
    const [q1, q2, q3, q4] = q as [Redeem, Redeem, Redeem, Redeem];
    const checkIn = (r: Redeem, schedule_key: string) =>
      t.db.insert(attendances).values({
        member_redeem_id: r.id,
        member_id: r.member_id,
        program_id: practice.id,
        topic_id: topic!.id,
        activity_id: meeting.id,
        schedule_key,
      });
    for (const r of [q1, q2, q3]) await checkIn(r, '2026-03-02 08:00-10:00');
    await checkIn(q1, '2026-03-09 08:00-10:00');
    const work = { work_file_key: 'practice-work/x.pdf', work_uploaded_at: t0 };
    await progress(q1, task, {
      ...work,
      feedback_at: new Date(t0.getTime() + 2 * hour),
      feedback_score: 80,
    });
    await progress(q2, task, {
      ...work,
      feedback_at: new Date(t0.getTime() + 4 * hour),
      feedback_score: 90,
    });
    await progress(q3, task, work);
    // A score import without an upload: neither submitted nor graded.
    await progress(q4, task, { feedback_at: t0, feedback_score: 70 });
  });

  afterAll(async () => {
    await t.close();
  });

  async function analytics(headers: Headers, query = '', id = programId) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/program/${id}${query}`,
      headers,
    });
    return res;
  }

  it('computes the learning gain from the first submitted attempts', async () => {
    const res = await analytics(admin);
    expect(res.statusCode).toBe(200);
    const { gain, participants } = res.json<{ data: ProgramAnalytics }>().data;
    expect(participants).toBe(5);
    expect(gain.pre_activity?.name).toBe('Pre Test');
    expect(gain.post_activity?.name).toBe('Post Test');
    // Gains 30, 40, 0, -10: mean 15, median (0 + 30) / 2 = 15.
    expect(gain).toMatchObject({
      paired: 4,
      mean_pre: 67.5,
      mean_post: 82.5,
      mean_gain: 15,
      median_gain: 15,
      ceiling: 1,
    });
    // Class g = (82.5 - 67.5) / (100 - 67.5) = 15 / 32.5.
    expect(gain.class_normalized_gain).toBeCloseTo(15 / 32.5, 10);

    const list = await analytics(admin, '/gain?page=1');
    const rows = list.json<{ data: GainList }>().data;
    expect(rows.total).toBe(4);
    expect(rows.list.map((r) => [r.fullname, r.pre, r.post, r.gain, r.normalized_gain])).toEqual([
      ['Peserta 1', 40, 70, 30, 0.5],
      ['Peserta 2', 50, 90, 40, 0.8],
      ['Peserta 3', 100, 100, 0, null],
      ['Peserta 4', 80, 70, -10, -0.5],
    ]);
  });

  it('applies the education level to every figure', async () => {
    const res = await analytics(admin, '?education_level=sd');
    const data = res.json<{ data: ProgramAnalytics }>().data;
    expect(data.participants).toBe(2);
    expect(data.gain).toMatchObject({
      paired: 2,
      mean_pre: 45,
      mean_post: 80,
      mean_gain: 35,
      median_gain: 35,
    });
    expect(data.gain.class_normalized_gain).toBeCloseTo(35 / 55, 10);
    expect(data.funnel.map((s) => [s.opened, s.started, s.completed])).toEqual([
      [2, 2, 2],
      [2, 2, 2],
      [2, 2, 2],
    ]);
    // Viewers P1 and P2: 0-2 s both, 60-62 s only P1.
    const [video] = data.videos;
    expect(video!.viewers).toBe(2);
    expect(video!.buckets[0]!.share).toBe(1);
    expect(video!.buckets[30]!.share).toBe(0.5);
    expect(video!.popups.map((x) => [x.answered, x.correct])).toEqual([
      [2, 2],
      [1, 0],
    ]);
    expect((await analytics(admin, '?education_level=kuliah')).statusCode).toBe(400);
  });

  it('counts the funnel in program order and marks the largest drop', async () => {
    const { funnel } = (await analytics(admin)).json<{ data: ProgramAnalytics }>().data;
    expect(
      funnel.map((s) => [
        s.activity_name,
        s.opened,
        s.started,
        s.completed,
        s.drop,
        s.largest_drop,
      ]),
    ).toEqual([
      ['Pre Test', 5, 5, 4, 0, false],
      ['Video Lele', 4, 3, 2, 1, true],
      ['Post Test', 4, 4, 4, 0, false],
    ]);
  });

  it("draws each video's drop-off line and its pop-ups' share correct", async () => {
    const { videos } = (await analytics(admin)).json<{ data: ProgramAnalytics }>().data;
    expect(videos).toHaveLength(1);
    const video = videos[0]!;
    expect(video).toMatchObject({ activity_name: 'Video Lele', duration: 100, viewers: 3 });
    expect(video.buckets).toHaveLength(50);
    expect(video.buckets[0]).toMatchObject({
      from_seconds: 0,
      to_seconds: 2,
      viewers: 3,
      share: 1,
    });
    const share = (i: number) => video.buckets[i]!.viewers;
    // Middles: bucket 4 at 9 s (all three), 5 at 11 s (P1, P2), 24 at 49 s, 25 at 51 s (P1),
    // 30 at 61 s and 34 at 69 s (P1, P3), 35 at 71 s and 49 at 99 s (P1).
    expect([4, 5, 24, 25, 30, 34, 35, 49].map(share)).toEqual([3, 2, 2, 1, 2, 2, 1, 1]);
    expect(video.buckets[25]!.share).toBeCloseTo(1 / 3, 10);
    expect(video.popups.map((x) => [x.time, x.question, x.answered, x.correct])).toEqual([
      [20, 'Lele', 3, 2],
      [60, 'Kolam', 1, 0],
    ]);
    expect(video.popups[0]!.share_correct).toBeCloseTo(2 / 3, 10);
  });

  it('counts attendance per meeting and practice work with the median time to feedback', async () => {
    const data = (await analytics(admin, '', practiceProgramId)).json<{ data: ProgramAnalytics }>()
      .data;
    expect(data.participants).toBe(4);
    expect(data.attendance.map((r) => [r.activity_name, r.schedule_key, r.checked_in])).toEqual([
      ['Diskusi', '2026-03-02 08:00-10:00', 3],
      ['Diskusi', '2026-03-09 08:00-10:00', 1],
    ]);
    expect(data.practice).toEqual([
      expect.objectContaining({
        activity_name: 'Tugas Kolam',
        submitted: 3,
        graded: 2,
        median_feedback_hours: 3,
      }),
    ]);
    expect(data.gain).toMatchObject({ pre_activity: null, paired: 0, mean_gain: null });
  });

  it('downloads a section as a sheet with the same figures', async () => {
    const res = await analytics(admin, '/export?section=gain&education_level=sd');
    expect(res.statusCode).toBe(200);
    const { rows } = await downloadSheet(t.app, res.json().data.public_url);
    expect(rows).toEqual([
      ['No', 'Nama', 'Pre Test', 'Post Test', 'Gain', 'Gain Ternormalisasi'],
      [1, 'Peserta 1', 40, 70, 30, 0.5],
      [2, 'Peserta 2', 50, 90, 40, 0.8],
    ]);
    const empty = await analytics(admin, '/export?section=gain', practiceProgramId);
    expect(empty.statusCode).toBe(404);
  });

  it("answers 404 for another trainer's program and 200 for the program's own trainer", async () => {
    expect((await analytics(trainerB)).statusCode).toBe(404);
    expect((await analytics(trainerB, '/gain')).statusCode).toBe(404);
    expect((await analytics(trainerB, '/export?section=funnel')).statusCode).toBe(404);
    expect((await analytics(trainerA)).statusCode).toBe(200);
    expect((await analytics(trainerA, '', practiceProgramId)).statusCode).toBe(404);
  });
});
