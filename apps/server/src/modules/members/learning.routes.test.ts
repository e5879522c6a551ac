import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivityContent } from '@ajar/shared/activities/activities-content.schemas';
import { activities, activityProgress, memberRedeems, topics } from '../../db/schema';
import { buildActivity } from '../../test/factories/activities';
import { multipartBody } from '../../test/factories/media';
import { pdfBytes, pngBytes } from '../../test/factories/media-bytes';
import { joinProgram, registerMember, type TestMember } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('member learning API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A published program: topic 1 with video + e-book + practice, topic 2 with a quiz; plus drafts. */
  async function course() {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [t1, t2, t3] = await buildTopics(t.db, program.id, 3);
    await t.db.update(topics).set({ status: 'draft' }).where(eq(topics.id, t3!.id));
    const video = await buildActivity(t.db, t1!, { type: 'menonton_video', name: 'Video 1' });
    const ebook = await buildActivity(t.db, t1!, { type: 'membaca-e-book', name: 'E-book' });
    const practice = await buildActivity(t.db, t1!, { type: 'praktek_mandiri', name: 'Praktek' });
    const quiz = await buildActivity(t.db, t2!, { type: 'quiz', name: 'Kuis' });
    const draft = await buildActivity(t.db, t2!, { type: 'general', name: 'Draf' });
    await t.db.update(activities).set({ status: 'draft' }).where(eq(activities.id, draft.id));
    const hidden = await buildActivity(t.db, t3!, { type: 'general', name: 'Topik draf' });
    return { program, video, ebook, practice, quiz, draft, hidden };
  }

  const detail = (m: TestMember, programId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/detail/${programId}`,
      headers: m.headers,
    });
  const complete = (m: TestMember, programId: string, activityId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/member/v1/program/${programId}/activity/${activityId}/complete`,
      headers: m.headers,
    });
  const upload = (
    m: TestMember,
    programId: string,
    activityId: string,
    parts: Parameters<typeof multipartBody>[0],
  ) => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/member/v1/program/${programId}/activity/${activityId}/upload`,
      headers: { ...m.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('shows published topics and activities only, with is_complete', async () => {
    const c = await course();
    const { member } = await joinProgram(t.app, c.program.id);
    const res = await detail(member, c.program.id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.topics.map((x: { name: string }) => x.name)).toEqual(['Topik 1', 'Topik 2']);
    expect(data.topics[0].activities.map((a: { name: string }) => a.name)).toEqual([
      'Video 1',
      'E-book',
      'Praktek',
    ]);
    expect(data.topics[1].activities.map((a: { name: string }) => a.name)).toEqual(['Kuis']);
    expect(data.topics[0].activities[0]).toMatchObject({
      is_complete: false,
      completion: 'manual',
      upload: null,
      feedback: null,
    });
    expect(data.topics[0].activities[2].completion).toBe('upload');
    expect(data.topics[1].activities[0].completion).toBe('quiz');
  });

  it("answers 404 for a program the member has not redeemed, and for another program's activity", async () => {
    const c = await course();
    const other = await course();
    const { member } = await joinProgram(t.app, c.program.id);
    expect((await detail(member, other.program.id)).statusCode).toBe(404);
    expect((await complete(member, other.program.id, other.video.id)).statusCode).toBe(404);
    // An activity of another program through my program's path.
    expect((await complete(member, c.program.id, other.video.id)).statusCode).toBe(404);
    // Drafts are not reachable.
    expect((await complete(member, c.program.id, c.draft.id)).statusCode).toBe(404);
    expect((await complete(member, c.program.id, c.hidden.id)).statusCode).toBe(404);
    const stranger = await registerMember(t.app);
    expect((await detail(stranger, c.program.id)).statusCode).toBe(404);
  });

  it('completes activities, computes progress in percent and sets start and end dates', async () => {
    const c = await course();
    const { member, redeem } = await joinProgram(t.app, c.program.id);
    // A video completes by watching and an e-book needs its PDF (completion.routes.test.ts):
    // here both are pages with text, served to the member once.
    expect((await complete(member, c.program.id, c.video.id)).statusCode).toBe(400);
    const page = { ...defaultActivityContent, description: '<p>Materi</p>' };
    for (const id of [c.video.id, c.ebook.id]) {
      await t.db
        .update(activities)
        .set({ type: 'general', content: page })
        .where(eq(activities.id, id));
      await t.app.inject({
        method: 'GET',
        url: `/api/member/v1/program/${c.program.id}/activity/${id}`,
        headers: member.headers,
      });
    }
    const first = await complete(member, c.program.id, c.video.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Aktivitas selesai',
      data: { progress: 25, end_test_at: null, activity: { id: c.video.id, is_complete: true } },
    });
    // Twice changes nothing.
    expect((await complete(member, c.program.id, c.video.id)).json().data.progress).toBe(25);
    const [row] = await t.db.select().from(memberRedeems).where(eq(memberRedeems.id, redeem.id));
    expect(row!.start_test_at).not.toBeNull();
    expect(row!.end_test_at).toBeNull();

    expect((await complete(member, c.program.id, c.ebook.id)).json().data.progress).toBe(50);
    const quiz = await complete(member, c.program.id, c.quiz.id);
    expect(quiz.statusCode).toBe(400);
    expect(quiz.json().message).toBe('Aktivitas ini selesai dengan mengerjakan soal');
    const practice = await complete(member, c.program.id, c.practice.id);
    expect(practice.json().message).toBe('Aktivitas ini selesai dengan mengunggah tugas');

    const up = await upload(member, c.program.id, c.practice.id, [
      { name: 'note', value: 'Tugas saya' },
      { name: 'file', filename: 'tugas.pdf', data: pdfBytes() },
    ]);
    expect(up.statusCode).toBe(200);
    expect(up.json().data.progress).toBe(75);

    // The quiz is the last one: drafts do not count, so finishing it makes 100.
    await t.db
      .update(activities)
      .set({ type: 'general', content: page })
      .where(eq(activities.id, c.quiz.id));
    await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/${c.program.id}/activity/${c.quiz.id}`,
      headers: member.headers,
    });
    const last = await complete(member, c.program.id, c.quiz.id);
    expect(last.json().data.progress).toBe(100);
    expect(last.json().data.end_test_at).not.toBeNull();

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/program/list',
      headers: member.headers,
    });
    expect(list.json().data.list[0].results.progress).toBe(100);
    expect(list.json().data.list[0].end_test_at).not.toBeNull();
  });

  it('uploads practice work: detected type, note, replace, and refusals', async () => {
    const c = await course();
    const { member } = await joinProgram(t.app, c.program.id);
    const first = await upload(member, c.program.id, c.practice.id, [
      { name: 'file', filename: 'foto.png', contentType: 'application/pdf', data: pngBytes() },
      { name: 'note', value: '  Hasil praktik  ' },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.activity).toMatchObject({
      is_complete: true,
      upload: { name: 'foto.png', type: 'image/png', note: 'Hasil praktik' },
      feedback: null,
    });

    const keyOf = async () => {
      const [row] = await t.db
        .select({ key: activityProgress.work_file_key })
        .from(activityProgress)
        .where(eq(activityProgress.activity_id, c.practice.id));
      return row!.key!;
    };
    const firstKey = await keyOf();
    expect(firstKey).toMatch(/^practice-work\/.+\.png$/);
    expect(await t.app.storage.stat(firstKey)).not.toBeNull();

    const second = await upload(member, c.program.id, c.practice.id, [
      { name: 'file', filename: 'laporan.pdf', data: pdfBytes() },
    ]);
    expect(second.json().data.activity.upload).toMatchObject({
      name: 'laporan.pdf',
      type: 'application/pdf',
      note: null,
    });
    // The replaced file is gone from storage; the work is never served from the public /media.
    expect(await t.app.storage.stat(firstKey)).toBeNull();
    const secondKey = await keyOf();
    expect((await t.app.inject({ method: 'GET', url: `/media/${secondKey}` })).statusCode).toBe(
      404,
    );

    const text = await upload(member, c.program.id, c.practice.id, [
      { name: 'file', filename: 'tugas.pdf', data: Buffer.from('ini bukan pdf sama sekali') },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/^Format file tidak didukung/);

    const big = await upload(member, c.program.id, c.practice.id, [
      {
        name: 'file',
        filename: 'besar.pdf',
        data: Buffer.concat([pdfBytes(), Buffer.alloc(20 * 1024 * 1024)]),
      },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Ukuran file maksimal 20 MB');

    const none = await upload(member, c.program.id, c.practice.id, [{ name: 'note', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().validation).toEqual({ file: 'File tidak boleh kosong' });

    const wrongType = await upload(member, c.program.id, c.video.id, [
      { name: 'file', filename: 'a.pdf', data: pdfBytes() },
    ]);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Aktivitas ini tidak menerima unggahan tugas');

    // Still the second upload after all the refusals.
    const after = await detail(member, c.program.id);
    expect(after.json().data.topics[0].activities[2].upload.name).toBe('laporan.pdf');
  });
});
