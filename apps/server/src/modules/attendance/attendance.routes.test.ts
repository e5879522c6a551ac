import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivityContent } from '@ajar/shared/activities/activities-content.schemas';
import {
  attendanceExportHeaders,
  attendanceMessages,
} from '@ajar/shared/attendance/attendance.constants';
import type { AttendanceList } from '@ajar/shared/attendance/attendance.schemas';
import { dateAtOffset } from '@ajar/shared/exports/exports.rules';
import {
  assignTrainer,
  buildActivity,
  buildProgramWithTopics,
} from '../../test/factories/activities';
import { downloadSheet } from '../../test/factories/exports';
import { joinProgram, registerMember, type TestMember } from '../../test/factories/members';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkIn } from './attendance.service';

type Headers = { authorization: string };

const wibDay = (offsetDays = 0, now = new Date()) =>
  dateAtOffset(new Date(now.getTime() + offsetDays * 86_400_000), 7 * 60);

/** Meeting content whose by-date schedule covers the whole of today and tomorrow (WIB). */
function meetingContent(dates: { date: string; start: string; end: string }[]) {
  return {
    ...defaultActivityContent,
    meeting: {
      link: 'https://meet.contoh.id/abc',
      is_must_participate: 0,
      is_day: '2',
      days: [],
      dates: dates.map((d) => ({
        date: d.date,
        times: [{ start_time: d.start, end_time: d.end }],
      })),
    },
  };
}
/**
 * Today and tomorrow (WIB) all day. Gap-free: in the last minute of today (after 23:59) the
 * 15-minute early window of tomorrow's occurrence holds the check-in (proven below with a fixed
 * clock at 23:59:30 WIB). Dates are WIB dates, whatever the process's time zone.
 */
const coversNow = (now = new Date()) =>
  meetingContent([
    { date: wibDay(0, now), start: '00:00', end: '23:59' },
    { date: wibDay(1, now), start: '00:00', end: '23:59' },
  ]);

