import { describe, expect, it } from 'vitest';
import {
  activityContentForm,
  activityFileKind,
  activityRedirectAfterCreate,
  activityTypeLabel,
  activityTypes,
  isQuizActivityType,
} from './activities.constants';
import {
  checkMetaSchedules,
  checkSchedule,
  decodeFinishActivity,
  decodeVideoSchedule,
  encodeFinishActivity,
  encodeVideoSchedule,
  freeMeta,
  isValidDate,
  isValidTime,
  setMeta,
  sortSchedule,
  validateSchedule,
  youtubeEmbedUrl,
  youtubeVideoId,
  type Schedule,
} from './activities.rules';

const byDay = (days: Schedule['days']): Schedule => ({ is_day: '1', days, dates: [] });
const byDate = (dates: Schedule['dates']): Schedule => ({ is_day: '2', days: [], dates });
const t = (start_time: string, end_time: string) => ({ start_time, end_time });

describe('activity type labels and forms', () => {
  it('uses the fixed labels and spaces for underscores', () => {
    expect(activityTypeLabel('embed_youtube')).toBe('Video Pembelajaran');
    expect(activityTypeLabel('membaca-e-book')).toBe('Membaca e-book');
    expect(activityTypeLabel('pre_test')).toBe('Pre Test');
    expect(activityTypeLabel('menonton_video')).toBe('Menonton Video');
    expect(activityTypeLabel('evaluasi_praktek_mandiri')).toBe('Evaluasi Praktek Mandiri');
    expect(activityTypeLabel('general')).toBe('General');
  });

  it('gives every type a form, quiz types none', () => {
    for (const type of activityTypes) {
      expect(activityContentForm[type] === null).toBe(isQuizActivityType(type));
    }
    expect(activityFileKind('menonton_video')).toBe('video');
    expect(activityFileKind('membaca-e-book')).toBe('pdf');
    expect(activityFileKind('general')).toBeNull();
  });

  it('redirects quiz-like types to the edit screen', () => {
    expect(activityRedirectAfterCreate('pre_test').route).toBe('activity-edit');
    expect(activityRedirectAfterCreate('quiz').route).toBe('activity-edit');
    expect(activityRedirectAfterCreate('post_test').route).toBe('activity-edit');
    expect(activityRedirectAfterCreate('menonton_video')).toEqual({
      route: 'program-detail',
      delayMs: 1000,
    });
  });
});

describe('time and date checks', () => {
  it.each([
    ['00:00', true],
    ['23:59', true],
    ['24:00', false],
    ['7:30', false],
    ['12:60', false],
    ['12:30:00', false],
    ['', false],
  ])('time %s → %s', (value, expected) => expect(isValidTime(value)).toBe(expected));

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-04-31', false],
    ['2025-12-31', true],
    ['2025-13-01', false],
    ['25-01-01', false],
    ['2025-1-1', false],
  ])('date %s → %s', (value, expected) => expect(isValidDate(value)).toBe(expected));
});

