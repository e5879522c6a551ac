import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultActivityContent,
  defaultActivitySettings,
} from '@ajar/shared/activities/activities-content.schemas';
import { activities, activityProgress, gameplays, learningEvents } from '../../db/schema';
import { setServerClock } from '../../lib/clock';
import { buildActivity } from '../../test/factories/activities';
import { multipartBody } from '../../test/factories/media';
import { pdfBytes } from '../../test/factories/media-bytes';
import {
  buildQuizPacket,
  joinProgram,
  registerMember,
  type TestMember,
} from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { createTestApp, type TestApp } from '../../test/test-app';

// The catalogue of docs/decisions.md ('Completion is earned: the catalogue'): each way to claim
// completion without the work, refused. Cases of quizzes, uploads and check-ins that other files
// already prove are named there with their test.

describe('completion is earned (catalogue)', () => {
  let t: TestApp;
  let now = Date.now();
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => setServerClock(null));

  /** Server time under the test's control: `later(s)` moves it s seconds on. */
  function useClock() {
    now = Date.now();
    setServerClock(() => new Date(now));
    return (seconds: number) => {
      now += seconds * 1000;
    };
  }

  const call = (
    m: TestMember | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: m?.headers ?? {}, ...(payload ? { payload } : {}) });

  const page = (description: string, link = '') => ({
    ...defaultActivityContent,
    description,
    link_embed: { is_showing: link ? 1 : 0, url: link },
  });
  const pdfFile = { id: randomUUID(), url: '/media/dokumen/materi.pdf', name: 'materi.pdf' };

  /** One program, one topic, the given activities in order. */
  async function programWith(
    specs: Parameters<typeof buildActivity>[2][],
  ): Promise<{ programId: string; ids: string[]; url: (i: number) => string }> {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const ids: string[] = [];
    for (const spec of specs) ids.push((await buildActivity(t.db, topic!, spec)).id);
    return {
      programId: program.id,
      ids,
      url: (i) => `/api/member/v1/program/${program.id}/activity/${ids[i]}`,
    };
  }

  /** A video of 100 s with one pop-up question at 30 s (untimed unless `time`). */
  async function videoWithPopup(time: number | null = null) {
    const p = await programWith([
      {
        type: 'menonton_video',
        content: { ...defaultActivityContent, file: { id: randomUUID(), url: '/media/v.mp4' } },
      },
    ]);
    const opt = (text: string) => ({ text, image: null, audio: null, answer: null });
    const [g] = await t.db
      .insert(gameplays)
      .values({
        activity_id: p.ids[0]!,
        type: 'multiple_choice',
        question: { text: 'Ibu kota?', image: null, audio: null },
        point: 10,
        time,
        options: [opt('Bandung'), opt('Jakarta')],
        correct_answers: ['Jakarta'],
      })
      .returning();
    const setting = {
      show_explanation: 0,
      show_answer_explanation: 0,
      skip: 0,
      show_score: 0,
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
        second: 30,
        gameplays: [g!.id],
      },
    ];
    await t.db
      .update(activities)
      .set({ quiz: { setting, quizzes } })
      .where(eq(activities.id, p.ids[0]!));
    return { ...p, gameplayId: g!.id };
  }

  const report = (m: TestMember, url: string, position: number, duration = 100) =>
    call(m, 'PUT', `${url}/video-progress`, {
      position_seconds: position,
      duration_seconds: duration,
    });

  /** Plays from `from` to `to` at 1×, reporting every 10 s of server time. */
  async function watch(
    m: TestMember,
    url: string,
    later: (s: number) => void,
    from: number,
    to: number,
  ) {
    let last = (await report(m, url, from)).json().data;
    for (let at = from + 10; at <= to; at += 10) {
      later(10);
      last = (await report(m, url, at)).json().data;
    }
    return last as {
      watched_percent: number;
      popups_left: number;
      activity: { is_complete: boolean };
    };
  }

  const events = async (memberId: string, activityId: string) =>
    t.db
      .select({ kind: learningEvents.kind, data: learningEvents.data })
      .from(learningEvents)
      .where(
        and(eq(learningEvents.member_id, memberId), eq(learningEvents.activity_id, activityId)),
      )
      .orderBy(asc(learningEvents.created_at));

  it('1. the old complete call on a video (uploaded or YouTube) is refused', async () => {
    const p = await programWith([{ type: 'menonton_video' }, { type: 'embed_youtube' }]);
    const { member } = await joinProgram(t.app, p.programId);
    for (const i of [0, 1]) {
      const res = await call(member, 'POST', `${p.url(i)}/complete`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Video selesai otomatis setelah ditonton sampai batas yang ditentukan dan semua kuis pop-up dijawab',
      );
    }
    const detail = (await call(member, 'GET', p.url(0))).json().data;
    expect(detail.is_complete).toBe(false);
  });

  it('2. progress that jumps to the end adds nothing', async () => {
    const p = await programWith([{ type: 'embed_youtube' }]);
    const { member } = await joinProgram(t.app, p.programId);
    const later = useClock();
    await report(member, p.url(0), 0);
    later(2);
    const end = (await report(member, p.url(0), 99)).json().data;
    expect(end).toMatchObject({ video_position: 99, watched_percent: 0 });
    expect(end.activity.is_complete).toBe(false);
    // Nor after a long pause: an hour later, a jump back to the start and on to the end.
    later(3600);
    await report(member, p.url(0), 0);
    later(3600);
    expect((await report(member, p.url(0), 99)).json().data.watched_percent).toBe(0);
    // From there on, only what is played counts: 99 → 100 is 1 %.
    later(1);
    expect((await report(member, p.url(0), 100)).json().data.watched_percent).toBe(1);
  });

  it('3. progress faster than real time adds nothing; real time (and up to 2×) counts', async () => {
    const p = await programWith([{ type: 'embed_youtube' }]);
    const { member, redeem } = await joinProgram(t.app, p.programId);
    const later = useClock();
    await report(member, p.url(0), 0);
    // 30 s of video every 10 s of server time (3×), to the end.
    for (let at = 30; at <= 99; at += 30) {
      later(10);
      await report(member, p.url(0), at);
    }
    const fast = (await call(member, 'GET', p.url(0))).json().data;
    expect(fast.requirement).toMatchObject({ watched_percent: 0, required_percent: 90 });
    expect(fast.is_complete).toBe(false);
    // Watched at 2× from the start: every second counts and 90 % completes.
    await report(member, p.url(0), 0);
    for (let at = 20; at <= 80; at += 20) {
      later(10);
      await report(member, p.url(0), at);
    }
    later(5);
    const done = (await report(member, p.url(0), 90)).json().data;
    expect(done).toMatchObject({ watched_percent: 90, activity: { is_complete: true } });
    const kinds = (await events(member.id, p.ids[0]!)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'video_watched')).toHaveLength(5);
    expect(kinds.filter((k) => k === 'activity_completed')).toHaveLength(1);
    const [row] = await t.db
      .select({ watched: activityProgress.video_watched })
      .from(activityProgress)
      .where(eq(activityProgress.member_redeem_id, redeem.id));
    expect(row!.watched).toEqual([[0, 90]]);
  });

  it('3b. a report that waited on the way, followed by one on time, loses no watching', async () => {
    const p = await programWith([{ type: 'embed_youtube' }]);
    const { member } = await joinProgram(t.app, p.programId);
    const later = useClock();
    await report(member, p.url(0), 0);
    // Played at 1×: the report from second 10 reaches the server 8 s late, the one from 20 on time.
    later(18);
    await report(member, p.url(0), 10);
    later(2);
    expect((await report(member, p.url(0), 20)).json().data.watched_percent).toBe(20);
    // Still bounded: from there, 30 s of video a second later is held, not counted.
    later(1);
    expect((await report(member, p.url(0), 50)).json().data.watched_percent).toBe(20);
  });

  it("4. a later, shorter length does not move the video's end; the author's share applies", async () => {
    const p = await programWith([
      {
        type: 'embed_youtube',
        settings: { ...defaultActivitySettings, video_completion_percent: 50 },
      },
    ]);
    const { member } = await joinProgram(t.app, p.programId);
    const later = useClock();
    await report(member, p.url(0), 0, 100);
    later(10);
    const short = (await report(member, p.url(0), 10, 10)).json().data;
    expect(short).toMatchObject({ video_duration: 100, watched_percent: 10, required_percent: 50 });
    expect(short.activity.is_complete).toBe(false);
    const half = await watch(member, p.url(0), later, 10, 50);
    expect(half).toMatchObject({ watched_percent: 50, activity: { is_complete: true } });
  });

  it('5. a video watched through with a pop-up unanswered is not complete until it is answered', async () => {
    const v = await videoWithPopup();
    const { member } = await joinProgram(t.app, v.programId);
    const later = useClock();
    const end = await watch(member, v.url(0), later, 0, 100);
    expect(end).toMatchObject({ watched_percent: 100, popups_left: 1 });
    expect(end.activity.is_complete).toBe(false);
    const answer = await call(member, 'POST', `${v.url(0)}/gameplay/${v.gameplayId}/answer`, {
      answer: { kind: 'choice', option: 1 },
      idempotency_key: randomUUID(),
    });
    expect(answer.statusCode).toBe(200);
    // The player reports again after an answer: the rule is met now.
    const after = (await report(member, v.url(0), 100)).json().data;
    expect(after).toMatchObject({ popups_left: 0, activity: { is_complete: true } });
  });

  it('6. a timed pop-up that ran out while watching counts; one never reached does not', async () => {
    const v = await videoWithPopup(20);
    const { member } = await joinProgram(t.app, v.programId);
    const later = useClock();
    // A jump over the pop-up's second (0 → 95) does not pass it.
    await report(member, v.url(0), 0);
    later(1);
    await report(member, v.url(0), 95);
    const detail = (await call(member, 'GET', v.url(0))).json().data;
    expect(detail.requirement.popups_left).toBe(1);
    const end = await watch(member, v.url(0), later, 0, 100);
    expect(end).toMatchObject({ popups_left: 0, activity: { is_complete: true } });
  });

  it('7. a PDF activity never opened, or opened too briefly, is refused; opened long enough completes', async () => {
    const p = await programWith([
      {
        type: 'membaca-e-book',
        content: { ...defaultActivityContent, file: pdfFile },
        settings: { ...defaultActivitySettings, estimated_duration: 10 },
      },
    ]);
    const { member } = await joinProgram(t.app, p.programId);
    const later = useClock();
    const detail = (await call(member, 'GET', p.url(0))).json().data;
    expect(detail.requirement).toMatchObject({
      route: 'file',
      content_missing: false,
      opened_at: null,
      required_seconds: 180,
    });
    const never = await call(member, 'POST', `${p.url(0)}/complete`);
    expect(never.statusCode).toBe(400);
    expect(never.json().message).toBe('Buka dokumen terlebih dahulu sebelum menandai selesai');

    const open = await t.app.inject({ method: 'GET', url: detail.requirement.file_url });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe(pdfFile.url);
    later(60);
    const brief = await call(member, 'POST', `${p.url(0)}/complete`);
    expect(brief.statusCode).toBe(400);
    expect(brief.json().message).toBe(
      'Pelajari materi ini lebih lama: tanda selesai dapat digunakan 2 menit lagi',
    );
    later(121);
    const done = await call(member, 'POST', `${p.url(0)}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.activity.is_complete).toBe(true);
    // Opening the activity's page is recorded too (records.service.ts).
    expect((await events(member.id, p.ids[0]!)).map((e) => e.kind)).toEqual([
      'activity_opened',
      'content_opened',
      'activity_completed',
    ]);
  });

  it('8. a PDF activity with no file cannot be completed, nor its file opened', async () => {
    const p = await programWith([{ type: 'membaca-e-book' }]);
    const { member } = await joinProgram(t.app, p.programId);
    const detail = (await call(member, 'GET', p.url(0))).json().data;
    expect(detail.requirement).toMatchObject({ content_missing: true, file_url: null });
    const res = await call(member, 'POST', `${p.url(0)}/complete`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Materi aktivitas ini belum tersedia, sehingga belum dapat diselesaikan',
    );
  });

  it('9. a Google Form whose link was never followed is refused; followed through the server it completes', async () => {
    const form = 'https://docs.google.com/forms/d/e/contoh/viewform';
    const p = await programWith([{ type: 'evaluasi', content: page('<p>Isi survei</p>', form) }]);
    const { member } = await joinProgram(t.app, p.programId);
    const res = await call(member, 'POST', `${p.url(0)}/complete`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Buka tautan terlebih dahulu sebelum menandai selesai');
    const link = (await call(member, 'GET', p.url(0))).json().data.requirement.link_url;
    const followed = await t.app.inject({ method: 'GET', url: link });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(form);
    expect((await call(member, 'POST', `${p.url(0)}/complete`)).statusCode).toBe(200);
  });

  it('10. a page completes only once served to the member (and its link followed); an empty page never', async () => {
    const p = await programWith([
      { type: 'general', content: page('<p>Bacaan</p>') },
      { type: 'general', content: page('<p>Bacaan</p>', 'https://contoh.id/bacaan') },
      { type: 'general' },
    ]);
    const { member } = await joinProgram(t.app, p.programId);
    const unread = await call(member, 'POST', `${p.url(0)}/complete`);
    expect(unread.json().message).toBe(
      'Buka halaman aktivitas terlebih dahulu sebelum menandai selesai',
    );
    await call(member, 'GET', p.url(0));
    expect((await call(member, 'POST', `${p.url(0)}/complete`)).statusCode).toBe(200);

    await call(member, 'GET', p.url(1));
    const noLink = await call(member, 'POST', `${p.url(1)}/complete`);
    expect(noLink.json().message).toBe('Buka tautan terlebih dahulu sebelum menandai selesai');

    await call(member, 'GET', p.url(2));
    const empty = await call(member, 'POST', `${p.url(2)}/complete`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'Materi aktivitas ini belum tersedia, sehingga belum dapat diselesaikan',
    );
  });

  it("11. an opening link forged, expired or taken to another member's name is refused (404)", async () => {
    const p = await programWith([
      { type: 'evaluasi', content: page('', 'https://docs.google.com/forms/d/x') },
    ]);
    const { member } = await joinProgram(t.app, p.programId);
    const { member: other } = await joinProgram(t.app, p.programId);
    const later = useClock();
    const link = new URL(
      (await call(member, 'GET', p.url(0))).json().data.requirement.link_url,
      'http://x',
    );
    const forged = new URL(link);
    forged.searchParams.set('sig', 'A'.repeat(43));
    const renamed = new URL(link);
    renamed.searchParams.set('member', other.id);
    for (const u of [forged, renamed]) {
      const res = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
      expect(res.statusCode).toBe(404);
    }
    later(13 * 3600);
    const expired = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(
      'Tautan materi tidak berlaku lagi. Buka kembali aktivitas di aplikasi',
    );
    expect((await call(other, 'POST', `${p.url(0)}/complete`)).statusCode).toBe(400);
  });

  it("12. a program not redeemed, or another program's activity, is not found (404)", async () => {
    const p = await programWith([
      { type: 'general', content: page('<p>Bacaan</p>') },
      { type: 'embed_youtube' },
    ]);
    const q = await programWith([{ type: 'general', content: page('<p>Lain</p>') }]);
    const { member } = await joinProgram(t.app, q.programId);
    const stranger = await registerMember(t.app);
    for (const m of [member, stranger]) {
      expect((await call(m, 'GET', p.url(0))).statusCode).toBe(404);
      expect((await call(m, 'POST', `${p.url(0)}/complete`)).statusCode).toBe(404);
      expect((await report(m, p.url(1), 10)).statusCode).toBe(404);
    }
    // My program's path with an activity of a program I have not redeemed.
    const mixed = `/api/member/v1/program/${q.programId}/activity/${p.ids[0]}/complete`;
    expect((await call(member, 'POST', mixed)).statusCode).toBe(404);
  });

  it('13. a locked activity (an earlier quiz unfinished) cannot be opened, watched or completed (403)', async () => {
    const p = await programWith([
      { type: 'quiz' },
      { type: 'general', content: page('<p>Bacaan</p>') },
      { type: 'embed_youtube' },
    ]);
    const { member } = await joinProgram(t.app, p.programId);
    for (const res of [
      await call(member, 'GET', p.url(1)),
      await call(member, 'POST', `${p.url(1)}/complete`),
      await report(member, p.url(2), 10),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/^Selesaikan aktivitas ".+" terlebih dahulu$/);
    }
  });

  it('14. the complete call on a meeting, a quiz or practice work is refused', async () => {
    const p = await programWith([
      { type: 'berdiskusi_daring' },
      { type: 'quiz', settings: { ...defaultActivitySettings, is_skip: 1 } },
      { type: 'praktek_mandiri' },
    ]);
    const { member } = await joinProgram(t.app, p.programId);
    const messages = [
      'Aktivitas ini selesai dengan presensi',
      'Aktivitas ini selesai dengan mengerjakan soal',
      'Aktivitas ini selesai dengan mengunggah tugas',
    ];
    for (const [i, message] of messages.entries()) {
      const res = await call(member, 'POST', `${p.url(i)}/complete`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("15. another member's quiz attempt cannot be submitted (404)", async () => {
    const p = await programWith([
      { type: 'quiz', settings: { ...defaultActivitySettings, opportunity_repeat_test: -1 } },
    ]);
    await buildQuizPacket(t.db, p.ids[0]!, [{ name: 'A', questions: [{ correct: 0 }] }]);
    const { member } = await joinProgram(t.app, p.programId);
    const { member: other } = await joinProgram(t.app, p.programId);
    const started = (await call(member, 'POST', `${p.url(0)}/quiz/start`)).json().data;
    const theirs = await call(other, 'POST', `${p.url(0)}/quiz/${started.attempt.id}/submit`, {
      answers: {},
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await call(member, 'POST', `${p.url(0)}/quiz/${started.attempt.id}/submit`, {
      answers: {},
    });
    expect(mine.statusCode).toBe(200);
  });

  it("16. an upload lands on the uploader's own work only; another member's stays incomplete", async () => {
    const p = await programWith([{ type: 'praktek_mandiri' }]);
    const { member } = await joinProgram(t.app, p.programId);
    const { member: other } = await joinProgram(t.app, p.programId);
    const body = multipartBody([{ name: 'file', filename: 'tugas.pdf', data: pdfBytes() }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `${p.url(0)}/upload`,
      headers: { ...member.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const theirs = (await call(other, 'GET', p.url(0))).json().data;
    expect(theirs).toMatchObject({ is_complete: false, upload: null });
    // A stranger cannot upload into the program at all.
    const stranger = await registerMember(t.app);
    const again = multipartBody([{ name: 'file', filename: 'tugas.pdf', data: pdfBytes() }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${p.url(0)}/upload`,
      headers: { ...stranger.headers, ...again.headers },
      payload: again.payload,
    });
    expect(refused.statusCode).toBe(404);
  });
});
