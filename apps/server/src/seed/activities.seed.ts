import { asc, eq, notExists } from 'drizzle-orm';
import type { ActivityType } from '@ajar/shared/activities/activities.constants';
import {
  encodeFinishActivity,
  encodeVideoSchedule,
  type MetaEntry,
  type Schedule,
} from '@ajar/shared/activities/activities.rules';
import {
  activityContentSchema,
  activitySettingsSchema,
  type ActivityContentInput,
  type ActivitySettingsInput,
} from '@ajar/shared/activities/activities-content.schemas';
import type { Db } from '../db/client';
import { activities, programs, topics } from '../db/schema';

interface SeedActivity {
  name: string;
  type: ActivityType;
  settings: ActivitySettingsInput;
  content?: ActivityContentInput;
}

/** `YYYY-MM-DD` of a day counted from the seed date, so dated schedules are in the near future. */
function dayFromNow(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return date.toISOString().slice(0, 10);
}

/** A quiz's settings; a pre-test passes `showAnswer` 0 so it does not reveal the post-test's key. */
const testSettings = (minutes: number, showAnswer: 0 | 1 = 1): ActivitySettingsInput => ({
  estimated_duration: minutes,
  is_show_discussion: 0,
  is_show_answer: showAnswer,
  set_minimum_value: { is_set: 1, minimum_value: 60 },
  opportunity_repeat_test: 1,
  is_skip: 0,
  is_show_timer: 1,
  is_show_score: 1,
  is_random_question: 1,
  number_questions_package: 1,
  timer: minutes,
});

const readingSettings = (minutes: number, discussion: 0 | 1 | 2 = 2): ActivitySettingsInput => ({
  estimated_duration: minutes,
  is_show_discussion: discussion,
  is_skip: 1,
});

const weeklyVideo: Schedule = {
  is_day: '1',
  days: [
    { day: 'monday', times: [{ start_time: '08:00', end_time: '12:00' }] },
    {
      day: 'wednesday',
      times: [
        { start_time: '08:00', end_time: '10:00' },
        { start_time: '19:00', end_time: '21:00' },
      ],
    },
  ],
  dates: [],
};

function meetingSchedule(): Schedule {
  return {
    is_day: '2',
    days: [],
    dates: [
      { date: dayFromNow(7), times: [{ start_time: '19:00', end_time: '21:00' }] },
      { date: dayFromNow(14), times: [{ start_time: '19:00', end_time: '21:00' }] },
    ],
  };
}

function finishSchedule(): Schedule {
  return {
    is_day: '2',
    days: [],
    dates: [{ date: dayFromNow(15), times: [{ start_time: '08:00', end_time: '17:00' }] }],
  };
}

const notes: MetaEntry[] = [{ title: 'Persiapan', content: 'Siapkan kamera dan mikrofon.' }];

type Place = 'first' | 'middle' | 'middle-alt' | 'last';

/**
 * Demo programs a new participant can finish on any day and hour: no scheduled video and no
 * meeting (a meeting completes only by a check-in inside its schedule).
 */
export const anyTimeProgram = /public speaking/i;