describe('validateSchedule', () => {
  it('accepts a good schedule by day and by date', () => {
    expect(
      validateSchedule(
        byDay([
          { day: 'monday', times: [t('08:00', '09:00'), t('09:00', '10:00')] },
          { day: 'friday', times: [t('13:00', '15:30')] },
        ]),
      ),
    ).toEqual([]);
    expect(
      validateSchedule(byDate([{ date: '2025-08-17', times: [t('19:00', '21:00')] }])),
    ).toEqual([]);
  });

  it('reports bad times on their field', () => {
    const issues = validateSchedule(
      byDay([{ day: 'monday', times: [t('8:00', '09:00'), t('10:00', '09:00'), t('', '')] }]),
    );
    expect(issues).toEqual([
      { path: ['days', 0, 'times', 0, 'start_time'], message: 'Format jam harus HH:mm' },
      { path: ['days', 0, 'times', 1, 'end_time'], message: 'Jam selesai harus setelah jam mulai' },
      { path: ['days', 0, 'times', 2, 'start_time'], message: 'Jam mulai tidak boleh kosong' },
      { path: ['days', 0, 'times', 2, 'end_time'], message: 'Jam selesai tidak boleh kosong' },
    ]);
  });

  it('rejects equal start and end', () => {
    expect(
      validateSchedule(byDay([{ day: 'monday', times: [t('08:00', '08:00')] }]))[0]?.message,
    ).toBe('Jam selesai harus setelah jam mulai');
  });

  it('rejects overlapping ranges in one day, allows touching ranges', () => {
    const issues = validateSchedule(
      byDay([{ day: 'tuesday', times: [t('08:00', '10:00'), t('09:30', '11:00')] }]),
    );
    expect(issues).toEqual([
      {
        path: ['days', 0, 'times', 1, 'start_time'],
        message: 'Jam 09:30 - 11:00 bertabrakan dengan jam 08:00 - 10:00',
      },
    ]);
    expect(
      validateSchedule(
        byDay([{ day: 'tuesday', times: [t('10:00', '11:00'), t('08:00', '10:00')] }]),
      ),
    ).toEqual([]);
    // A range inside another overlaps too.
    expect(
      validateSchedule(
        byDate([{ date: '2025-01-02', times: [t('08:00', '12:00'), t('09:00', '10:00')] }]),
      ),
    ).toHaveLength(1);
  });

  it('rejects unknown and duplicate days, bad and duplicate dates', () => {
    expect(
      validateSchedule(
        byDay([
          { day: 'monday', times: [t('08:00', '09:00')] },
          { day: 'monday', times: [t('10:00', '11:00')] },
          { day: 'funday' as 'monday', times: [t('08:00', '09:00')] },
        ]),
      ).map((i) => i.message),
    ).toEqual(['Jadwal hari Senin sudah ada', 'Hari tidak valid']);
    expect(
      validateSchedule(
        byDate([
          { date: '2025-02-30', times: [t('08:00', '09:00')] },
          { date: '2025-03-01', times: [t('08:00', '09:00')] },
          { date: '2025-03-01', times: [t('10:00', '11:00')] },
          { date: '', times: [t('10:00', '11:00')] },
        ]),
      ).map((i) => i.message),
    ).toEqual([
      'Tanggal tidak valid',
      'Jadwal tanggal 2025-03-01 sudah ada',
      'Tanggal tidak boleh kosong',
    ]);
  });

  it('requires entries and times when asked', () => {
    expect(validateSchedule(byDay([]), { requireEntries: true })[0]?.message).toBe(
      'Jadwal hari tidak boleh kosong',
    );
    expect(validateSchedule(byDate([]), { requireEntries: true })[0]?.message).toBe(
      'Jadwal tanggal tidak boleh kosong',
    );
    expect(validateSchedule(byDay([]))).toEqual([]);
    expect(validateSchedule(byDay([{ day: 'monday', times: [] }]))[0]?.message).toBe(
      'Jam tidak boleh kosong',
    );
  });
});

describe('checkSchedule on untrusted input', () => {
  it('rejects non-objects and unknown modes', () => {
    expect(checkSchedule('x').issues[0]?.message).toBe('Format jadwal tidak valid');
    expect(checkSchedule({ is_day: '3' }).issues[0]?.message).toBe('Tipe jadwal tidak valid');
    expect(checkSchedule({ is_day: '1', days: 'monday' }).issues[0]?.message).toBe(
      'Format jadwal tidak valid',
    );
  });

  it('keeps only the active list and accepts numeric modes', () => {
    const result = checkSchedule({
      is_day: 2,
      days: [{ day: 'nope', times: [] }],
      dates: [{ date: '2025-05-05', times: [{ start_time: '08:00', end_time: '09:00' }] }],
    });
    expect(result.issues).toEqual([]);
    expect(result.schedule).toEqual(byDate([{ date: '2025-05-05', times: [t('08:00', '09:00')] }]));
  });
});

