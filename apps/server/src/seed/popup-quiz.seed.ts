import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { activityContentSchema } from '@ajar/shared/activities/activities-content.schemas';
import {
  type ActivityQuiz,
  type PopupQuizSetting,
} from '@ajar/shared/activities/activities-popup-quiz.schemas';
import {
  gameplayCreateSchema,
  type GameplayCreateInput,
} from '@ajar/shared/popup-quiz/popup-quiz.schemas';
import { serverPath } from '../lib/server-root';
import type { Storage } from '../lib/storage';
import type { Db } from '../db/client';
import { activities, gameplays, topics } from '../db/schema';
import { seededTopics } from './programs.seed';
import { seedStorage, uploadSeedFile } from './seed-uploads';

/** The demo video: 12 s, VP9 in MP4 (plays in Debian's chromium). */
const videoFile = serverPath('src/seed/assets/video-demo.mp4');

const setting: PopupQuizSetting = {
  show_explanation: 1,
  show_answer_explanation: 1,
  skip: 0,
  show_score: 1,
  minimum_score: 60,
  retake: -1,
  is_random: 0,
  time: { enable: 0, duration: 0 },
};

/** One pop-up quiz of each type, at seconds 3, 6, 8 and 10 of the 12-second video. */
const plan: {
  second: number;
  instruction: string;
  questions: Omit<GameplayCreateInput, 'activity_id'>[];
}[] = [
  {
    second: 3,
    instruction: 'Pilih satu jawaban yang paling tepat.',
    questions: [
      {
        type: 'multiple_choice',
        question: { text: 'Apa tujuan utama pemasaran digital bagi UMKM?' },
        point: 10,
        time: 30,
        options: [
          { text: 'Menjangkau lebih banyak pelanggan' },
          { text: 'Mengurangi jumlah produk' },
          { text: 'Menutup toko fisik' },
        ],
        correct_answers: ['Menjangkau lebih banyak pelanggan'],
        explanation: { text: 'Kanal digital membuka pasar di luar lingkungan sekitar toko.' },
      },
    ],
  },
  {
    second: 6,
    instruction: 'Tentukan apakah pernyataan berikut benar atau salah.',
    questions: [
      {
        type: 'jigsaw',
        question: { text: 'Media sosial hanya cocok untuk usaha besar.' },
        point: 5,
        time: 20,
        options: [{ text: 'Benar' }, { text: 'Salah' }],
        correct_answers: ['Salah'],
        explanation: { text: 'Usaha kecil justru diuntungkan oleh biaya promosi yang rendah.' },
      },
    ],
  },
  {
    second: 8,
    instruction: 'Pasangkan istilah dengan artinya.',
    questions: [
      {
        type: 'matching_word',
        question: null,
        point: 10,
        time: 60,
        options: [{ text: 'Konten' }, { text: 'Engagement' }, { text: 'Target pasar' }],
        matching_options: [
          { text: 'Materi yang dibagikan' },
          { text: 'Interaksi audiens' },
          { text: 'Calon pembeli yang dituju' },
        ],
      },
    ],
  },
  {
    second: 10,
    instruction: 'Temukan kata-kata berikut di dalam kotak huruf.',
    questions: [
      {
        type: 'finding_word',
        question: null,
        point: 10,
        duration: 120,
        options: [{ text: 'IKLAN' }, { text: 'PROMO' }, { text: 'KONTEN' }, { text: 'PASAR' }],
      },
    ],
  },
];

/**
 * Gives the first seeded program's first video a real video (stored through the media upload,
 * like a user's) and pop-up quizzes of all four types. Skips a video that already has a file.
 * Returns the number of quizzes created.
 */
export async function seedPopupQuiz(db: Db, storage?: Storage): Promise<number> {
  const [first] = await seededTopics(db);
  if (!first) return 0;
  const [video] = await db
    .select()
    .from(activities)
    .innerJoin(topics, eq(topics.id, activities.topic_id))
    .where(and(eq(activities.program_id, first.program_id), eq(activities.type, 'menonton_video')))
    .orderBy(asc(topics.seq), asc(activities.seq))
    .limit(1);
  if (!video) return 0;
  const row = video.activities;
  const content = activityContentSchema.parse(row.content ?? {});
  if (content.file) return 0;

  const media = await uploadSeedFile(
    db,
    await seedStorage(storage),
    videoFile,
    'Video demo pop up quiz',
  );

  const quizzes: ActivityQuiz['quizzes'] = [];
  for (const item of plan) {
    const ids: string[] = [];
    for (const question of item.questions) {
      const body = gameplayCreateSchema.parse({ ...question, activity_id: row.id });
      const [g] = await db
        .insert(gameplays)
        .values({
          activity_id: row.id,
          type: body.type,
          question: body.question,
          point: body.point,
          time: body.time,
          duration: body.duration,
          options: body.options,
          matching_options: body.matching_options,
          correct_answers: body.correct_answers,
          explanation: body.explanation,
        })
        .returning({ id: gameplays.id });
      ids.push(g!.id);
    }
    quizzes.push({
      id: randomUUID(),
      type: item.questions[0]!.type,
      instruction: item.instruction,
      second: item.second,
      gameplays: ids,
    });
  }
  const quiz: ActivityQuiz = { setting, quizzes };
  await db
    .update(activities)
    .set({
      content: {
        ...content,
        file: {
          id: media.id,
          url: media.public_url,
          name: 'video-demo.mp4',
          size: media.size,
          mime: media.mime,
        },
      },
      quiz,
      updated_at: new Date(),
    })
    .where(eq(activities.id, row.id));
  return quizzes.length;
}
