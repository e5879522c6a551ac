import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultActivityContent,
  defaultActivitySettings,
} from '@ajar/shared/activities/activities-content.schemas';
import { dateAtOffset } from '@ajar/shared/exports/exports.rules';
import { idempotencyMessages } from '@ajar/shared/idempotency/idempotency.constants';
import { memberMessages } from '@ajar/shared/members/members.constants';
import type { LearningEventKind } from '@ajar/shared/learning-record/learning-events';
import {
  activities,
  attendances,
  chatMessages,
  gameplays,
  learningEvents,
  popupAnswers,
  quizAttempts,
} from '../../db/schema';
import { buildActivity } from '../../test/factories/activities';
import { buildChatProgram } from '../../test/factories/chat';
import { buildQuizPacket, joinProgram, type TestMember } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The one idempotency mechanism (`runOnce`) on every member request that may be sent again
 * (quiz submit, check-in, chat, pop-up answers): the same key sent several times at once, and
 * later, does the work once and answers every send with the first answer.
 */
describe('one idempotency mechanism', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (m: TestMember, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: m.headers, payload });

  /** Sends the same request `n` times at once; every answer must be the same 200. */
  async function sendTogether(n: number, send: () => ReturnType<typeof post>) {
    const answers = await Promise.all(Array.from({ length: n }, send));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const first = answers[0]!.json();
    for (const a of answers) expect(a.json()).toEqual(first);
    return first as { status: number; message: string; data: Record<string, unknown> };
  }

  const events = async (memberId: string, kind: LearningEventKind) =>
    (
      await t.db
        .select({ n: count() })
        .from(learningEvents)
        .where(and(eq(learningEvents.member_id, memberId), eq(learningEvents.kind, kind)))
    )[0]!.n;

  it('quiz submit: the same key at once scores once and answers the first result to all', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const activity = await buildActivity(t.db, topic!, {
      type: 'quiz',
      settings: { ...defaultActivitySettings, is_show_score: 1, opportunity_repeat_test: 10 },
    });
    const { questionIds } = await buildQuizPacket(t.db, activity.id, [
      { name: 'A', questions: [{ correct: 0 }, { correct: 1 }] },
    ]);
    const [q1, q2] = questionIds[0]!;
    const { member } = await joinProgram(t.app, program.id);
    const url = `/api/member/v1/program/${program.id}/activity/${activity.id}/quiz`;
    const started = await post(member, `${url}/start`, {});
    const attemptId = started.json().data.attempt.id as string;
    const key = randomUUID();
    const body = { answers: { [q1!]: 0, [q2!]: 0 }, idempotency_key: key };

    const first = await sendTogether(4, () => post(member, `${url}/${attemptId}/submit`, body));
    expect(first.message).toBe(memberMessages.quizSubmitted);
    expect(first.data).toMatchObject({ score: 50, attempts_left: 10 });
    const attempts = await t.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.activity_id, activity.id));
    expect(attempts).toHaveLength(1);
    expect(await events(member.id, 'quiz_submitted')).toBe(1);

    // Later, the same key again: the first answer, never 'Pengerjaan ini sudah dikumpulkan'.
    const later = await post(member, `${url}/${attemptId}/submit`, body);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual(first);
    // A new key is a new request: the attempt is closed.
    const fresh = await post(member, `${url}/${attemptId}/submit`, {
      ...body,
      idempotency_key: randomUUID(),
    });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().message).toBe(memberMessages.attemptClosed);
    // The key sent with another request (another attempt's address) is refused.
    const second = (await post(member, `${url}/start`, {})).json().data.attempt.id as string;
    const misuse = await post(member, `${url}/${second}/submit`, body);
    expect(misuse.statusCode).toBe(400);
    expect(misuse.json().validation).toEqual({ idempotency_key: idempotencyMessages.keyUsed });
  });

  it('check-in: the same key at once checks in once, every send answers the first', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const wibDay = (days: number) => dateAtOffset(new Date(Date.now() + days * 86_400_000), 420);
    const meeting = await buildActivity(t.db, topic!, {
      type: 'berdiskusi_daring',
      content: {
        ...defaultActivityContent,
        meeting: {
          link: 'https://meet.contoh.id/abc',
          is_must_participate: 0,
          is_day: '2',
          days: [],
          dates: [0, 1].map((d) => ({
            date: wibDay(d),
            times: [{ start_time: '00:00', end_time: '23:59' }],
          })),
        },
      },
    });
    const { member } = await joinProgram(t.app, program.id);
    const url = `/api/member/v1/program/${program.id}/activity/${meeting.id}/attendance`;
    const key = randomUUID();

    const first = await sendTogether(4, () => post(member, url, { idempotency_key: key }));
    expect(first.data).toMatchObject({ activity_id: meeting.id });
    const rows = await t.db
      .select()
      .from(attendances)
      .where(eq(attendances.activity_id, meeting.id));
    expect(rows).toHaveLength(1);
    expect((await post(member, url, { idempotency_key: key })).json()).toEqual(first);
  });

  it('chat: the same key at once stores one message and answers it to every send', async () => {
    const ctx = await buildChatProgram(t.app);
    const room = (
      await post(ctx.member, '/api/member/v1/chat/get-room-id', { program_id: ctx.program.id })
    ).json().data.room_id as string;
    const url = `/api/member/v1/chat/room/${room}/send-message`;
    const body = { message: 'Terkirim sekali', idempotency_key: randomUUID() };

    const first = await sendTogether(4, () => post(ctx.member, url, body));
    expect(first.data).toMatchObject({ message: 'Terkirim sekali' });
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.room_id, room));
    expect(rows).toHaveLength(1);
  });

  it('pop-up answer: the same key at once keeps one answer and answers the first to all', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const video = await buildActivity(t.db, topic!, { type: 'menonton_video', name: 'Video' });
    const opt = (text: string) => ({ text, image: null, audio: null, answer: null });
    const [mc] = await t.db
      .insert(gameplays)
      .values({
        activity_id: video.id,
        type: 'multiple_choice',
        question: { text: 'Ibu kota?', image: null, audio: null },
        point: 10,
        options: [opt('Bandung'), opt('Jakarta')],
        correct_answers: ['Jakarta'],
      })
      .returning();
    const setting = {
      show_explanation: 1,
      show_answer_explanation: 1,
      skip: 0,
      show_score: 1,
      minimum_score: 0,
      retake: 0,
      is_random: 0,
      time: { enable: 0, duration: 0 },
    };
    const quizzes = [
      {
        id: randomUUID(),
        type: 'multiple_choice',
        instruction: 'Pilih',
        second: 5,
        gameplays: [mc!.id],
      },
    ];
    await t.db
      .update(activities)
      .set({ quiz: { setting, quizzes } })
      .where(eq(activities.id, video.id));
    const { member } = await joinProgram(t.app, program.id);
    const url = `/api/member/v1/program/${program.id}/activity/${video.id}/gameplay/${mc!.id}/answer`;
    const body = { answer: { kind: 'choice', option: 1 }, idempotency_key: randomUUID() };

    const first = await sendTogether(4, () => post(member, url, body));
    expect(first.data).toMatchObject({ correct: true, points: 10, repeated: false });
    const rows = await t.db.select().from(popupAnswers).where(eq(popupAnswers.gameplay_id, mc!.id));
    expect(rows).toHaveLength(1);
    expect(await events(member.id, 'popup_answered')).toBe(1);
    // Another key for the same question: the stored first result, marked repeated.
    const other = await post(member, url, { ...body, idempotency_key: randomUUID() });
    expect(other.json().data).toMatchObject({ repeated: true, answer: { option: 1 } });
  });
});
