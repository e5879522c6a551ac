import { describe, expect, it } from 'vitest';
import { meetingDriveLink, meetingScheduleLines } from './meeting';

describe('meetingScheduleLines', () => {
  it('writes dates as dates and weekly days with their clock, in WIB', () => {
    expect(
      meetingScheduleLines({
        is_day: '2',
        days: [],
        dates: [{ date: '2026-12-05', times: [{ start_time: '19:00', end_time: '21:00' }] }],
      }),
    ).toEqual(['Sabtu, 5 Desember 2026, 19.00–21.00 WIB']);
    expect(
      meetingScheduleLines({
        is_day: '1',
        days: [{ day: 'saturday', times: [{ start_time: '08:30', end_time: '10:00' }] }],
        dates: [],
      }),
    ).toEqual(['Setiap Sabtu, 08.30–10.00 WIB']);
  });
});

describe('meetingDriveLink', () => {
  it('gives the Drive link only when the author chose to show it', () => {
    const url = 'https://drive.google.com/drive/folders/abc';
    expect(meetingDriveLink({ is_showing: 1, url })).toBe(url);
    expect(meetingDriveLink({ is_showing: 0, url })).toBeNull();
    expect(meetingDriveLink({ is_showing: 1, url: '' })).toBeNull();
    expect(meetingDriveLink(undefined)).toBeNull();
  });
});
