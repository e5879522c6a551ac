import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivitySettings } from '@ajar/shared/activities/activities-content.schemas';
import {
  activities,
  learningEvents,
  memberRedeems,
  questions,
  quizAttempts,
  quizSections,
} from '../../db/schema';
import { buildActivity } from '../../test/factories/activities';
import { buildQuizPacket, joinProgram, type TestMember } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('member quiz API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function quizCourse(
    type: 'pre_test' | 'quiz' | 'post_test' | 'exam',
    settings: Partial<typeof defaultActivitySettings> = {},
  ) {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const activity = await buildActivity(t.db, topic!, {
      type,
      settings: { ...defaultActivitySettings, is_show_score: 1, ...settings },
    });
    // Section A: 2 questions of 5 points, minimum 50. Section B: 2 questions, minimum 100.
    const { questionIds } = await buildQuizPacket(t.db, activity.id, [
      { name: 'Bagian A', min_score: 50, questions: [{ correct: 0 }, { correct: 1 }] },
      { name: 'Bagian B', min_score: 100, questions: [{ correct: 2 }, { correct: 3 }] },
    ]);
    const { member, redeem } = await joinProgram(t.app, program.id);
    const url = `/api/member/v1/program/${program.id}/activity/${activity.id}/quiz`;
    return { program, activity, member, redeem, questionIds, url };
  }

  const start = (m: TestMember, url: string) =>
    t.app.inject({ method: 'POST', url: `${url}/start`, headers: m.headers });
  const submit = (m: TestMember, url: string, attemptId: string, answers: Record<string, number>) =>
    t.app.inject({
      method: 'POST',
      url: `${url}/${attemptId}/submit`,
      headers: m.headers,
      payload: { answers },
    });

  it('prepares a quiz once for every start, and follows every edit of its questions', async () => {
    const c = await quizCourse('post_test');
    const { member: other } = await joinProgram(t.app, c.program.id);
    const text = async (m: TestMember) => {
      const res = await start(m, c.url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.sections[0].questions[0].question.text as string;
    };
    const version = async () =>
      (await t.db.select().from(activities).where(eq(activities.id, c.activity.id)))[0]!
        .quiz_version;
    const first = await text(c.member);
    const before = await version();
    // Edited straight in the database (as another server or a script would): seen at once.
    const [a1] = (c.questionIds as string[][])[0]!;
    await t.db
      .update(questions)
      .set({ question: { text: 'Soal yang diubah', media: null } })
      .where(eq(questions.id, a1!));
    expect(await version()).toBeGreaterThan(before);
    expect(first).not.toBe('Soal yang diubah');
    expect(await text(other)).toBe('Soal yang diubah');
    // A section's minimum and a new packet move the version too; a member's attempt does not.
    const steady = await version();
    await text(c.member);
    expect(await version()).toBe(steady);
    await t.db
      .update(quizSections)
      .set({ min_score: 10 })
      .where(eq(quizSections.activity_id, c.activity.id));
    expect(await version()).toBeGreaterThan(steady);
  });

  it('serves questions without answers and scores on the server against sections', async () => {
    const c = await quizCourse('post_test', { opportunity_repeat_test: 1, is_show_answer: 1 });
    // The intro tells how many questions an attempt serves (one packet of 2 + 2).
    const detail = await t.app.inject({
      method: 'GET',
      url: c.url.replace(/\/quiz$/, ''),
      headers: c.member.headers,
    });
    expect(detail.json().data.question_count).toEqual({ min: 4, max: 4 });
    const started = await start(c.member, c.url);
    expect(started.statusCode).toBe(200);
    const data = started.json().data;
    expect(data.attempt).toMatchObject({ attempt_no: 1, submitted_at: null, deadline_at: null });
    expect(data.attempts_left).toBe(1);
    expect(data.sections.map((s: { name: string }) => s.name)).toEqual(['Bagian A', 'Bagian B']);
    const raw = JSON.stringify(data);
    expect(raw).not.toContain('correct_answer');
    expect(raw).not.toContain('point');
    expect(data.sections[0].questions[0].options).toEqual([
      { text: 'A', media: null },
      { text: 'B', media: null },
      { text: 'C', media: null },
      { text: 'D', media: null },
    ]);

    const [[a1, a2], [b1, b2]] = c.questionIds as [string[], string[]];
    // A: 1 of 2 right (50 ≥ 50 passes); B: 1 of 2 right (50 < 100 fails).
    const res = await submit(c.member, c.url, data.attempt.id, {
      [a1!]: 0,
      [a2!]: 0,
      [b1!]: 2,
      [b2!]: 0,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({
      passed: false,
      score: 50,
      best_score: 50,
      attempts_left: 1,
      is_complete: false,
      progress: 0,
      sections: [
        { name: 'Bagian A', score: 50, min_score: 50, passed: true },
        { name: 'Bagian B', score: 50, min_score: 100, passed: false },
      ],
    });
    expect(result.answers[1]).toMatchObject({ id: a2, correct: false, correct_options: [1] });

    // The retake passes: complete, best score and scores of the redemption.
    const again = (await start(c.member, c.url)).json().data;
    expect(again.attempt.attempt_no).toBe(2);
    const pass = await submit(c.member, c.url, again.attempt.id, {
      [a1!]: 0,
      [a2!]: 1,
      [b1!]: 2,
      [b2!]: 3,
    });
    expect(pass.json().data).toMatchObject({
      passed: true,
      score: 100,
      best_score: 100,
      attempts_left: 0,
      is_complete: true,
      progress: 100,
    });
    const [row] = await t.db.select().from(memberRedeems).where(eq(memberRedeems.id, c.redeem.id));
    expect(row!.scores).toMatchObject({
      pre_test: { score: null },
      post_test: { score: 100, final_score: 100, passed: true },
      list: [{ activity_id: c.activity.id, score: 100, passed: true, attempts: 2 }],
    });
    expect(row!.end_test_at).not.toBeNull();

    // No chances left; a closed attempt cannot be submitted again.
    const more = await start(c.member, c.url);
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('Kesempatan mengerjakan sudah habis');
    const twice = await submit(c.member, c.url, again.attempt.id, {});
    expect(twice.json().message).toBe('Pengerjaan ini sudah dikumpulkan');
  });

  it("tells each question's explanation for the way it was answered, only with 'Tampilkan Jawaban'", async () => {
    async function course(isShowAnswer: number) {
      const program = await buildProgram(t.db, { status: 'publish' });
      const [topic] = await buildTopics(t.db, program.id, 1);
      const activity = await buildActivity(t.db, topic!, {
        type: 'quiz',
        settings: { ...defaultActivitySettings, is_show_answer: isShowAnswer },
      });
      const explanation = {
        correct: '<p>Tepat: <b>A</b></p>',
        wrong: '<p>Keliru, jawabannya A</p>',
      };
      const { questionIds } = await buildQuizPacket(t.db, activity.id, [
        {
          name: 'Bagian A',
          questions: [
            { correct: 0, explanation },
            { correct: 0, explanation },
            { correct: 0, explanation: { correct: '', wrong: ' ' } },
            { options: ['Ya', 'Tidak'], type: 'single_choice_survey', explanation },
          ],
        },
      ]);
      const { member } = await joinProgram(t.app, program.id);
      const url = `/api/member/v1/program/${program.id}/activity/${activity.id}/quiz`;
      const s1 = (await start(member, url)).json().data;
      const [[right, wrong, blank, survey]] = questionIds as [string[]];
      const res = await submit(member, url, s1.attempt.id, {
        [right!]: 0,
        [wrong!]: 2,
        [blank!]: 1,
        [survey!]: 0,
      });
      expect(res.statusCode).toBe(200);
      return { data: res.json().data, ids: [right, wrong, blank, survey] };
    }

    const shown = await course(1);
    const byId = new Map(
      (shown.data.answers as { id: string; explanation: unknown }[]).map((a) => [a.id, a]),
    );
    const [right, wrong, blank, survey] = shown.ids;
    expect(byId.get(right!)?.explanation).toEqual({ text: '<p>Tepat: <b>A</b></p>', media: null });
    expect(byId.get(wrong!)?.explanation).toEqual({
      text: '<p>Keliru, jawabannya A</p>',
      media: null,
    });
    expect(byId.get(blank!)?.explanation).toBeNull();
    expect(byId.get(survey!)?.explanation).toBeNull();

    const hidden = await course(0);
    expect(hidden.data.answers).toBeNull();
    expect(JSON.stringify(hidden.data)).not.toContain('Keliru');
  });

  it('applies the minimum value and keeps the best score; final score is the best post-test', async () => {
    const c = await quizCourse('post_test', {
      opportunity_repeat_test: -1,
      set_minimum_value: { is_set: 1, minimum_value: 80 },
    });
    const [[a1, a2], [b1, b2]] = c.questionIds as [string[], string[]];
    const s1 = (await start(c.member, c.url)).json().data;
    expect(s1.attempts_left).toBeNull();
    const r1 = (
      await submit(c.member, c.url, s1.attempt.id, { [a1!]: 0, [a2!]: 1, [b1!]: 2, [b2!]: 3 })
    ).json().data;
    expect(r1).toMatchObject({ passed: true, score: 100, is_complete: true });
    const s2 = (await start(c.member, c.url)).json().data;
    const r2 = (await submit(c.member, c.url, s2.attempt.id, { [a1!]: 0 })).json().data;
    expect(r2).toMatchObject({ passed: false, score: 25, best_score: 100, is_complete: true });
    const [row] = await t.db.select().from(memberRedeems).where(eq(memberRedeems.id, c.redeem.id));
    expect(row!.scores).toMatchObject({ post_test: { score: 25, final_score: 100, passed: true } });
  });

  it('completes a pre-test on any submission and keeps its first score', async () => {
    const c = await quizCourse('pre_test', { opportunity_repeat_test: 10 });
    const [[a1]] = c.questionIds as [string[]];
    const s1 = (await start(c.member, c.url)).json().data;
    const r1 = (await submit(c.member, c.url, s1.attempt.id, { [a1!]: 0 })).json().data;
    expect(r1).toMatchObject({ passed: false, score: 25, is_complete: true, progress: 100 });
    const s2 = (await start(c.member, c.url)).json().data;
    await submit(c.member, c.url, s2.attempt.id, {});
    const [row] = await t.db.select().from(memberRedeems).where(eq(memberRedeems.id, c.redeem.id));
    expect(row!.scores).toMatchObject({ pre_test: { score: 25 } });
  });

  it('allows one attempt when repeats are off, and resumes an open attempt', async () => {
    const c = await quizCourse('quiz', { opportunity_repeat_test: 0 });
    const s1 = (await start(c.member, c.url)).json().data;
    expect(s1.attempts_left).toBe(0);
    const resumed = (await start(c.member, c.url)).json().data;
    expect(resumed.attempt.id).toBe(s1.attempt.id);
    await submit(c.member, c.url, s1.attempt.id, {});
    expect((await start(c.member, c.url)).statusCode).toBe(400);
  });

  it('refuses answers to questions that were not served', async () => {
    const c = await quizCourse('quiz');
    const s1 = (await start(c.member, c.url)).json().data;
    const res = await submit(c.member, c.url, s1.attempt.id, {
      '00000000-0000-4000-8000-000000000000': 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation).toEqual({ answers: 'Jawaban untuk soal yang tidak diberikan' });
  });

  it('refuses an option that does not exist (choice and survey) and keeps the attempt open', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const activity = await buildActivity(t.db, topic!, {
      type: 'quiz',
      settings: { ...defaultActivitySettings, is_show_score: 1 },
    });
    const { questionIds } = await buildQuizPacket(t.db, activity.id, [
      {
        name: 'Bagian A',
        questions: [
          { options: ['A', 'B', 'C'], correct: 1 },
          { options: ['Ya', 'Tidak'], type: 'single_choice_survey' },
        ],
      },
    ]);
    const [[choice, survey]] = questionIds as [string[]];
    const { member } = await joinProgram(t.app, program.id);
    const url = `/api/member/v1/program/${program.id}/activity/${activity.id}/quiz`;
    const s1 = (await start(member, url)).json().data;

    const tooHigh = await submit(member, url, s1.attempt.id, { [choice!]: 7, [survey!]: 0 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().validation).toEqual({
      answers: 'Pilihan jawaban soal nomor 1 tidak ada: soal ini memiliki 3 pilihan',
    });
    const surveyTooHigh = await submit(member, url, s1.attempt.id, { [choice!]: 1, [survey!]: 2 });
    expect(surveyTooHigh.statusCode).toBe(400);
    expect(surveyTooHigh.json().validation).toEqual({
      answers: 'Pilihan jawaban soal nomor 2 tidak ada: soal ini memiliki 2 pilihan',
    });

    // Not used up: the same attempt is resumed and can still be submitted.
    const resumed = (await start(member, url)).json().data;
    expect(resumed.attempt).toMatchObject({ id: s1.attempt.id, submitted_at: null });
    const ok = await submit(member, url, s1.attempt.id, { [choice!]: 1, [survey!]: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ score: 100, passed: true });
  });

  it('sets the deadline from the timer and refuses a submission after it (with grace)', async () => {
    const c = await quizCourse('exam', { timer: 30, opportunity_repeat_test: 1 });
    const s1 = (await start(c.member, c.url)).json().data;
    const started = new Date(s1.attempt.started_at).getTime();
    expect(new Date(s1.attempt.deadline_at).getTime() - started).toBe(30 * 60_000);
    expect(s1.seconds_left).toBeGreaterThan(29 * 60);

    // Within the grace: accepted.
    await t.db
      .update(quizAttempts)
      .set({ deadline_at: new Date(Date.now() - 10_000) })
      .where(eq(quizAttempts.id, s1.attempt.id));
    const [[a1]] = c.questionIds as [string[]];
    const ok = await submit(c.member, c.url, s1.attempt.id, { [a1!]: 0 });
    expect(ok.statusCode).toBe(200);

    // Past the grace: refused, closed without answers, and it counts.
    const s2 = (await start(c.member, c.url)).json().data;
    await t.db
      .update(quizAttempts)
      .set({ deadline_at: new Date(Date.now() - 5 * 60_000) })
      .where(eq(quizAttempts.id, s2.attempt.id));
    const late = await submit(c.member, c.url, s2.attempt.id, { [a1!]: 0 });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Waktu pengerjaan sudah habis');
    const [closed] = await t.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, s2.attempt.id));
    expect(closed!.submitted_at).not.toBeNull();
    expect(Number(closed!.score)).toBe(0);
    expect((await start(c.member, c.url)).json().message).toBe(
      'Kesempatan mengerjakan sudah habis',
    );
  });

  it('closes an expired open attempt when the next one starts', async () => {
    const c = await quizCourse('exam', { timer: 1, opportunity_repeat_test: 1 });
    const s1 = (await start(c.member, c.url)).json().data;
    await t.db
      .update(quizAttempts)
      .set({ deadline_at: new Date(Date.now() - 5 * 60_000) })
      .where(eq(quizAttempts.id, s1.attempt.id));
    const s2 = (await start(c.member, c.url)).json().data;
    expect(s2.attempt.attempt_no).toBe(2);
    expect(s2.attempts_left).toBe(0);
  });

  it('rotates packets between attempts and limits the pool to number_questions_package', async () => {
    const c = await quizCourse('quiz', {
      opportunity_repeat_test: -1,
      number_questions_package: 2,
    });
    const second = await buildQuizPacket(t.db, c.activity.id, [
      { name: 'Paket 2', questions: [{ correct: 0 }] },
    ]);
    await buildQuizPacket(t.db, c.activity.id, [{ name: 'Paket 3', questions: [{ correct: 0 }] }]);
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const s = (await start(c.member, c.url)).json().data;
      names.push(s.sections[0].name);
      await submit(c.member, c.url, s.attempt.id, {});
    }
    expect(names).toEqual(['Bagian A', 'Paket 2', 'Bagian A']);
    expect(second.questionIds).toHaveLength(1);
    // Packets of 4 and 1 questions in the pool (the third is left out).
    const detail = await t.app.inject({
      method: 'GET',
      url: c.url.replace(/\/quiz$/, ''),
      headers: c.member.headers,
    });
    expect(detail.json().data.question_count).toEqual({ min: 1, max: 4 });
  });

  it('refuses to start a quiz without questions and on a non-quiz activity', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    // The video first: an unfinished quiz locks what follows it.
    const video = await buildActivity(t.db, topic!, { type: 'menonton_video' });
    const empty = await buildActivity(t.db, topic!, { type: 'quiz' });
    const { member } = await joinProgram(t.app, program.id);
    const base = `/api/member/v1/program/${program.id}/activity`;
    const none = await start(member, `${base}/${empty.id}/quiz`);
    expect(none.json()).toMatchObject({ status: 400, message: 'Soal belum tersedia' });
    const notQuiz = await start(member, `${base}/${video.id}/quiz`);
    expect(notQuiz.json()).toMatchObject({
      status: 400,
      message: 'Aktivitas ini tidak memiliki soal',
    });
  });

  const save = (
    m: TestMember,
    url: string,
    attemptId: string,
    payload: { question_id: string; answer: unknown; idempotency_key?: string },
  ) =>
    t.app.inject({ method: 'PUT', url: `${url}/${attemptId}/answer`, headers: m.headers, payload });

  const eventsOf = async (memberId: string) =>
    t.db
      .select({ kind: learningEvents.kind, data: learningEvents.data })
      .from(learningEvents)
      .where(eq(learningEvents.member_id, memberId))
      .orderBy(asc(learningEvents.created_at));

  it('saves answers one by one, resumes with them, and the submit wins over them', async () => {
    const c = await quizCourse('quiz', { opportunity_repeat_test: 1 });
    const [[a1, a2], [b1]] = c.questionIds as [string[], string[]];
    const s1 = (await start(c.member, c.url)).json().data;
    expect(s1.answers).toEqual({});
    const first = await save(c.member, c.url, s1.attempt.id, { question_id: a1!, answer: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Jawaban tersimpan',
      data: { attempt_id: s1.attempt.id, question_id: a1, answer: 0, answered_count: 1 },
    });
    // The same key sent at once: one save, the same answer to each.
    const key = randomUUID();
    const together = await Promise.all(
      [0, 1, 2].map(() =>
        save(c.member, c.url, s1.attempt.id, { question_id: a2!, answer: 1, idempotency_key: key }),
      ),
    );
    for (const r of together) expect(r.json()).toEqual(together[0]!.json());
    expect(together[0]!.json().data.answered_count).toBe(2);
    // A cleared answer is no answer.
    await save(c.member, c.url, s1.attempt.id, { question_id: b1!, answer: 3 });
    await save(c.member, c.url, s1.attempt.id, { question_id: b1!, answer: null });

    // Opened again (a reload, another device): the same attempt with what the server holds.
    const resumed = (await start(c.member, c.url)).json().data;
    expect(resumed.attempt.id).toBe(s1.attempt.id);
    expect(resumed.answers).toEqual({ [a1!]: 0, [a2!]: 1 });

    // The submit wins (a2 wrong now) and keeps what it leaves out (a1 right): 2 of 4 right.
    const res = await submit(c.member, c.url, s1.attempt.id, { [a2!]: 0, [b1!]: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.score).toBe(50);
    const events = await eventsOf(c.member.id);
    expect(events.map((e) => e.kind)).toEqual([
      'quiz_started',
      'answer_saved',
      'answer_saved',
      'answer_saved',
      'answer_saved',
      'quiz_submitted',
    ]);
    expect(events[1]!.data).toEqual({ attempt_id: s1.attempt.id, question_id: a1, option: 0 });
    expect(events.at(-1)!.data).toMatchObject({ score: 50, how: 'submitted', answered: 3 });
    const closed = await save(c.member, c.url, s1.attempt.id, { question_id: a1!, answer: 1 });
    expect(closed.json()).toMatchObject({
      status: 400,
      message: 'Pengerjaan ini sudah dikumpulkan',
    });
  });

  it("refuses a save for a question not served, a missing option, another member's attempt", async () => {
    const c = await quizCourse('quiz');
    const [[a1]] = c.questionIds as [string[]];
    const s1 = (await start(c.member, c.url)).json().data;
    const stranger = await save(c.member, c.url, s1.attempt.id, {
      question_id: randomUUID(),
      answer: 0,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().validation).toEqual({ question_id: 'Soal tidak ada di pengerjaan ini' });
    const option = await save(c.member, c.url, s1.attempt.id, { question_id: a1!, answer: 4 });
    expect(option.statusCode).toBe(400);
    expect(option.json().validation).toEqual({
      answer: 'Pilihan jawaban soal nomor 1 tidak ada: soal ini memiliki 4 pilihan',
    });
    const text = await save(c.member, c.url, s1.attempt.id, { question_id: a1!, answer: 'B' });
    expect(text.statusCode).toBe(400);
    expect(text.json().validation).toEqual({ answer: 'Jawaban harus berupa nomor pilihan' });
    const { member: other } = await joinProgram(t.app, c.program.id);
    const theirs = await save(other, c.url, s1.attempt.id, { question_id: a1!, answer: 0 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Pengerjaan tidak ditemukan');
    const missing = await save(c.member, c.url, randomUUID(), { question_id: a1!, answer: 0 });
    expect(missing.statusCode).toBe(404);
  });

  it('scores the saved answers when the deadline passes, and refuses a late save', async () => {
    const c = await quizCourse('exam', { timer: 30, opportunity_repeat_test: 1 });
    const [[a1, a2], [b1]] = c.questionIds as [string[], string[]];
    const s1 = (await start(c.member, c.url)).json().data;
    for (const [q, option] of [
      [a1!, 0],
      [a2!, 1],
      [b1!, 2],
    ] as const) {
      expect(
        (await save(c.member, c.url, s1.attempt.id, { question_id: q, answer: option })).statusCode,
      ).toBe(200);
    }
    const deadline = new Date(Date.now() - 5 * 60_000);
    await t.db
      .update(quizAttempts)
      .set({ deadline_at: deadline })
      .where(eq(quizAttempts.id, s1.attempt.id));
    const late = await save(c.member, c.url, s1.attempt.id, { question_id: a1!, answer: 1 });
    expect(late.json()).toMatchObject({ status: 400, message: 'Waktu pengerjaan sudah habis' });
    const [closed] = await t.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, s1.attempt.id));
    expect(closed!.submitted_at).toEqual(deadline);
    // 3 of 4 right, held by the server: 75, and the late save changed nothing.
    expect(Number(closed!.score)).toBe(75);
    expect(closed!.answers).toEqual({ [a1!]: 0, [a2!]: 1, [b1!]: 2 });
    const last = (await eventsOf(c.member.id)).at(-1)!;
    expect(last).toMatchObject({ kind: 'quiz_submitted', data: { score: 75, how: 'expired' } });
    // The late submit answers the time too, not 'already submitted'.
    const submitLate = await submit(c.member, c.url, s1.attempt.id, { [a1!]: 0 });
    expect(submitLate.json().message).toBe('Waktu pengerjaan sudah habis');

    // Expiry found at the next start scores what was saved as well.
    const s2 = (await start(c.member, c.url)).json().data;
    const saved2 = await save(c.member, c.url, s2.attempt.id, { question_id: a1!, answer: 0 });
    expect(saved2.statusCode, saved2.body).toBe(200);
    await t.db
      .update(quizAttempts)
      .set({ deadline_at: new Date(Date.now() - 5 * 60_000) })
      .where(eq(quizAttempts.id, s2.attempt.id));
    expect((await start(c.member, c.url)).json().message).toBe(
      'Kesempatan mengerjakan sudah habis',
    );
    const [second] = await t.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, s2.attempt.id));
    expect(Number(second!.score)).toBe(25);
  });
});