describe('attendance API', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: { user: { id: string }; headers: Headers };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = await signedIn(t.db, 'trainer');
  });
  afterAll(() => t.close());

  const url = (programId: string, activityId: string) =>
    `/api/member/v1/program/${programId}/activity/${activityId}/attendance`;
  const post = (headers: Headers, programId: string, activityId: string) =>
    t.app.inject({ method: 'POST', url: url(programId, activityId), headers });
  const list = (query: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/presence/v1/company/list?${query}`, headers });

  async function meetingProgram(title: string) {
    const { program, topics } = await buildProgramWithTopics(t.db, { topics: 2, title });
    const meeting = await buildActivity(t.db, topics[0]!, {
      name: 'Diskusi Daring 1',
      type: 'berdiskusi_daring',
      content: coversNow(),
    });
    const offline = await buildActivity(t.db, topics[1]!, {
      name: 'Diskusi Luring 1',
      type: 'berdiskusi_luring',
      content: coversNow(),
    });
    return { program, topics, meeting, offline };
  }

  describe('member check-in', () => {
    it('records the running occurrence once, completes the activity, refuses a second time', async () => {
      const { program, meeting } = await meetingProgram('Program Presensi A');
      const { member } = await joinProgram(t.app, program.id);
      const first = await post(member.headers, program.id, meeting.id);
      expect(first.statusCode).toBe(200);
      const body = first.json<{
        message: string;
        data: { schedule: { key: string }; progress: number };
      }>();
      expect(body.message).toBe(attendanceMessages.checkedIn);
      expect(body.data.schedule.key).toMatch(/^\d{4}-\d{2}-\d{2} 00:00-23:59$/);
      expect(body.data.progress).toBe(50);

      const again = await post(member.headers, program.id, meeting.id);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(attendanceMessages.already);

      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/member/v1/program/${program.id}/activity/${meeting.id}`,
        headers: member.headers,
      });
      expect(detail.json().data.is_complete).toBe(true);
    });

    it('refuses an activity that is not a meeting', async () => {
      const { program, topics } = await meetingProgram('Program Presensi B');
      const video = await buildActivity(t.db, topics[0]!, { type: 'menonton_video' });
      const { member } = await joinProgram(t.app, program.id);
      const res = await post(member.headers, program.id, video.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(attendanceMessages.notMeeting);
    });

    it('refuses outside every schedule, and a meeting without a schedule', async () => {
      const { program, topics } = await meetingProgram('Program Presensi C');
      const past = await buildActivity(t.db, topics[0]!, {
        type: 'berdiskusi_luring',
        content: meetingContent([{ date: '2020-01-06', start: '08:00', end: '10:00' }]),
      });
      const none = await buildActivity(t.db, topics[0]!, { type: 'berdiskusi_daring' });
      const { member } = await joinProgram(t.app, program.id);
      const outside = await post(member.headers, program.id, past.id);
      expect(outside.statusCode).toBe(400);
      expect(outside.json().message).toBe(
        'Presensi dibuka 15 menit sebelum jadwal dimulai sampai jadwal selesai. Semua jadwal aktivitas ini sudah lewat',
      );
      const empty = await post(member.headers, program.id, none.id);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(attendanceMessages.noSchedule);
    });

    it('accepts 15 minutes early and keys each weekly occurrence apart (service, fixed clock)', async () => {
      const { program, topics } = await meetingProgram('Program Presensi D');
      const weekly = await buildActivity(t.db, topics[0]!, {
        type: 'berdiskusi_daring',
        content: {
          ...defaultActivityContent,
          meeting: {
            link: '',
            is_must_participate: 0,
            is_day: '1',
            days: [{ day: 'monday', times: [{ start_time: '08:00', end_time: '10:00' }] }],
            dates: [],
          },
        },
      });
      const { member } = await joinProgram(t.app, program.id);
      const wib = (s: string) => new Date(`${s}:00+07:00`);
      await expect(
        checkIn(t.db, member, program.id, weekly.id, wib('2025-03-03T07:40')),
      ).rejects.toMatchObject({
        status: 400,
        message:
          'Presensi dibuka 15 menit sebelum jadwal dimulai sampai jadwal selesai. Jadwal berikutnya: 3 Maret 2025, 08:00–10:00 WIB',
      });
      const early = await checkIn(t.db, member, program.id, weekly.id, wib('2025-03-03T07:46'));
      expect(early.schedule.key).toBe('2025-03-03 08:00-10:00');
      await expect(
        checkIn(t.db, member, program.id, weekly.id, wib('2025-03-03T09:59')),
      ).rejects.toMatchObject({ status: 400, message: attendanceMessages.already });
      const nextWeek = await checkIn(t.db, member, program.id, weekly.id, wib('2025-03-10T09:00'));
      expect(nextWeek.schedule.key).toBe('2025-03-10 08:00-10:00');
    });

    it('the all-day schedule of these tests holds in the last minute of a day (fixed clock)', async () => {
      const { program, topics } = await meetingProgram('Program Presensi F');
      const wib = (s: string) => new Date(`${s}+07:00`);
      const lastMinute = wib('2025-03-03T23:59:30');
      const meeting = await buildActivity(t.db, topics[0]!, {
        type: 'berdiskusi_daring',
        content: coversNow(lastMinute),
      });
      const { member } = await joinProgram(t.app, program.id);
      const late = await checkIn(t.db, member, program.id, meeting.id, lastMinute);
      expect(late.schedule.key).toBe('2025-03-04 00:00-23:59');
      // A minute later, past midnight: the same occurrence, so the same check-in.
      await expect(
        checkIn(t.db, member, program.id, meeting.id, wib('2025-03-04T00:00:30')),
      ).rejects.toMatchObject({ status: 400, message: attendanceMessages.already });
    });

    it('answers 404 for a program the member did not redeem, 401 for a staff token', async () => {
      const { program, meeting } = await meetingProgram('Program Presensi E');
      const stranger = await registerMember(t.app);
      const res = await post(stranger.headers, program.id, meeting.id);
      expect(res.statusCode).toBe(404);
      // The same 404 as every member route of a program not redeemed (learning, quiz, work).
      const notJoined =
        'Program tidak ditemukan di daftar program Anda. Gunakan kode voucher untuk bergabung dengan program';
      expect(res.json().message).toBe(notJoined);
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/member/v1/program/detail/${program.id}`,
        headers: stranger.headers,
      });
      expect(detail.json()).toMatchObject({ status: 404, message: notJoined });
      expect((await post(admin, program.id, meeting.id)).statusCode).toBe(401);
    });
  });

  describe('staff list and export', () => {
    let programA: Awaited<ReturnType<typeof meetingProgram>>;
    let programB: Awaited<ReturnType<typeof meetingProgram>>;
    let ani: TestMember;
    let budi: TestMember;

    beforeAll(async () => {
      programA = await meetingProgram('Program Daftar A');
      programB = await meetingProgram('Program Daftar B');
      ani = await registerMember(t.app, { fullname: 'Ani Lestari', phone: '6281200000001' });
      budi = await registerMember(t.app, { fullname: 'Budi Hartono', phone: '6281200000002' });
      await joinProgram(t.app, programA.program.id, { member: ani });
      await joinProgram(t.app, programA.program.id, { member: budi });
      await joinProgram(t.app, programB.program.id, { member: ani });
      // Oldest first: Ani A/meeting, Budi A/meeting, Ani A/offline, Ani B/meeting.
      for (const [m, p, a] of [
        [ani, programA.program.id, programA.meeting.id],
        [budi, programA.program.id, programA.meeting.id],
        [ani, programA.program.id, programA.offline.id],
        [ani, programB.program.id, programB.meeting.id],
      ] as const) {
        expect((await post(m.headers, p, a)).statusCode).toBe(200);
      }
      await assignTrainer(t.db, programA.program.id, trainer.user.id);
    });

    const names = (body: AttendanceList) => body.list.map((r) => r.member.fullname);

    it('filters by program and topic, newest first, with every field', async () => {
      const res = await list(`program_id=${programA.program.id}`);
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: AttendanceList }>().data;
      expect(data.total).toBe(3);
      expect(names(data)).toEqual(['Ani Lestari', 'Budi Hartono', 'Ani Lestari']);
      const row = data.list[1]!;
      expect(row.member).toMatchObject({ fullname: 'Budi Hartono', phone: '6281200000002' });
      expect(row.program.title).toBe('Program Daftar A');
      expect(row.topic.name).toBe('Topik 1');
      expect(row.activity.name).toBe('Diskusi Daring 1');

      const topic = await list(`topic_id=${programA.topics[1]!.id}`);
      expect(topic.json<{ data: AttendanceList }>().data.list.map((r) => r.activity.name)).toEqual([
        'Diskusi Luring 1',
      ]);
    });

    it('sorts ascending, searches name and phone, pages', async () => {
      const asc = await list(`program_id=${programA.program.id}&sort=created_at&dir=asc`);
      expect(
        asc
          .json<{ data: AttendanceList }>()
          .data.list.map((r) => `${r.member.fullname}/${r.activity.name}`),
      ).toEqual([
        'Ani Lestari/Diskusi Daring 1',
        'Budi Hartono/Diskusi Daring 1',
        'Ani Lestari/Diskusi Luring 1',
      ]);
      const byName = await list(`q=budi`);
      expect(names(byName.json().data)).toEqual(['Budi Hartono']);
      const byPhone = await list(`q=6281200000001`);
      expect(byPhone.json().data.total).toBe(3);
      // Lists other than the program list: 5 rows unless another size is asked for.
      expect(byPhone.json().data.limit).toBe(5);
      const page2 = await list(`q=62812000000&limit=2&page=2`);
      const paged = page2.json<{ data: AttendanceList }>().data;
      expect(paged).toMatchObject({ limit: 2, page: 2, total: 4 });
      expect(paged.list).toHaveLength(2);
      expect(names(paged)).toEqual(['Budi Hartono', 'Ani Lestari']);
    });

    it('refuses bad input with a clear message', async () => {
      const bad = await list('program_id=abc&limit=0');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(attendanceMessages.programInvalid);
      const sort = await list('sort=fullname');
      expect(sort.statusCode).toBe(400);
    });

    it('scopes a trainer to assigned programs', async () => {
      const all = await list('', trainer.headers);
      expect(all.json().data.total).toBe(3);
      expect((await list(`program_id=${programB.program.id}`, trainer.headers)).statusCode).toBe(
        404,
      );
      expect((await list(`topic_id=${programB.topics[0]!.id}`, trainer.headers)).statusCode).toBe(
        404,
      );
      const mine = await list(`program_id=${programA.program.id}`, trainer.headers);
      expect(mine.json().data.total).toBe(3);
    });

    it('exports the filtered rows as an .xlsx with Indonesian headers', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/presence/v1/company/export?limit=-1&page=1&program_id=${programA.program.id}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(attendanceMessages.exported);
      const { rows } = await downloadSheet(t.app, res.json().data.public_url);
      expect(rows[0]).toEqual([...attendanceExportHeaders]);
      expect(rows).toHaveLength(4);
      expect(rows[1]!.slice(0, 6)).toEqual([
        1,
        'Ani Lestari',
        '6281200000001',
        'Program Daftar A',
        'Topik 2',
        'Diskusi Luring 1',
      ]);
      expect(rows[1]![6]).toBeInstanceOf(Date);

      const paged = await t.app.inject({
        method: 'GET',
        url: '/api/presence/v1/company/export?limit=2&page=2',
        headers: admin,
      });
      const second = await downloadSheet(t.app, paged.json().data.public_url);
      expect(second.rows.map((r) => r[1])).toEqual(['Nama Peserta', 'Budi Hartono', 'Ani Lestari']);

      const scoped = await t.app.inject({
        method: 'GET',
        url: `/api/presence/v1/company/export?program_id=${programB.program.id}`,
        headers: trainer.headers,
      });
      expect(scoped.statusCode).toBe(404);

      // A page past the last row: a clear message instead of an empty file.
      const beyond = await t.app.inject({
        method: 'GET',
        url: '/api/presence/v1/company/export?limit=2&page=50',
        headers: admin,
      });
      expect(beyond.statusCode).toBe(404);
      expect(beyond.json().message).toMatch(/^Tidak ada data untuk diekspor/);
    });
  });
});
