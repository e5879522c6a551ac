import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivityContent } from '@ajar/shared/activities/activities-content.schemas';
import { agendaMessages, reminderTexts } from '@ajar/shared/agenda/agenda.constants';
import type { Agenda } from '@ajar/shared/agenda/agenda.schemas';
import { activities, activityProgress, programs } from '../../db/schema';
import { setServerClock } from '../../lib/clock';
import { buildActivity, buildProgramWithTopics } from '../../test/factories/activities';
import { browserSubscription } from '../../test/factories/auth';
import { joinProgram, type TestMember } from '../../test/factories/members';
import {
  fakePushServiceEnv,
  startPushService,
  type FakePushService,
} from '../../test/factories/push-service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkIn } from '../attendance/attendance.service';
import { sendDueReminders } from './agenda.service';

type Range = { date: string; start: string; end: string };
const byDate = (ranges: Range[]) => ({
  is_day: '2',
  days: [],
  dates: ranges.map((r) => ({ date: r.date, times: [{ start_time: r.start, end_time: r.end }] })),
});
const meetingContent = (ranges: Range[]) => ({
  ...defaultActivityContent,
  meeting: { link: 'https://meet.contoh.id/abc', is_must_participate: 0, ...byDate(ranges) },
});
/** A 'Tipe Terjadwal' activity: open only inside these ranges (meta_data). */
const scheduledContent = (ranges: Range[]) => ({
  ...defaultActivityContent,
  meta_data: [
    { title: 'is_scheduled', content: '1' },
    { title: 'is_show_scheduled', content: '1' },
    { title: 'schedules_data', content: JSON.stringify(byDate(ranges)) },
  ],
});

/** Saturday 5 December 2026, 17:00 WIB. */
const saturday = new Date('2026-12-05T10:00:00Z');

