import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivityContent } from '@ajar/shared/activities/activities-content.schemas';
import { attentionReminderTexts } from '@ajar/shared/analytics/attention.constants';
import { attentionReasonTexts } from '@ajar/shared/analytics/attention.rules';
import type { AttentionList } from '@ajar/shared/analytics/attention.schemas';
import {
  activityProgress,
  auditEvents,
  learningEvents,
  memberNotifications,
  memberRedeems,
} from '../../db/schema';
import {
  assignTrainer,
  buildActivity,
  buildProgramWithTopics,
} from '../../test/factories/activities';
import { browserSubscription } from '../../test/factories/auth';
import { downloadSheet } from '../../test/factories/exports';
import { joinProgram } from '../../test/factories/members';
import { buildMember, buildRedeem, completeActivity } from '../../test/factories/participants';
import {
  fakePushServiceEnv,
  startPushService,
  type FakePushService,
} from '../../test/factories/push-service';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
const dayMs = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * dayMs - 60_000);

/** A 'Tipe Terjadwal' activity whose only time range (by date) ended long ago. */
const pastScheduled = {
  ...defaultActivityContent,
  meta_data: [
    { title: 'is_scheduled', content: '1' },
    { title: 'is_show_scheduled', content: '1' },
    {
      title: 'schedules_data',
      content: JSON.stringify({
        is_day: '2',
        days: [],
        dates: [{ date: '2026-01-05', times: [{ start_time: '08:00', end_time: '10:00' }] }],
      }),
    },
  ],
};

