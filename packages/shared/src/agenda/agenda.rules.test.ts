import { describe, expect, it } from 'vitest';
import { agendaEntries, dueReminders, type AgendaSource } from './agenda.rules';

/** Saturday 5 December 2026, 17:00 WIB. */
const now = new Date('2026-12-05T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

const weeklyMeeting: AgendaSource = {
  program_id: '00000000-0000-4000-8000-000000000001',
  program_title: 'Program Mingguan',
  activity_id: '00000000-0000-4000-8000-000000000002',
  activity_name: 'Diskusi Sabtu',
  activity_type: 'berdiskusi_luring',
  content: {
    meeting: {
      link: '',
      is_day: '1',
      days: [{ day: 'saturday', times: [{ start_time: '19:00', end_time: '21:00' }] }],
      dates: [],
    },
  },
  is_complete: false,
  checked_in: [],
};

describe('agendaEntries', () => {
  it('lays a weekly meeting out on each of its days inside the window', () => {
    const { list, truncated } = agendaEntries([weeklyMeeting], [], now, days(15));
    expect(truncated).toBe(false);
    expect(list.map((i) => [i.at, i.occurrence])).toEqual([
      ['2026-12-05T12:00:00.000Z', '2026-12-05 19:00-21:00'],
      ['2026-12-12T12:00:00.000Z', '2026-12-12 19:00-21:00'],
      ['2026-12-19T12:00:00.000Z', '2026-12-19 19:00-21:00'],
    ]);
  });

  it('keeps a running meeting until it ends and marks an attended one', () => {
    const during = new Date('2026-12-05T13:00:00Z');
    const attended = { ...weeklyMeeting, checked_in: ['2026-12-05 19:00-21:00'] };
    const [first] = agendaEntries([attended], [], during, days(2)).list;
    expect(first).toMatchObject({ occurrence: '2026-12-05 19:00-21:00', checked_in: true });
    const after = new Date('2026-12-05T14:00:00Z');
    expect(agendaEntries([attended], [], after, days(2)).list).toEqual([]);
  });

  it('lists a program end inside the window only', () => {
    const end = { program_id: weeklyMeeting.program_id, program_title: 'Program Mingguan' };
    const inside = agendaEntries([], [{ ...end, ends_at: days(3) }], now, days(7)).list;
    expect(inside.map((i) => [i.kind, i.activity])).toEqual([['program_end', null]]);
    expect(agendaEntries([], [{ ...end, ends_at: days(9) }], now, days(7)).list).toEqual([]);
  });
});

describe('dueReminders', () => {
  it('reminds within the lead times only, and not for an attended occurrence', () => {
    expect(dueReminders([weeklyMeeting], new Date('2026-12-05T10:59:00Z'))).toEqual([]);
    expect(
      dueReminders([weeklyMeeting], new Date('2026-12-05T11:00:00Z')).map((r) => r.kind),
    ).toEqual(['meeting_start']);
    // 20:31 WIB: the check-in window closes at 21:00.
    const closing = new Date('2026-12-05T13:31:00Z');
    expect(dueReminders([weeklyMeeting], closing).map((r) => r.kind)).toEqual(['checkin_close']);
    const attended = { ...weeklyMeeting, checked_in: ['2026-12-05 19:00-21:00'] };
    expect(dueReminders([attended], closing)).toEqual([]);
  });
});