/** Unfolds an iCalendar text (RFC 5545 §3.1) into its content lines. */
const icsLines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('agenda and reminders', () => {
  let t: TestApp;
  let pushService: FakePushService;

  beforeAll(async () => {
    t = await createTestApp(fakePushServiceEnv);
    pushService = await startPushService(() => 201);
  });
  afterEach(() => setServerClock(null));
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  /** A program with a meeting (tonight and in two weeks) and a scheduled quiz tomorrow morning. */
  async function timedProgram(title: string) {
    const { program, topics } = await buildProgramWithTopics(t.db, { topics: 1, title });
    const meeting = await buildActivity(t.db, topics[0]!, {
      name: 'Diskusi; Bab 1, bagian 2',
      type: 'berdiskusi_daring',
      content: meetingContent([
        { date: '2026-12-01', start: '19:00', end: '21:00' },
        { date: '2026-12-05', start: '19:00', end: '21:00' },
        { date: '2026-12-20', start: '08:00', end: '10:00' },
        { date: '2027-02-01', start: '08:00', end: '10:00' },
      ]),
    });
    const quiz = await buildActivity(t.db, topics[0]!, {
      name: 'Kuis Bab 1',
      type: 'quiz',
      content: scheduledContent([{ date: '2026-12-06', start: '08:00', end: '12:00' }]),
    });
    return { program, topic: topics[0]!, meeting, quiz };
  }

  const agenda = async (member: TestMember, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/agenda${query}`,
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Agenda }>().data;
  };

  it("lists only the member's programs, in time order, inside the window", async () => {
    setServerClock(() => saturday);
    const mine = await timedProgram('Program Agenda A');
    await t.db
      .update(programs)
      .set({ end_test_at: new Date('2026-12-25T10:00:00Z') })
      .where(eq(programs.id, mine.program.id));
    const hidden = await buildActivity(t.db, mine.topic, {
      name: 'Draf',
      type: 'berdiskusi_luring',
      content: meetingContent([{ date: '2026-12-07', start: '08:00', end: '09:00' }]),
    });
    await t.db.update(activities).set({ status: 'draft' }).where(eq(activities.id, hidden.id));
    const other = await timedProgram('Program Agenda Lain');
    const { member, redeem } = await joinProgram(t.app, mine.program.id);
    await joinProgram(t.app, other.program.id);

    const data = await agenda(member);
    expect(data.truncated).toBe(false);
    expect(data.from).toBe(saturday.toISOString());
    expect(data.until).toBe('2027-01-04T10:00:00.000Z');
    expect(data.list.map((i) => [i.kind, i.activity?.name ?? i.program.title, i.at])).toEqual([
      ['meeting', 'Diskusi; Bab 1, bagian 2', '2026-12-05T12:00:00.000Z'],
      ['opens', 'Kuis Bab 1', '2026-12-06T01:00:00.000Z'],
      ['deadline', 'Kuis Bab 1', '2026-12-06T05:00:00.000Z'],
      ['meeting', 'Diskusi; Bab 1, bagian 2', '2026-12-20T01:00:00.000Z'],
      ['program_end', 'Program Agenda A', '2026-12-25T10:00:00.000Z'],
    ]);
    expect(data.list.every((i) => i.program.id === mine.program.id)).toBe(true);
    expect(data.list[0]).toMatchObject({
      ends_at: '2026-12-05T14:00:00.000Z',
      checkin_opens_at: '2026-12-05T11:45:00.000Z',
      checked_in: false,
      occurrence: '2026-12-05 19:00-21:00',
    });

    const week = await agenda(member, '?days=7');
    expect(week.list.map((i) => i.kind)).toEqual(['meeting', 'opens', 'deadline']);

    // A completed scheduled quiz has nothing left to open or to close.
    await t.db.insert(activityProgress).values({
      member_redeem_id: redeem.id,
      program_id: mine.program.id,
      topic_id: mine.topic.id,
      activity_id: mine.quiz.id,
      is_complete: true,
    });
    expect((await agenda(member, '?days=7')).list.map((i) => i.kind)).toEqual(['meeting']);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/member/v1/agenda?days=0',
      headers: member.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation).toEqual({ days: agendaMessages.daysInvalid });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/member/v1/agenda' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves a meeting occurrence as an iCalendar file with a stable UID, in UTC', async () => {
    setServerClock(() => saturday);
    const { program, meeting, quiz } = await timedProgram('Program Kalender');
    const { member } = await joinProgram(t.app, program.id);
    const { member: stranger } = await joinProgram(
      t.app,
      (await timedProgram('Program Orang Lain')).program.id,
    );
    const url = (activityId: string, occurrence: string) =>
      `/api/member/v1/agenda/meeting/${activityId}/calendar.ics?occurrence=${encodeURIComponent(occurrence)}`;

    const res = await t.app.inject({
      method: 'GET',
      url: url(meeting.id, '2026-12-05 19:00-21:00'),
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('pertemuan-2026-12-05.ics');
    expect(res.body.endsWith('\r\n')).toBe(true);
    // Every physical line within 75 octets, CRLF only.
    const physical = res.body.split('\r\n');
    expect(physical.every((l) => Buffer.byteLength(l) <= 75 && !l.includes('\n'))).toBe(true);
    const lines = icsLines(res.body);
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Ajar//Agenda//ID',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    const prop = (name: string) =>
      lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
    expect(prop('DTSTART')).toBe('20261205T120000Z');
    expect(prop('DTEND')).toBe('20261205T140000Z');
    expect(prop('DTSTAMP')).toBe('20261205T100000Z');
    expect(prop('SUMMARY')).toBe('Diskusi\\; Bab 1\\, bagian 2');
    expect(prop('DESCRIPTION')).toBe(
      'Program: Program Kalender\\nTautan pertemuan: https://meet.contoh.id/abc\\nBuka di Ajar ' +
        `Belajar: http://localhost:${t.app.config.PORT}/belajar/program/${program.id}/activity/${meeting.id}`,
    );
    expect(prop('URL')).toBe('https://meet.contoh.id/abc');
    expect(prop('UID')).toBe(`${meeting.id}-2026120519002100@ajar`);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);

    // The same occurrence later: the same UID, so a calendar updates its event.
    setServerClock(() => new Date('2026-12-05T11:00:00Z'));
    const again = await t.app.inject({
      method: 'GET',
      url: url(meeting.id, '2026-12-05 19:00-21:00'),
      headers: member.headers,
    });
    expect(icsLines(again.body).find((l) => l.startsWith('UID:'))).toBe(`UID:${prop('UID')}`);

    const missing = async (headers: TestMember['headers'], activityId: string, key: string) => {
      const r = await t.app.inject({ method: 'GET', url: url(activityId, key), headers });
      return [r.statusCode, r.json().message];
    };
    expect(await missing(stranger.headers, meeting.id, '2026-12-05 19:00-21:00')).toEqual([
      404,
      agendaMessages.meetingNotFound,
    ]);
    expect(await missing(member.headers, quiz.id, '2026-12-06 08:00-12:00')).toEqual([
      404,
      agendaMessages.meetingNotFound,
    ]);
    expect(await missing(member.headers, meeting.id, '2026-12-05 18:00-21:00')).toEqual([
      404,
      agendaMessages.occurrenceNotFound,
    ]);
    const malformed = await t.app.inject({
      method: 'GET',
      url: url(meeting.id, 'besok'),
      headers: member.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });

  describe('reminders', () => {
    const subscribe = async (member: TestMember) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/member/v1/push/subscription',
        headers: member.headers,
        payload: { subscription: browserSubscription(`${pushService.origin}/r-${member.id}`) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const pushesTo = (member: TestMember) =>
      pushService.received.filter((r) => r.path === `/r-${member.id}`).length;
    const titles = async (member: TestMember) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/member/v1/notification/list?limit=50',
        headers: member.headers,
      });
      return res
        .json<{ data: { list: { title: string; description: string; link: string }[] } }>()
        .data.list.map((n) => n.title);
    };
    const runAt = async (iso: string) => {
      const now = new Date(iso);
      setServerClock(() => now);
      return sendDueReminders(t.app, now);
    };

    it('reminds once before a meeting and before check-in closes, not after checking in', async () => {
      const { program, meeting } = await timedProgram('Program Pengingat');
      const { member: ani } = await joinProgram(t.app, program.id);
      const { member: budi } = await joinProgram(t.app, program.id);
      await subscribe(ani);

      // 18:05 WIB: the 19:00 meeting is 55 minutes away. (Members of the tests above have it too,
      // so the counts are read per member; a second run sends nothing at all.)
      expect(await runAt('2026-12-05T11:05:00Z')).toBeGreaterThanOrEqual(2);
      expect(await runAt('2026-12-05T11:10:00Z')).toBe(0);
      expect(await titles(ani)).toEqual([reminderTexts.meetingStartTitle]);
      expect(await titles(budi)).toEqual([reminderTexts.meetingStartTitle]);
      await expect.poll(() => pushesTo(ani), { timeout: 5000 }).toBe(1);

      // Ani checks in at 19:30; at 20:35 WIB only Budi is told the window closes at 21:00.
      await checkIn(t.db, ani, program.id, meeting.id, new Date('2026-12-05T12:30:00Z'));
      expect(await runAt('2026-12-05T13:35:00Z')).toBeGreaterThanOrEqual(1);
      expect(await runAt('2026-12-05T13:40:00Z')).toBe(0);
      expect(await titles(ani)).toEqual([reminderTexts.meetingStartTitle]);
      expect(await titles(budi)).toEqual([
        reminderTexts.checkinCloseTitle,
        reminderTexts.meetingStartTitle,
      ]);
      await t.app.participantPush.idle();
      expect(pushesTo(ani)).toBe(1);
    });

    it('reminds before a scheduled quiz closes unless it is done, and never when turned off', async () => {
      const { program, topic, quiz } = await timedProgram('Program Kuis Terjadwal');
      const { member: citra, redeem } = await joinProgram(t.app, program.id);
      const { member: dewi } = await joinProgram(t.app, program.id);
      const { member: eko } = await joinProgram(t.app, program.id);
      await t.db.insert(activityProgress).values({
        member_redeem_id: redeem.id,
        program_id: program.id,
        topic_id: topic.id,
        activity_id: quiz.id,
        is_complete: true,
      });
      const off = await t.app.inject({
        method: 'PUT',
        url: '/api/member/v1/agenda/reminders',
        headers: eko.headers,
        payload: { enabled: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data).toEqual({ enabled: false });
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/member/v1/agenda/reminders',
        headers: eko.headers,
      });
      expect(read.json().data).toEqual({ enabled: false });
      const invalid = await t.app.inject({
        method: 'PUT',
        url: '/api/member/v1/agenda/reminders',
        headers: eko.headers,
        payload: { enabled: 'ya' },
      });
      expect(invalid.statusCode).toBe(400);

      // 11:40 WIB: the quiz's 08:00–12:00 window closes in 20 minutes.
      expect(await runAt('2026-12-06T04:40:00Z')).toBeGreaterThanOrEqual(1);
      expect(await titles(citra)).toEqual([]);
      expect(await titles(eko)).toEqual([]);
      const notes = await t.app.inject({
        method: 'GET',
        url: '/api/member/v1/notification/list',
        headers: dewi.headers,
      });
      expect(notes.json().data.list[0]).toMatchObject({
        title: reminderTexts.deadlineTitle,
        description: 'Kuis Bab 1: Minggu, 6 Desember 2026, 12.00 WIB',
        link: `/belajar/program/${program.id}/activity/${quiz.id}`,
      });
      expect(await runAt('2026-12-06T04:45:00Z')).toBe(0);
    });
  });
});