/** The activities of a topic by its place in the program: opening, middle or closing topic. */
function plan(topicName: string, place: Place, anyTime: boolean): SeedActivity[] {
  if (anyTime) {
    const open = plan(topicName, place === 'middle' ? 'middle-alt' : place, false);
    return open.filter((a) => a.type !== 'berdiskusi_daring' && a.type !== 'berdiskusi_luring');
  }
  const video: SeedActivity = {
    name: `Video: ${topicName}`,
    type: 'menonton_video',
    settings: readingSettings(15),
    content: {
      description: `<p>Tonton video materi <strong>${topicName}</strong> sampai selesai.</p>`,
    },
  };
  if (place === 'first') {
    return [
      { name: 'Pre Test', type: 'pre_test', settings: testSettings(20, 0) },
      video,
      {
        name: `Membaca e-book: ${topicName}`,
        type: 'membaca-e-book',
        settings: readingSettings(30, 1),
        content: {
          description: '<p>Baca panduan berikut dan catat poin pentingnya.</p>',
          type: 'Gambar / File PDF',
        },
      },
      {
        name: `Video Pembelajaran: ${topicName}`,
        type: 'embed_youtube',
        settings: readingSettings(20),
        content: {
          description: '<p>Kumpulan video pendukung materi.</p>',
          embed_youtube: [
            { title: 'Contoh penerapan', url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE' },
            { title: 'Studi kasus', url: 'https://youtu.be/aqz-KE-bpKQ' },
          ],
          type: 'Link',
        },
      },
    ];
  }
  if (place === 'middle-alt') {
    return [
      video,
      {
        name: `Video Pembelajaran: ${topicName}`,
        type: 'embed_youtube',
        settings: readingSettings(25),
        content: {
          embed_youtube: [
            { title: 'Penjelasan materi', url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE' },
          ],
          type: 'Link',
        },
      },
      {
        name: 'Rangkuman Materi',
        type: 'general',
        settings: readingSettings(10, 2),
        content: {
          description: `<p>Ringkasan poin penting <em>${topicName}</em>.</p>`,
        },
      },
      {
        name: `Praktek Mandiri: ${topicName}`,
        type: 'praktek_mandiri',
        settings: readingSettings(45, 1),
        content: { description: '<p>Terapkan materi pada usaha Anda sendiri.</p>' },
      },
      { name: `Quiz: ${topicName}`, type: 'quiz', settings: testSettings(10) },
    ];
  }
  if (place === 'middle') {
    return [
      {
        ...video,
        name: `Video Praktik: ${topicName}`,
        content: {
          description: '<p>Video ini hanya dapat ditonton sesuai jadwal.</p>',
          meta_data: encodeVideoSchedule([], {
            is_scheduled: true,
            is_show_scheduled: true,
            schedule: weeklyVideo,
          }),
        },
      },
      {
        name: 'Diskusi Daring via Zoom',
        type: 'berdiskusi_daring',
        settings: readingSettings(90),
        content: {
          description: `<p>Diskusi bersama fasilitator tentang ${topicName}.</p>`,
          link_embed: {
            is_showing: 1,
            url: 'https://drive.google.com/drive/folders/materi-diskusi',
          },
          meeting: {
            link: 'https://zoom.us/j/81234567890',
            is_must_participate: 1,
            ...meetingSchedule(),
          },
          meta_data: encodeFinishActivity(notes, finishSchedule()),
          type: 'Link',
        },
      },
      {
        name: `Praktek Mandiri: ${topicName}`,
        type: 'praktek_mandiri',
        settings: readingSettings(60, 1),
        content: {
          description: '<p>Kerjakan tugas praktik dan unggah hasilnya.</p>',
        },
      },
      { name: `Quiz: ${topicName}`, type: 'quiz', settings: testSettings(15) },
    ];
  }
  return [
    {
      name: 'Evaluasi Pembelajaran',
      type: 'evaluasi',
      settings: readingSettings(10, 0),
      content: {
        description: '<p>Isi formulir evaluasi berikut.</p>',
        link_embed: {
          is_showing: 1,
          url: 'https://docs.google.com/forms/d/e/evaluasi-ajar/viewform',
        },
        type: 'Link',
      },
    },
    {
      name: 'Diskusi Luring di Kelas',
      type: 'berdiskusi_luring',
      settings: readingSettings(120, 0),
      content: {
        description: '<p>Pertemuan tatap muka di ruang kelas.</p>',
        meeting: {
          is_day: '1',
          days: [{ day: 'saturday', times: [{ start_time: '09:00', end_time: '11:00' }] }],
        },
      },
    },
    {
      name: `Evaluasi Praktek Mandiri: ${topicName}`,
      type: 'evaluasi_praktek_mandiri',
      settings: readingSettings(30, 1),
      content: { description: '<p>Nilai hasil praktik mandiri.</p>' },
    },
    { name: 'Post Test', type: 'post_test', settings: testSettings(20) },
  ];
}

/**
 * Demo activities for every topic that has none: 3 to 5 per topic, the first topic of a program
 * opens with a pre-test, the last closes with a post-test (its own questions, see the quiz seed).
 * Values pass through the shared schemas, so the demo data is what the API would have stored.
 */
export async function seedActivities(db: Db): Promise<number> {
  const empty = await db
    .select({
      id: topics.id,
      name: topics.name,
      program_id: topics.program_id,
      title: programs.title,
    })
    .from(topics)
    .innerJoin(programs, eq(programs.id, topics.program_id))
    .where(notExists(db.select().from(activities).where(eq(activities.topic_id, topics.id))))
    .orderBy(asc(topics.program_id), asc(topics.seq));
  const byProgram = new Map<string, (typeof empty)[number][]>();
  for (const topic of empty) {
    byProgram.set(topic.program_id, [...(byProgram.get(topic.program_id) ?? []), topic]);
  }
  let created = 0;
  for (const [programId, list] of byProgram) {
    for (const [index, topic] of list.entries()) {
      const place: Place =
        index === 0
          ? 'first'
          : index === list.length - 1
            ? 'last'
            : index % 2 === 0
              ? 'middle-alt'
              : 'middle';
      const anyTime = anyTimeProgram.test(topic.title);
      for (const [i, item] of plan(topic.name, place, anyTime).entries()) {
        await db.insert(activities).values({
          program_id: programId,
          topic_id: topic.id,
          name: item.name,
          type: item.type,
          seq: i + 1,
          status: 'publish',
          settings: activitySettingsSchema.parse(item.settings),
          content: activityContentSchema.parse(item.content ?? {}),
        });
        created += 1;
      }
    }
  }
  return created;
}
