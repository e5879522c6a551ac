import { describe, expect, it } from 'vitest';
import { activityCreateSchema, type Activity } from '@ajar/shared/activities/activities.schemas';
import { scheduleMessages } from '@ajar/shared/activities/activities.rules';
import {
  activityFormSchema,
  activityToForm,
  buildContent,
  buildCreatePayload,
  buildUpdatePayload,
  emptyActivityForm,
  formPathOfServerField,
  reservedMetaMessage,
  tabOfPath,
  tabsFor,
  type ActivityFormValues,
} from './activity-form-model';

function form(patch: Partial<ActivityFormValues>): ActivityFormValues {
  return { ...emptyActivityForm(), name: 'Aktivitas', ...patch };
}

function issuesOf(values: ActivityFormValues): Record<string, string> {
  const result = activityFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const videoSchedule = {
  is_scheduled: 1 as const,
  is_show_scheduled: 1 as const,
  schedule: {
    is_day: '1' as const,
    days: [
      {
        day: 'monday' as const,
        times: [
          { start_time: '08:00', end_time: '09:00' },
          { start_time: '13:00', end_time: '15:30' },
        ],
      },
    ],
    dates: [],
  },
};

describe('activity form model', () => {
  it('encodes the video schedule into meta_data and reads it back', () => {
    const values = form({ type: 'menonton_video', video_schedule: videoSchedule });
    const content = buildContent(values);
    const titles = (content.meta_data as { title: string }[]).map((m) => m.title);
    expect(titles).toEqual(['is_scheduled', 'is_show_scheduled', 'schedules_data']);

    const parsed = activityCreateSchema.parse(buildCreatePayload(values));
    const activity = {
      id: '00000000-0000-4000-8000-000000000001',
      name: parsed.name,
      type: parsed.type,
      settings: parsed.settings,
      content: parsed.content,
    } as unknown as Activity;
    const back = activityToForm(activity);
    expect(back.video_schedule).toEqual(videoSchedule);
    expect(back.meta).toEqual([]);
  });

  it('sends settings as numbers and flags as 1/0, status publish', () => {
    const values = form({ type: 'exam' });
    values.settings.timer = '90';
    values.settings.is_show_timer = 1;
    const payload = buildUpdatePayload(values);
    expect(payload.status).toBe('publish');
    expect(payload.settings).toMatchObject({ timer: 90, is_show_timer: 1, is_skip: 0 });
  });

  it('reports an end time before the start time beside the field', () => {
    const values = form({
      type: 'menonton_video',
      video_schedule: {
        ...videoSchedule,
        schedule: {
          ...videoSchedule.schedule,
          days: [{ day: 'monday', times: [{ start_time: '10:00', end_time: '09:00' }] }],
        },
      },
    });
    expect(issuesOf(values)).toEqual({
      'video_schedule.schedule.days.0.times.0.end_time': scheduleMessages.endAfterStart,
    });
  });

  it('does not check the schedule of an unscheduled video or of another type', () => {
    const broken = {
      ...videoSchedule,
      is_scheduled: 0 as const,
      schedule: { ...videoSchedule.schedule, days: [] },
    };
    expect(issuesOf(form({ type: 'menonton_video', video_schedule: broken }))).toEqual({});
    expect(
      issuesOf(form({ type: 'general', video_schedule: { ...broken, is_scheduled: 1 } })),
    ).toEqual({});
  });

  it('checks the meeting schedules, the links and the metadata titles', () => {
    const values = form({ type: 'berdiskusi_daring' });
    values.content.meeting = {
      link: 'bukan url',
      is_must_participate: 0,
      is_day: '2',
      days: [],
      dates: [{ date: '2030-01-10', times: [{ start_time: '09:00', end_time: '' }] }],
    };
    values.finish = { is_day: '1', days: [{ day: 'friday', times: [] }], dates: [] };
    values.meta = [
      { title: 'Pemateri', content: 'Budi' },
      { title: '', content: 'x' },
      { title: 'finish_activity', content: 'x' },
    ];
    const issues = issuesOf(values);
    expect(issues['content.meeting.link']).toBe('URL tidak valid');
    expect(issues['content.meeting.dates.0.times.0.end_time']).toBe(scheduleMessages.endRequired);
    expect(issues['finish.days.0.times']).toBe(scheduleMessages.timesRequired);
    expect(issues['meta.1.title']).toBe('Judul tidak boleh kosong');
    expect(issues['meta.2.title']).toBe(reservedMetaMessage('finish_activity'));
    expect(issues.name).toBeUndefined();
  });

  it('reports a missing title and type together with the content problems', () => {
    const values = { ...form({}), name: ' ', type: '' as const };
    const issues = issuesOf(values);
    expect(issues.name).toBe('Judul aktivitas tidak boleh kosong');
    expect(issues.type).toBe('Jenis aktivitas tidak boleh kosong');
  });

  it('keeps only what the type edits and the meeting finish schedule in meta_data', () => {
    const values = form({ type: 'berdiskusi_luring' });
    values.content.embed_youtube = [{ title: 'x', url: 'https://youtu.be/dQw4w9WgXcQ' }];
    values.meta = [{ title: 'Tempat', content: 'Aula' }];
    values.finish = {
      is_day: '2',
      days: [],
      dates: [{ date: '2030-02-01', times: [{ start_time: '16:00', end_time: '17:00' }] }],
    };
    const content = buildContent(values);
    expect(content.embed_youtube).toEqual([]);
    expect(content.type).toBe('Link');
    const meta = content.meta_data as { title: string; content: string }[];
    expect(meta.map((m) => m.title)).toEqual(['Tempat', 'finish_activity']);
    expect(JSON.parse(meta[1]!.content)).toMatchObject({ is_day: '2', dates: values.finish.dates });

    values.finish = { is_day: '1', days: [], dates: [] };
    expect((buildContent(values).meta_data as { title: string }[]).map((m) => m.title)).toEqual([
      'Tempat',
    ]);
  });

  it('copies a pre test only for a post test', () => {
    const cloneFrom = '00000000-0000-4000-8000-000000000002';
    expect(
      buildCreatePayload(form({ type: 'post_test', clone_pre_test: true }), { cloneFrom }),
    ).toMatchObject({ clone_from: cloneFrom });
    expect(
      buildCreatePayload(form({ type: 'quiz', clone_pre_test: true }), { cloneFrom }),
    ).not.toHaveProperty('clone_from');
  });

  it('places server messages on their fields and tabs', () => {
    const values = form({ type: 'berdiskusi_daring', meta: [{ title: 'a', content: 'b' }] });
    expect(formPathOfServerField('name', values)).toBe('name');
    expect(formPathOfServerField('settings.timer', values)).toBe('settings.timer');
    expect(formPathOfServerField('content.meta_data.0.title', values)).toBe('meta.0.title');
    expect(formPathOfServerField('content.meta_data.finish_activity', values)).toBe('finish.days');
    expect(formPathOfServerField('content.file', values)).toBe('file');
    expect(formPathOfServerField('payload', values)).toBeNull();
    expect(tabOfPath('settings.timer')).toBe('settings');
    expect(tabOfPath('clone_pre_test')).toBe('detail');
    expect(tabOfPath('meta.0.title')).toBe('content');
  });

  it('has no content tab for question types', () => {
    expect(tabsFor('pre_test')).toEqual(['detail', 'settings']);
    expect(tabsFor('quiz', true)).toEqual(['detail', 'settings', 'questions']);
    expect(tabsFor('menonton_video')).toEqual(['detail', 'settings', 'content', 'popup']);
    expect(tabsFor('general')).toEqual(['detail', 'settings', 'content']);
  });
});
