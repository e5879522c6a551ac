import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivityContent } from '@ajar/shared/activities/activities-content.schemas';
import { dateAtOffset } from '@ajar/shared/exports/exports.rules';
import type {
  LearningRecordEventList,
  LearningRecordSummary,
} from '@ajar/shared/learning-record/learning-record.schemas';
import { learningEvents } from '../../db/schema';
import {
  assignTrainer,
  buildActivity,
  buildProgramWithTopics,
} from '../../test/factories/activities';
import { multipartBody } from '../../test/factories/media';
import { pdfBytes } from '../../test/factories/media-bytes';
import { joinProgram, type TestMember } from '../../test/factories/members';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

const wibDay = (offsetDays = 0, now = new Date()) =>
  dateAtOffset(new Date(now.getTime() + offsetDays * 86_400_000), 7 * 60);

/** A meeting scheduled all of today and tomorrow (WIB): its check-in is open whatever the hour. */
const meetingNow = () => ({
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
});

/**
 * The learning record's kinds recorded in the work they record (activity opened, checked in,
 * work uploaded, feedback given), and the staff timeline of 'Detail Aktivitas': scoped to the
 * programs a trainer grades, paged in SQL.
 */
describe('learning record', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: { user: { id: string }; headers: Headers };
  let otherTrainer: Headers;
  let program: { id: string };
  let general: { id: string; topic_id: string };
  let reading: { id: string };
  let meeting: { id: string };
  let practice: { id: string; topic_id: string };
  let member: TestMember;
  let redeemId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = await signedIn(t.db, 'trainer');
    otherTrainer = (await signedIn(t.db, 'trainer')).headers;
    const built = await buildProgramWithTopics(t.db, { topics: 1, title: 'Program Rekam' });
    program = built.program;
    const topic = built.topics[0]!;
    general = await buildActivity(t.db, topic, { name: 'Pengantar', type: 'general' });
    reading = await buildActivity(t.db, topic, { name: 'Bacaan', type: 'general' });
    meeting = await buildActivity(t.db, topic, {
      name: 'Diskusi Daring',
      type: 'berdiskusi_daring',
      content: meetingNow(),
    });
    practice = await buildActivity(t.db, topic, { name: 'Praktek', type: 'praktek_mandiri' });
    await assignTrainer(t.db, program.id, trainer.user.id);
    const joined = await joinProgram(t.app, program.id);
    member = joined.member;
    redeemId = joined.redeem.id;
  });
  afterAll(() => t.close());

  const eventsOf = (kind: string, activityId?: string) =>
    t.db
      .select()
      .from(learningEvents)
      .where(
        and(
          eq(learningEvents.member_id, member.id),
          eq(learningEvents.kind, kind as never),
          activityId ? eq(learningEvents.activity_id, activityId) : undefined,
        ),
      );
  const openActivity = (activityId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/${program.id}/activity/${activityId}`,
      headers: member.headers,
    });
  const summary = (headers: Headers, id = redeemId) =>
    t.app.inject({
      method: 'GET',
      url: `/api/program/v1/trainer/member-redeem/${id}/learning-record`,
      headers,
    });
  const events = (headers: Headers, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/program/v1/trainer/member-redeem/${redeemId}/learning-record/events?${query}`,
      headers,
    });

  describe('recorded where the work happens', () => {
    it('activity_opened: once per activity within the quiet period, again after it', async () => {
      expect((await openActivity(general.id)).statusCode).toBe(200);
      expect((await openActivity(general.id)).statusCode).toBe(200);
      const opened = await eventsOf('activity_opened', general.id);
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatchObject({ program_id: program.id, actor_user_id: null });

      // An opening 31 minutes ago is past the quiet period: a new visit is recorded.
      await t.db.insert(learningEvents).values({
        member_id: member.id,
        program_id: program.id,
        activity_id: reading.id,
        kind: 'activity_opened',
        created_at: new Date(Date.now() - 31 * 60_000),
      });
      expect((await openActivity(reading.id)).statusCode).toBe(200);
      expect(await eventsOf('activity_opened', reading.id)).toHaveLength(2);

      // Another member's program: 404, nothing recorded.
      const stranger = await joinProgram(t.app, (await buildProgramWithTopics(t.db)).program.id);
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/member/v1/program/${program.id}/activity/${general.id}`,
        headers: stranger.member.headers,
      });
      expect(refused.statusCode).toBe(404);
      const theirs = await t.db
        .select()
        .from(learningEvents)
        .where(eq(learningEvents.member_id, stranger.member.id));
      expect(theirs).toEqual([]);
    });

    it('checked_in: with the check-in, and not for a refused second one', async () => {
      const url = `/api/member/v1/program/${program.id}/activity/${meeting.id}/attendance`;
      const first = await t.app.inject({ method: 'POST', url, headers: member.headers });
      expect(first.statusCode, first.body).toBe(200);
      const again = await t.app.inject({ method: 'POST', url, headers: member.headers });
      expect(again.statusCode).toBe(400);
      const checked = await eventsOf('checked_in', meeting.id);
      expect(checked).toHaveLength(1);
      expect(checked[0]!.data).toEqual({
        schedule_key: first.json().data.schedule.key,
      });
    });

    it('work_uploaded: with the upload, and not for a refused one', async () => {
      const upload = (parts: Parameters<typeof multipartBody>[0]) => {
        const body = multipartBody(parts);
        return t.app.inject({
          method: 'POST',
          url: `/api/member/v1/program/${program.id}/activity/${practice.id}/upload`,
          headers: { ...member.headers, ...body.headers },
          payload: body.payload,
        });
      };
      const refused = await upload([
        { name: 'file', filename: 'x.exe', data: Buffer.from('MZ not a document') },
      ]);
      expect(refused.statusCode).toBe(415);
      expect(await eventsOf('work_uploaded')).toEqual([]);

      const done = await upload([{ name: 'file', filename: 'laporan.pdf', data: pdfBytes() }]);
      expect(done.statusCode, done.body).toBe(200);
      const uploaded = await eventsOf('work_uploaded', practice.id);
      expect(uploaded).toHaveLength(1);
      expect(uploaded[0]!.data).toMatchObject({ file_name: 'laporan.pdf', replaced: false });
    });

    it('feedback_given: with the staff member, and not for a refused one', async () => {
      const put = (payload: object, headers: Headers) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/users/v1/trainer/feedback-mr',
          headers,
          payload,
        });
      const body = {
        member_redeem_id: redeemId,
        topic_id: practice.topic_id,
        activity_id: practice.id,
        score: 85,
        text: 'Laporan rapi',
      };
      expect((await put(body, otherTrainer)).statusCode).toBe(404);
      const sent = await put(body, trainer.headers);
      expect(sent.statusCode, sent.body).toBe(200);
      const given = await eventsOf('feedback_given', practice.id);
      expect(given).toHaveLength(1);
      expect(given[0]).toMatchObject({
        actor_user_id: trainer.user.id,
        data: { score: 85, text: 'Laporan rapi' },
      });
    });
  });

  describe('the staff timeline', () => {
    it('answers a trainer of another program 404, the trainer and an admin 200', async () => {
      expect((await summary(otherTrainer)).statusCode).toBe(404);
      expect((await events(otherTrainer)).statusCode).toBe(404);
      expect((await summary(trainer.headers)).statusCode).toBe(200);
      expect((await summary(admin)).statusCode).toBe(200);
      const unknown = await summary(admin, '00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
      const peserta = await t.app.inject({
        method: 'GET',
        url: `/api/program/v1/trainer/member-redeem/${redeemId}/learning-record`,
        headers: member.headers,
      });
      expect(peserta.statusCode).toBe(401);
    });

    it('sums each activity: when, how long, how much video, what score', async () => {
      // A video watched in two reports, a quiz submitted twice (the last score counts).
      const base = Date.now() - 3600_000;
      const at = (s: number) => new Date(base + s * 1000);
      await t.db.insert(learningEvents).values([
        {
          member_id: member.id,
          program_id: program.id,
          activity_id: general.id,
          kind: 'video_watched',
          data: { from: 0, to: 40 },
          created_at: at(0),
        },
        {
          member_id: member.id,
          program_id: program.id,
          activity_id: general.id,
          kind: 'video_watched',
          data: { from: 40, to: 100 },
          created_at: at(65),
        },
        {
          member_id: member.id,
          program_id: program.id,
          activity_id: reading.id,
          kind: 'quiz_submitted',
          data: { score: 60 },
          created_at: at(10),
        },
        {
          member_id: member.id,
          program_id: program.id,
          activity_id: reading.id,
          kind: 'quiz_submitted',
          data: { score: 90 },
          created_at: at(130),
        },
        {
          member_id: member.id,
          program_id: program.id,
          kind: 'certificate_issued',
          data: { number: 'X-1' },
          created_at: at(200),
        },
      ]);
      const res = await summary(trainer.headers);
      const data = res.json<{ data: LearningRecordSummary }>().data;
      const byId = new Map(data.activities.map((a) => [a.activity_id, a]));
      expect(byId.get(general.id)).toMatchObject({
        activity_name: 'Pengantar',
        watched_seconds: 100,
        score: null,
      });
      expect(byId.get(reading.id)).toMatchObject({ activity_name: 'Bacaan', score: 90 });
      expect(byId.get(practice.id)).toMatchObject({ score: 85, watched_seconds: null, events: 3 });
      expect(byId.get(null)).toMatchObject({ activity_name: null, events: 1, span_seconds: 0 });
      const video = byId.get(general.id)!;
      expect(video.first_at).toBe(at(0).toISOString());
      // From the video's first report to its opening today (see the first test), whole seconds.
      expect(video.span_seconds).toBe(
        Math.round((new Date(video.last_at).getTime() - new Date(video.first_at).getTime()) / 1000),
      );
      // Sorted by the first event.
      const firsts = data.activities.map((a) => a.first_at);
      expect(firsts).toEqual([...firsts].sort());
    });

    it('pages the events in SQL, oldest first, one activity or all', async () => {
      const all = await events(admin, 'limit=100');
      const total = all.json<{ data: LearningRecordEventList }>().data.total;
      expect(total).toBeGreaterThan(8);
      const list = all.json<{ data: LearningRecordEventList }>().data.list;
      const times = list.map((e) => e.created_at);
      expect(times).toEqual([...times].sort());

      const page2 = (await events(admin, 'limit=3&page=2')).json<{
        data: LearningRecordEventList;
      }>().data;
      expect(page2).toMatchObject({ page: 2, limit: 3, total });
      expect(page2.list.map((e) => e.id)).toEqual(list.slice(3, 6).map((e) => e.id));

      const feedback = (await events(trainer.headers, `activity_id=${practice.id}`)).json<{
        data: LearningRecordEventList;
      }>().data;
      // The upload completes the activity in its own transaction (one server time for both).
      expect(feedback.list.map((e) => e.kind).toSorted()).toEqual([
        'activity_completed',
        'feedback_given',
        'work_uploaded',
      ]);
      expect(feedback.list.find((e) => e.kind === 'feedback_given')).toMatchObject({
        activity_name: 'Praktek',
        actor_name: expect.any(String),
        data: { score: 85 },
      });

      const bad = await events(admin, 'limit=500');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
      const badActivity = await events(admin, 'activity_id=abc');
      expect(badActivity.statusCode).toBe(400);
    });

    it('is append only: an event cannot be rewritten, only unlinked from what was deleted', async () => {
      const failure = await t.db
        .execute(
          sql`update learning_events set kind = 'quiz_submitted' where member_id = ${member.id}::uuid`,
        )
        .then(
          () => null,
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
      expect(failure).toMatch(/learning_events is append only/);
      // Deleting an activity or a staff account sets its column to null: that much is allowed.
      await t.db.execute(
        sql`update learning_events set activity_id = null where member_id = ${member.id}::uuid`,
      );
    });
  });
});