describe("'Perlu perhatian' API", () => {
  let t: TestApp;
  let pushService: FakePushService;
  let admin: Headers;
  let trainerA: Headers;
  let trainerB: Headers;
  let programId: string;
  const redeem: Record<string, { id: string; member_id: string; program_id: string }> = {};

  beforeAll(async () => {
    t = await createTestApp(fakePushServiceEnv);
    pushService = await startPushService(() => 201);
    admin = (await signedIn(t.db, 'admin')).headers;
    const a = await signedIn(t.db, 'trainer');
    trainerA = a.headers;
    trainerB = (await signedIn(t.db, 'trainer')).headers;

    const { program, topics } = await buildProgramWithTopics(t.db, { title: 'Budidaya Lele' });
    programId = program.id;
    await assignTrainer(t.db, program.id, a.user.id);
    const topic = topics[0]!;
    const due = await buildActivity(t.db, topic, {
      name: 'Sesi Terjadwal',
      content: pastScheduled,
    });
    const quiz = await buildActivity(t.db, topic, {
      name: 'Kuis Akhir',
      type: 'quiz',
      settings: { opportunity_repeat_test: 0 },
    });
    await buildActivity(t.db, topic, { name: 'Bacaan Bebas' });
    const other = await buildProgramWithTopics(t.db, { title: 'Program Lain' });

    const join = async (name: string, joined: number, p = program.id) => {
      const m = await buildMember(t.db, { fullname: name });
      const r = await buildRedeem(t.db, p, { memberId: m.id, created_at: daysAgo(joined) });
      redeem[name] = r;
      return r;
    };
    const act = (name: string, ago: number) =>
      t.db.insert(learningEvents).values({
        member_id: redeem[name]!.member_id,
        program_id: redeem[name]!.program_id,
        kind: 'activity_opened',
        created_at: daysAgo(ago),
      });
    // Ani: last active 10 days ago, on schedule.
    await join('Ani', 30);
    await act('Ani', 10);
    await completeActivity(t.db, redeem.Ani!, due);
    // Budi: active 2 days ago, the scheduled activity not done.
    await join('Budi', 30);
    await act('Budi', 2);
    // Citra: active yesterday, the quiz failed with its one attempt used.
    await join('Citra', 30);
    await act('Citra', 1);
    await completeActivity(t.db, redeem.Citra!, due);
    await t.db.insert(activityProgress).values({
      member_redeem_id: redeem.Citra!.id,
      program_id: program.id,
      topic_id: topic.id,
      activity_id: quiz.id,
      attempts: 1,
      score: 40,
    });
    // Dedi joined 2 days ago and has done nothing yet: not inactive for 7 days.
    await join('Dedi', 2);
    await completeActivity(t.db, redeem.Dedi!, due);
    // Eka joined 20 days ago and never started.
    await join('Eka', 20);
    await completeActivity(t.db, redeem.Eka!, due);
    // Fajar finished the program: never listed, however long ago.
    await join('Fajar', 40);
    await t.db
      .update(memberRedeems)
      .set({ progress: 100 })
      .where(eq(memberRedeems.id, redeem.Fajar!.id));
    // Feedback given by staff yesterday is not Ani's own activity.
    await t.db.insert(learningEvents).values({
      member_id: redeem.Ani!.member_id,
      program_id: program.id,
      kind: 'feedback_given',
      actor_user_id: a.user.id,
    });
    // Gita of another program.
    await join('Gita', 40, other.program.id);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  const list = async (headers: Headers, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/v1/program/${programId}/attention${query}`,
      headers,
    });
    return res;
  };

  it('lists who needs a nudge and why, longest without activity first', async () => {
    const res = await list(admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: AttentionList }>().data;
    expect(data.total).toBe(4);
    expect(data.days).toBe(7);
    expect(data.list.map((r) => [r.fullname, attentionReasonTexts(r.reasons)])).toEqual([
      ['Eka', ['Belum mulai belajar sejak bergabung 20 hari lalu']],
      ['Ani', ['Tidak aktif 10 hari']],
      ['Budi', ['Tertinggal jadwal: 1 aktivitas belum selesai']],
      ['Citra', ['Belum lulus "Kuis Akhir", kesempatan habis']],
    ]);
    expect(data.list[0]!.last_activity_at).toBeNull();
    expect(data.list.every((r) => r.last_reminded_at === null)).toBe(true);
  });

  it('takes the number of days from the screen and pages in SQL', async () => {
    const res = await list(admin, '?days=15&limit=20');
    const names = res.json<{ data: AttentionList }>().data.list.map((r) => r.fullname);
    expect(names).toEqual(['Eka', 'Budi', 'Citra']);
    const bad = await list(admin, '?days=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation.days).toBe('Jumlah hari harus antara 1 dan 365');
    const paged = await list(admin, '?page=2&limit=20');
    expect(paged.json<{ data: AttentionList }>().data).toMatchObject({ list: [], total: 4 });
  });

  it("lets the program's trainer in; another trainer gets 404", async () => {
    expect((await list(trainerA)).statusCode).toBe(200);
    expect((await list(trainerB)).statusCode).toBe(404);
    const remind = await t.app.inject({
      method: 'POST',
      url: `/api/analytics/v1/program/${programId}/attention/remind`,
      headers: trainerB,
      payload: { redeem_ids: [redeem.Ani!.id] },
    });
    expect(remind.statusCode).toBe(404);
  });

  it('refuses a participant of another program (404)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/analytics/v1/program/${programId}/attention/remind`,
      headers: trainerA,
      payload: { redeem_ids: [redeem.Ani!.id, redeem.Gita!.id] },
    });
    expect(res.statusCode).toBe(404);
  });

  it('reminds once: a notification with its push and an audit entry, then "Terakhir diingatkan"', async () => {
    const { member, redeem: joined } = await joinProgram(t.app, programId);
    const sub = await t.app.inject({
      method: 'PUT',
      url: '/api/member/v1/push/subscription',
      headers: member.headers,
      payload: { subscription: browserSubscription(`${pushService.origin}/r-${member.id}`) },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/analytics/v1/program/${programId}/attention/remind`,
        headers: trainerA,
        payload: { redeem_ids: [joined.id, redeem.Ani!.id] },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      data: { sent: 2, skipped: 0 },
      message: 'Pengingat terkirim ke 2 peserta',
    });
    // A second click at once sends nothing more.
    const again = await send();
    expect(again.json()).toMatchObject({ data: { sent: 0, skipped: 2 } });

    const inApp = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/notification/list?limit=50',
      headers: member.headers,
    });
    const notes = inApp.json<{
      data: { list: { title: string; description: string; link: string }[] };
    }>().data.list;
    expect(notes).toEqual([
      expect.objectContaining({
        title: attentionReminderTexts.title,
        description: attentionReminderTexts.message('Budidaya Lele'),
        link: `/belajar/program/${programId}`,
      }),
    ]);
    await expect
      .poll(() => pushService.received.filter((r) => r.path === `/r-${member.id}`).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const aniNotes = await t.db
      .select()
      .from(memberNotifications)
      .where(eq(memberNotifications.member_id, redeem.Ani!.member_id));
    expect(aniNotes).toHaveLength(1);
    const entries = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'member.reminded'),
          eq(auditEvents.subject_id, redeem.Ani!.member_id),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_role: 'trainer',
      subject_type: 'member',
      after: { program_id: programId, redeem_id: redeem.Ani!.id },
    });

    const data = (await list(admin)).json<{ data: AttentionList }>().data;
    const ani = data.list.find((r) => r.fullname === 'Ani')!;
    expect(ani.last_reminded_at).toBe(entries[0]!.created_at.toISOString());
    expect(data.list.find((r) => r.fullname === 'Eka')!.last_reminded_at).toBeNull();
  });

  it('exports the list as an .xlsx link', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/v1/program/${programId}/attention/export?days=7`,
      headers: trainerA,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Ekspor Perlu Perhatian dibuat',
      data: { public_url: expect.stringContaining('/api/download/') },
    });
    const { res: file, rows } = await downloadSheet(t.app, res.json().data.public_url as string);
    expect(file.headers['content-disposition']).toContain('perlu-perhatian-budidaya-lele-');
    expect(rows.map((r) => [r[1], r[6]])).toEqual([
      ['Nama', 'Alasan'],
      ['Eka', 'Belum mulai belajar sejak bergabung 20 hari lalu'],
      ['Ani', 'Tidak aktif 10 hari'],
      ['Budi', 'Tertinggal jadwal: 1 aktivitas belum selesai'],
      ['Citra', 'Belum lulus "Kuis Akhir", kesempatan habis'],
      // The participant who joined in the reminder's test is behind the schedule too.
      ['Peserta Uji', 'Tertinggal jadwal: 1 aktivitas belum selesai'],
    ]);
  });
});