describe('meta_data encoding', () => {
  const schedule = byDay([
    { day: 'wednesday', times: [t('10:00', '11:00'), t('08:00', '09:00')] },
    { day: 'monday', times: [t('08:00', '09:00')] },
  ]);

  it('round-trips the video schedule and keeps free entries', () => {
    const meta = encodeVideoSchedule([{ title: 'Catatan', content: 'Bawa laptop' }], {
      is_scheduled: true,
      is_show_scheduled: true,
      schedule,
    });
    expect(meta.map((m) => m.title)).toEqual([
      'Catatan',
      'is_scheduled',
      'is_show_scheduled',
      'schedules_data',
    ]);
    const decoded = decodeVideoSchedule(meta);
    expect(decoded.is_scheduled).toBe(true);
    expect(decoded.is_show_scheduled).toBe(true);
    expect(decoded.schedule).toEqual(sortSchedule(schedule));
    expect(decoded.schedule.days.map((d) => d.day)).toEqual(['monday', 'wednesday']);
    expect(freeMeta(meta)).toEqual([{ title: 'Catatan', content: 'Bawa laptop' }]);
    expect(checkMetaSchedules(meta)).toEqual({});
  });

  it('drops the schedule and the show flag when not scheduled', () => {
    const meta = encodeVideoSchedule([], {
      is_scheduled: false,
      is_show_scheduled: true,
      schedule,
    });
    expect(meta).toEqual([
      { title: 'is_scheduled', content: '0' },
      { title: 'is_show_scheduled', content: '0' },
    ]);
    expect(decodeVideoSchedule(meta).schedule).toEqual({ is_day: '1', days: [], dates: [] });
  });

  it('round-trips the finish schedule', () => {
    const finish = byDate([{ date: '2025-09-01', times: [t('15:00', '16:00')] }]);
    const meta = encodeFinishActivity([], finish);
    expect(decodeFinishActivity(meta)).toEqual(finish);
    expect(decodeFinishActivity(encodeFinishActivity(meta, null))).toBeNull();
  });

  it('reports schedule problems by entry title', () => {
    expect(
      checkMetaSchedules([
        { title: 'is_scheduled', content: '1' },
        {
          title: 'schedules_data',
          content: JSON.stringify(byDay([{ day: 'monday', times: [t('09:00', '08:00')] }])),
        },
        { title: 'finish_activity', content: '{not json' },
      ]),
    ).toEqual({
      schedules_data: 'Jam selesai harus setelah jam mulai',
      finish_activity: 'Format jadwal tidak valid',
    });
    // Scheduled without data, and an unscheduled video whose data is ignored.
    expect(checkMetaSchedules([{ title: 'is_scheduled', content: '1' }])).toEqual({
      schedules_data: 'Jadwal hari tidak boleh kosong',
    });
    expect(
      checkMetaSchedules([
        { title: 'is_scheduled', content: '0' },
        { title: 'schedules_data', content: 'junk' },
      ]),
    ).toEqual({});
  });

  it('setMeta replaces in place and removes duplicates', () => {
    const meta = [
      { title: 'a', content: '1' },
      { title: 'b', content: '2' },
      { title: 'a', content: '3' },
    ];
    expect(setMeta(meta, 'a', 'x')).toEqual([
      { title: 'a', content: 'x' },
      { title: 'b', content: '2' },
    ]);
    expect(setMeta(meta, 'a', undefined)).toEqual([{ title: 'b', content: '2' }]);
    expect(setMeta(meta, 'c', 'y')).toHaveLength(4);
  });
});

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=x', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ?feature=share', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://WWW.YouTube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  https://youtu.be/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
    ['http://youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://notyoutube.com/watch?v=dQw4w9WgXcQ', null],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQxx', null],
    ['https://www.youtube.com/channel/UC38IQsAvIsxxjztdMZQtwHA', null],
    ['https://www.youtube.com/watch?v=short', null],
    ['https://vimeo.com/123', null],
    ['https://evil.com/youtube.com/watch?v=dQw4w9WgXcQ', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
  ])('%s → %s', (url, id) => expect(youtubeVideoId(url)).toBe(id));

  it('embeds in the privacy-enhanced mode, and embeds nothing else', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(embed);
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(embed);
    expect(youtubeEmbedUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe(embed);
    expect(youtubeEmbedUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
  });
});
