import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activityContentSchema,
  activitySettingsSchema,
  defaultActivityContent,
  defaultActivitySettings,
} from './activities-content.schemas';
import { activityQuizUpdateSchema } from './activities-popup-quiz.schemas';
import {
  activityCreateSchema,
  activityReorderSchema,
  activityUpdateSchema,
} from './activities.schemas';

function errors(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('activitySettingsSchema', () => {
  it('normalises 1/0, true/false and "1"/"0" to 1/0', () => {
    const parsed = activitySettingsSchema.parse({
      estimated_duration: '90',
      is_show_discussion: '2',
      is_show_answer: true,
      set_minimum_value: { is_set: '1', minimum_value: '70' },
      opportunity_repeat_test: '-1',
      is_skip: 'false',
      is_show_timer: 1,
      is_show_score: '0',
      is_random_question: false,
      number_questions_package: 2,
      timer: '',
    });
    expect(parsed).toEqual({
      estimated_duration: 90,
      is_show_discussion: 2,
      is_show_answer: 1,
      set_minimum_value: { is_set: 1, minimum_value: 70 },
      opportunity_repeat_test: -1,
      is_skip: 0,
      is_show_timer: 1,
      is_show_score: 0,
      is_random_question: 0,
      number_questions_package: 2,
      timer: 0,
      // A video's completion share: the default when the author chose none.
      video_completion_percent: 90,
    });
  });

  it('fills defaults', () => {
    expect(defaultActivitySettings.estimated_duration).toBe(0);
    expect(defaultActivitySettings.set_minimum_value).toEqual({ is_set: 0, minimum_value: 0 });
  });

  it('rejects values outside the option lists', () => {
    expect(
      errors(
        activitySettingsSchema.safeParse({
          is_show_discussion: 3,
          opportunity_repeat_test: 5,
          is_skip: 'yes',
          estimated_duration: -1,
          set_minimum_value: { minimum_value: 101 },
        }),
      ),
    ).toEqual({
      estimated_duration: 'Estimasi Durasi harus lebih dari atau sama dengan 0',
      is_show_discussion: 'Pilihan diskusi tidak valid',
      'set_minimum_value.minimum_value': 'Nilai Minimal harus kurang dari atau sama dengan 100',
      opportunity_repeat_test: 'Kesempatan mengulang tidak valid',
      is_skip: 'Nilai harus 1 atau 0',
    });
  });
});

describe('activityContentSchema', () => {
  it('defaults an empty content', () => {
    expect(defaultActivityContent).toEqual({
      description: '',
      file: null,
      link_embed: { is_showing: 0, url: '' },
      meeting: { link: '', is_must_participate: 0, is_day: '1', days: [], dates: [] },
      meta_data: [],
      embed_youtube: [],
      type: 'No Media',
    });
  });

  it('checks YouTube links and meeting schedules with the shared rules', () => {
    const result = activityContentSchema.safeParse({
      embed_youtube: [
        { title: 'Intro', url: 'https://youtu.be/dQw4w9WgXcQ' },
        { title: 'Bad', url: 'https://vimeo.com/1' },
      ],
      meeting: {
        link: 'https://zoom.us/j/1',
        is_must_participate: true,
        is_day: 2,
        dates: [{ date: '2025-02-30', times: [{ start_time: '08:00', end_time: '09:00' }] }],
      },
    });
    expect(errors(result)).toEqual({
      'embed_youtube.1.url': 'URL YouTube tidak valid',
      'meeting.dates.0.date': 'Tanggal tidak valid',
    });
  });

  it('keeps the active meeting list only', () => {
    const parsed = activityContentSchema.parse({
      meeting: {
        is_day: '1',
        days: [{ day: 'monday', times: [{ start_time: '08:00', end_time: '09:00' }] }],
        dates: [{ date: 'x', times: [] }],
      },
    });
    expect(parsed.meeting.dates).toEqual([]);
    expect(parsed.meeting.days).toHaveLength(1);
  });

  it('reports a bad video schedule on meta_data.schedules_data', () => {
    const result = activityContentSchema.safeParse({
      meta_data: [
        { title: 'is_scheduled', content: '1' },
        { title: 'is_show_scheduled', content: '1' },
        {
          title: 'schedules_data',
          content: JSON.stringify({
            is_day: '1',
            days: [{ day: 'someday', times: [{ start_time: '08:00', end_time: '09:00' }] }],
          }),
        },
      ],
    });
    expect(errors(result)).toEqual({ 'meta_data.schedules_data': 'Hari tidak valid' });
  });

  it('rejects a link that is not http(s)', () => {
    expect(
      errors(
        activityContentSchema.safeParse({ link_embed: { is_showing: 1, url: 'javascript:x' } }),
      ),
    ).toEqual({ 'link_embed.url': 'URL tidak valid' });
  });
});

describe('create and update bodies', () => {
  it('requires a name and a known type', () => {
    expect(errors(activityCreateSchema.safeParse({ name: '  ', type: 'nope' }))).toEqual({
      name: 'Judul aktivitas tidak boleh kosong',
      type: 'Jenis aktivitas tidak valid',
    });
    expect(errors(activityCreateSchema.safeParse({}))).toMatchObject({
      name: 'Judul aktivitas tidak boleh kosong',
    });
  });

  it('defaults status publish, settings and content', () => {
    const parsed = activityCreateSchema.parse({ name: 'Video', type: 'menonton_video' });
    expect(parsed.status).toBe('publish');
    expect(parsed.settings).toEqual(defaultActivitySettings);
    expect(parsed.content).toEqual(defaultActivityContent);
    expect(parsed.clone_from).toBeUndefined();
  });

  it('lets update omit the type', () => {
    expect(activityUpdateSchema.parse({ name: 'A' }).type).toBeUndefined();
  });
});

describe('quiz and reorder bodies', () => {
  it('parses a pop-up quiz', () => {
    const parsed = activityQuizUpdateSchema.parse({
      type: 'jigsaw',
      setting: { show_explanation: true, retake: '10', time: { enable: 1, duration: '5' } },
      gameplays: ['0b9a3c1e-8a8e-4c57-9d0e-6f7a1f9b1a11'],
    });
    expect(parsed.setting.show_explanation).toBe(1);
    expect(parsed.setting.retake).toBe(10);
    expect(parsed.setting.time).toEqual({ enable: 1, duration: 5 });
    expect(errors(activityQuizUpdateSchema.safeParse({ setting: {}, gameplays: ['x'] }))).toEqual({
      'gameplays.0': 'Id soal tidak valid',
    });
  });

  it('needs positions from 1', () => {
    expect(activityReorderSchema.parse({ from: '2', to: 1 })).toEqual({ from: 2, to: 1 });
    expect(errors(activityReorderSchema.safeParse({ from: 0 }))).toEqual({
      from: 'from harus lebih dari atau sama dengan 1',
      to: 'to tidak boleh kosong',
    });
  });
});
