import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@ajar/shared/auth/auth.schemas';
import {
  defaultActivityContent,
  defaultActivitySettings,
} from '@ajar/shared/activities/activities-content.schemas';
import { activities, gameplays, topics } from '../../db/schema';
import { buildActivity } from '../../test/factories/activities';
import { multipartBody } from '../../test/factories/media';
import { pdfBytes, pngBytes } from '../../test/factories/media-bytes';
import { joinProgram, registerMember } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import {
  decodeQuotedPrintable,
  nextMailMatching,
  startSmtpSink,
  type SmtpSink,
} from '../../test/factories/smtp-sink';
import { authHeader, buildUser } from '../../test/factories/users';
import { setServerClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { markComplete } from './activity-progress.service';

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

describe('member API for Ajar Belajar', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://ajar.example' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (
    m: { headers: Record<string, string> } | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: m?.headers ?? {}, ...(payload ? { payload } : {}) });

  /** A video with two pop-ups (multiple choice at 5 s, matching at 20 s), then a quiz, then a page. */
  async function course() {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const video = await buildActivity(t.db, topic!, { type: 'menonton_video', name: 'Video' });
    const quiz = await buildActivity(t.db, topic!, { type: 'quiz', name: 'Kuis 1' });
    const page = await buildActivity(t.db, topic!, { type: 'general', name: 'Halaman' });
    const opt = (text: string) => ({ text, image: null, audio: null, answer: null });
    const [mc, match] = await t.db
      .insert(gameplays)
      .values([
        {
          activity_id: video.id,
          type: 'multiple_choice',
          question: { text: 'Ibu kota?', image: null, audio: null },
          point: 10,
          options: [opt('Bandung'), opt('Jakarta')],
          correct_answers: ['Jakarta'],
          explanation: { text: 'Jakarta ibu kota.', image: null, audio: null },
        },
        {
          activity_id: video.id,
          type: 'matching_word',
          point: 30,
          options: [opt('Kucing'), opt('Anjing'), opt('Sapi')],
          matching_options: [opt('Meong'), opt('Guk'), opt('Moo')],
          correct_answers: [],
        },
      ])
      .returning();
    const quizzes = [
      {
        id: randomUUID(),
        type: 'multiple_choice',
        instruction: 'Pilih',
        second: 5,
        gameplays: [mc!.id],
      },
      {
        id: randomUUID(),
        type: 'matching_word',
        instruction: 'Pasangkan',
        second: 20,
        gameplays: [match!.id],
      },
    ];
    await t.db
      .update(activities)
      .set({ quiz: { setting, quizzes } })
      .where(eq(activities.id, video.id));
    return { program, video, quiz, page, mc: mc!, match: match! };
  }

  it('refuses anonymous, staff and foreign callers', async () => {
    const c = await course();
    const { member } = await joinProgram(t.app, c.program.id);
    const stranger = await registerMember(t.app);
    const staff = { headers: await authHeader(t.db, await buildUser(t.db)) };
    const act = `/api/member/v1/program/${c.program.id}/activity/${c.video.id}`;
    const routes: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', `${act}/gameplays`],
      [
        'POST',
        `${act}/gameplay/${c.mc.id}/answer`,
        { answer: { kind: 'choice', option: 1 }, idempotency_key: randomUUID() },
      ],
      ['PUT', `${act}/video-progress`, { position_seconds: 3, duration_seconds: 100 }],
      ['GET', `/api/member/v1/program/${c.program.id}/certificate`],
      ['GET', `/api/member/v1/program/${c.program.id}/certificate/pdf`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      expect((await call(staff, method, url, body)).statusCode).toBe(401);
      expect((await call(stranger, method, url, body)).statusCode).toBe(404);
    }
    for (const [method, url, body] of [
      ['PUT', '/api/member/v1/profile', { fullname: 'A', phone: '6281234567890' }],
      ['PUT', '/api/member/v1/update-password', { old_password: 'x', password: 'Baru12345' }],
      ['POST', '/api/member/v1/profile/photo', undefined],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      expect((await call(staff, method, url, body)).statusCode).toBe(401);
    }
    expect((await call(member, 'GET', `${act}/gameplays`)).statusCode).toBe(200);
  });

  it('gives states, the next activity and the lock of an unfinished quiz; refuses a locked one', async () => {
    const c = await course();
    const { member } = await joinProgram(t.app, c.program.id);
    const detail = (
      await call(member, 'GET', `/api/member/v1/program/detail/${c.program.id}`)
    ).json();
    const acts = detail.data.topics[0].activities;
    expect(acts.map((a: { state: string }) => a.state)).toEqual(['belum', 'belum', 'terkunci']);
    expect(acts[2].lock_reason).toBe('Selesaikan aktivitas "Kuis 1" terlebih dahulu');
    expect(acts[2].locked_by).toBe(acts[1].id);
    expect(acts[0].locked_by).toBeNull();
    expect(detail.data.next_activity).toMatchObject({ id: c.video.id, title: 'Video' });
    const locked = await call(
      member,
      'POST',
      `/api/member/v1/program/${c.program.id}/activity/${c.page.id}/complete`,
    );
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('Selesaikan aktivitas "Kuis 1" terlebih dahulu');
    expect(
      (await call(member, 'GET', `/api/member/v1/program/${c.program.id}/activity/${c.page.id}`))
        .statusCode,
    ).toBe(403);
    const list = (await call(member, 'GET', '/api/member/v1/program/list')).json();
    expect(list.data.list[0]).toMatchObject({ progress: 0, next_activity: { id: c.video.id } });
  });

  it('refuses opening exactly the activities the program shows locked, in topic order', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [later, first] = await buildTopics(t.db, program.id, 2);
    // The second topic created comes first in the program.
    await t.db.update(topics).set({ seq: 3 }).where(eq(topics.id, later!.id));
    await buildActivity(t.db, first!, {
      type: 'quiz',
      name: 'Kuis Boleh Lewat',
      settings: { ...defaultActivitySettings, is_skip: 1 },
    });
    await buildActivity(t.db, first!, { type: 'general', name: 'Halaman A' });
    const required = await buildActivity(t.db, later!, { type: 'quiz', name: 'Kuis Wajib' });
    await buildActivity(t.db, later!, { type: 'general', name: 'Halaman B' });
    const { member, redeem } = await joinProgram(t.app, program.id);

    const expectLocksAsShown = async (expected: string[]) => {
      const detail = (
        await call(member, 'GET', `/api/member/v1/program/detail/${program.id}`)
      ).json();
      const shown = detail.data.topics.flatMap(
        (topic: { activities: { id: string; state: string; lock_reason: string | null }[] }) =>
          topic.activities,
      );
      expect(shown.map((a: { state: string }) => a.state)).toEqual(expected);
      for (const a of shown) {
        const opened = await call(
          member,
          'GET',
          `/api/member/v1/program/${program.id}/activity/${a.id}`,
        );
        expect(opened.statusCode).toBe(a.state === 'terkunci' ? 403 : 200);
        if (a.state === 'terkunci') expect(opened.json().message).toBe(a.lock_reason);
      }
    };
    await expectLocksAsShown(['belum', 'belum', 'belum', 'terkunci']);
    await markComplete(t.db, redeem.id, required);
    await expectLocksAsShown(['belum', 'belum', 'selesai', 'belum']);
  });

  it('locks a scheduled activity until its time, naming it in WIB', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const content = {
      ...defaultActivityContent,
      meta_data: [
        { title: 'is_scheduled', content: '1' },
        {
          title: 'schedules_data',
          content: JSON.stringify({
            is_day: '2',
            days: [],
            dates: [{ date: '2099-11-26', times: [{ start_time: '13:00', end_time: '15:00' }] }],
          }),
        },
      ],
    };
    const video = await buildActivity(t.db, topic!, { type: 'menonton_video', content });
    const { member } = await joinProgram(t.app, program.id);
    const detail = (
      await call(member, 'GET', `/api/member/v1/program/detail/${program.id}`)
    ).json();
    expect(detail.data.topics[0].activities[0]).toMatchObject({
      state: 'terkunci',
      lock_reason: 'Dibuka pada 26 Nov 2099 13:00 WIB',
    });
    expect(detail.data.next_activity).toBeNull();
    const res = await call(
      member,
      'PUT',
      `/api/member/v1/program/${program.id}/activity/${video.id}/video-progress`,
      { position_seconds: 1, duration_seconds: 10 },
    );
    expect(res.statusCode).toBe(403);
  });

  it('serves pop-ups without keys, scores answers once, refuses a missing index', async () => {
    const c = await course();
    const { member, redeem } = await joinProgram(t.app, c.program.id);
    const staff = { headers: await authHeader(t.db, await buildUser(t.db)) };
    /** The scores list of Kelola Nilai (the staff's participant detail). */
    const staffScores = async () =>
      (await call(staff, 'GET', `/api/program/v1/trainer/member-redeem/detail/${redeem.id}`)).json()
        .data.results.scores.list;
    const act = `/api/member/v1/program/${c.program.id}/activity/${c.video.id}`;
    const served = (await call(member, 'GET', `${act}/gameplays`)).json().data;
    expect(JSON.stringify(served)).not.toContain('correct_answers');
    expect(JSON.stringify(served)).not.toContain('Jakarta ibu kota');
    expect(served.quizzes.map((q: { second: number }) => q.second)).toEqual([5, 20]);
    const bad = await call(member, 'POST', `${act}/gameplay/${c.mc.id}/answer`, {
      answer: { kind: 'choice', option: 7 },
      idempotency_key: randomUUID(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation).toEqual({ answer: 'Pilihan nomor 8 tidak ada pada soal ini' });
    const key = randomUUID();
    const first = await call(member, 'POST', `${act}/gameplay/${c.mc.id}/answer`, {
      answer: { kind: 'choice', option: 1 },
      idempotency_key: key,
    });
    expect(first.json().data).toMatchObject({
      correct: true,
      points: 10,
      repeated: false,
      correct_answer: { kind: 'choice', options: [1] },
      explanation: { text: 'Jakarta ibu kota.' },
    });
    const again = await call(member, 'POST', `${act}/gameplay/${c.mc.id}/answer`, {
      answer: { kind: 'choice', option: 1 },
      idempotency_key: key,
    });
    // The same key again: the first answer itself (one idempotency mechanism).
    expect(again.json()).toEqual(first.json());
    // Staff see the video's pop-up points at once: 10 of its 40, counted once despite the resend.
    expect(await staffScores()).toEqual([
      {
        activity_id: c.video.id,
        topic_id: c.video.topic_id,
        name: 'Video',
        type: 'menonton_video',
        score: 25,
        passed: null,
        attempts: 1,
        points: 10,
        max_points: 40,
      },
    ]);
    const other = await call(member, 'POST', `${act}/gameplay/${c.mc.id}/answer`, {
      answer: { kind: 'choice', option: 0 },
      idempotency_key: randomUUID(),
    });
    expect(other.json().data).toMatchObject({
      correct: true,
      repeated: true,
      answer: { option: 1 },
    });
    // Matching: the right side comes shuffled; pairing by the served texts is right.
    const matching = served.quizzes[1].gameplays[0];
    const want: Record<string, string> = { Kucing: 'Meong', Anjing: 'Guk', Sapi: 'Moo' };
    const pairs: Record<string, number> = {};
    matching.options.forEach((o: { text: string }, i: number) => {
      pairs[String(i)] = matching.matching_options.findIndex(
        (r: { text: string }) => r.text === want[o.text],
      );
    });
    const m = await call(member, 'POST', `${act}/gameplay/${c.match.id}/answer`, {
      answer: { kind: 'pairs', pairs },
      idempotency_key: randomUUID(),
    });
    expect(m.json().data).toMatchObject({ correct: true, points: 30 });
    const detail = (await call(member, 'GET', act)).json().data;
    expect(detail).toMatchObject({ score: 100, state: 'sedang' });
    expect(await staffScores()).toMatchObject([{ score: 100, points: 40, max_points: 40 }]);
  });

  it('keeps the video position and the furthest point for resuming; seconds watched in real time complete it', async () => {
    const c = await course();
    // No pop-ups here: this test is about the position (completion.routes.test.ts: the rules).
    await t.db.update(activities).set({ quiz: null }).where(eq(activities.id, c.video.id));
    const { member } = await joinProgram(t.app, c.program.id);
    const url = `/api/member/v1/program/${c.program.id}/activity/${c.video.id}`;
    let now = Date.now();
    setServerClock(() => new Date(now));
    try {
      const report = async (position: number, afterSeconds: number) => {
        now += afterSeconds * 1000;
        return (
          await call(member, 'PUT', `${url}/video-progress`, {
            position_seconds: position,
            duration_seconds: 100,
          })
        ).json().data;
      };
      await report(0, 0);
      for (const at of [20, 40, 60]) await report(at, 20);
      const back = await report(10, 5);
      expect(back).toMatchObject({
        video_position: 10,
        video_max_position: 60,
        watched_percent: 60,
        activity: { is_complete: false, state: 'sedang' },
      });
      expect((await call(member, 'GET', url)).json().data).toMatchObject({
        video_position: 10,
        state: 'sedang',
      });
      // Back to where it was (a seek adds nothing), then on to 95 %.
      await report(60, 1);
      await report(80, 20);
      const end = await report(95, 15);
      expect(end).toMatchObject({ watched_percent: 95, required_percent: 90 });
      expect(end.activity).toMatchObject({ is_complete: true, state: 'selesai' });
      expect(end.progress).toBe(33);
    } finally {
      setServerClock(null);
    }
  });

  it('answers the certificate once the program is complete, and its PDF', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const page = await buildActivity(t.db, topic!, {
      type: 'general',
      content: { ...defaultActivityContent, description: '<p>Materi</p>' },
    });
    const { member } = await joinProgram(t.app, program.id);
    const url = `/api/member/v1/program/${program.id}/certificate`;
    const early = await call(member, 'GET', url);
    expect(early.json()).toMatchObject({
      status: 400,
      message: 'Sertifikat tersedia setelah program selesai',
    });
    // Served (opened), then completed (completion.routes.test.ts: reading rules).
    await call(member, 'GET', `/api/member/v1/program/${program.id}/activity/${page.id}`);
    await call(member, 'POST', `/api/member/v1/program/${program.id}/activity/${page.id}/complete`);
    const cert = (await call(member, 'GET', url)).json().data;
    expect(cert.verify_url).toBe(`https://ajar.example/verifikasi/${cert.number}`);
    const pdf = await call(member, 'GET', cert.download_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-certificate-number']).toBe(cert.number);
  });

  it('answers a resent check-in key with the first check-in, without checking in twice', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const now = new Date(Date.now() + 7 * 3600_000);
    const date = now.toISOString().slice(0, 10);
    const content = {
      ...defaultActivityContent,
      meeting: {
        link: '',
        is_must_participate: 0,
        is_day: '2',
        days: [],
        dates: [{ date, times: [{ start_time: '00:00', end_time: '23:59' }] }],
      },
    };
    const meeting = await buildActivity(t.db, topic!, { type: 'berdiskusi_daring', content });
    const { member } = await joinProgram(t.app, program.id);
    const url = `/api/member/v1/program/${program.id}/activity/${meeting.id}/attendance`;
    const key = randomUUID();
    const first = await call(member, 'POST', url, { idempotency_key: key });
    expect(first.statusCode).toBe(200);
    const again = await call(member, 'POST', url, { idempotency_key: key });
    expect(again.json().data).toEqual(first.json().data);
    const noKey = await call(member, 'POST', url, {});
    expect(noKey.statusCode).toBe(400);
  });

  it('updates profile and photo (by content), changes the password', async () => {
    const member = await registerMember(t.app);
    const profile = await call(member, 'PUT', '/api/member/v1/profile', {
      fullname: 'Nama Baru',
      phone: '6281299990000',
      education_level: 'sma',
    });
    expect(profile.json().data).toMatchObject({
      fullname: 'Nama Baru',
      phone: '6281299990000',
      education_level: 'sma',
    });
    // Left out, the stored level stays; empty clears it.
    const kept = await call(member, 'PUT', '/api/member/v1/profile', {
      fullname: 'Nama Baru',
      phone: '6281299990000',
    });
    expect(kept.json().data.education_level).toBe('sma');
    const cleared = await call(member, 'PUT', '/api/member/v1/profile', {
      fullname: 'Nama Baru',
      phone: '6281299990000',
      education_level: '',
    });
    expect(cleared.json().data.education_level).toBeNull();
    const upload = (name: string, data: Buffer) => {
      const body = multipartBody([{ name: 'file', filename: name, data }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/member/v1/profile/photo',
        headers: { ...member.headers, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await upload('foto.png', pdfBytes())).statusCode).toBe(415);
    const ok = await upload('foto.pdf', pngBytes());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.photo_url).toMatch(/\/media\/.+\.png$/);
    expect((await call(member, 'GET', '/api/member/v1/me')).json().data.photo_url).toBe(
      ok.json().data.photo_url,
    );
    const common = await call(member, 'PUT', '/api/member/v1/update-password', {
      old_password: member.password,
      password: 'qwerty123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().validation).toEqual({ password: authMessages.commonPassword });
    expect(common.json().validation.password).toMatch(/terlalu umum/);
    const wrong = await call(member, 'PUT', '/api/member/v1/update-password', {
      old_password: 'salah',
      password: 'Baru12345',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().validation).toEqual({ old_password: 'Password lama salah' });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/login',
      payload: { email: member.email, password: member.password },
    });
    const otherHeaders = { authorization: `Bearer ${other.json().data.token}` };
    const changed = await call(member, 'PUT', '/api/member/v1/update-password', {
      old_password: member.password,
      password: 'Baru12345',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/member/v1/me')).statusCode).toBe(200);
    expect((await call({ headers: otherHeaders }, 'GET', '/api/member/v1/me')).statusCode).toBe(
      401,
    );
  });

  it('resets a forgotten password through the mailed link', async () => {
    const member = await registerMember(t.app, { fullname: 'Sari Dewi' });
    const unknown = await call(null, 'POST', '/api/member/v1/forgot-password', {
      email: 'tidak-ada@ajar.test',
    });
    const known = await call(null, 'POST', '/api/member/v1/forgot-password', {
      email: member.email,
    });
    expect(known.json()).toEqual(unknown.json());
    const raw = decodeQuotedPrintable((await nextMailMatching(smtp, /reset-password/)).raw);
    const token = /https:\/\/ajar\.example\/belajar\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      raw,
    )?.[1];
    expect(token).toBeDefined();
    const common = await call(null, 'POST', '/api/member/v1/reset-password', {
      token,
      password: 'Password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().validation).toEqual({ password: authMessages.commonPassword });
    expect(common.json().validation.password).toMatch(/terlalu umum/);
    // The refusal does not use the link up: the same link still sets a good password.
    const reset = await call(null, 'POST', '/api/member/v1/reset-password', {
      token,
      password: 'Baru12345',
    });
    expect(reset.statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/member/v1/me')).statusCode).toBe(401);
    expect(
      (await call(null, 'POST', '/api/member/v1/reset-password', { token, password: 'Baru12345' }))
        .statusCode,
    ).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/member/v1/login',
      payload: { email: member.email, password: 'Baru12345' },
    });
    expect(login.statusCode).toBe(200);
  });
});
