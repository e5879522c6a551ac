import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActivities } from './activities.seed';
import { seedPopupQuiz } from './popup-quiz.seed';
import { seededTopics, seedPrograms } from './programs.seed';
import { activities } from '../db/schema';
import { seedStudies } from './studies.seed';
import { seedUsers } from './users.seed';
import { createTestApp, type TestApp } from '../test/test-app';
import { signedIn } from '../test/factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seedPopupQuiz', () => {
  it('gives the first program’s video a playable file and quizzes of all four types', async () => {
    await seedUsers(t.db);
    await seedStudies(t.db);
    await seedPrograms(t.db);
    await seedActivities(t.db);
    expect(await seedPopupQuiz(t.db, t.app.storage)).toBe(4);
    expect(await seedPopupQuiz(t.db, t.app.storage)).toBe(0);

    const admin = (await signedIn(t.db, 'admin')).headers;
    const [first] = await seededTopics(t.db);
    const [row] = await t.db
      .select()
      .from(activities)
      .where(
        and(eq(activities.program_id, first!.program_id), eq(activities.type, 'menonton_video')),
      )
      .orderBy(asc(activities.created_at))
      .limit(1);
    const show = await t.app.inject({
      method: 'GET',
      url: `/api/v1/activity/${row!.program_id}/${row!.topic_id}/${row!.id}/show`,
      headers: admin,
    });
    const video = show.json().data;
    expect(video.content.file).toMatchObject({ mime: 'video/mp4', name: 'video-demo.mp4' });
    const file = await t.app.inject({ method: 'GET', url: video.content.file.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('video/mp4');

    const quizzes = video.quiz.quizzes as { second: number; type: string; gameplays: string[] }[];
    expect(quizzes.map((q) => [q.second, q.type])).toEqual([
      [3, 'multiple_choice'],
      [6, 'jigsaw'],
      [8, 'matching_word'],
      [10, 'finding_word'],
    ]);
    const ids = quizzes.flatMap((q) => q.gameplays);
    const questions = await t.app.inject({
      method: 'GET',
      url: `/api/gameplay/v1/show_multi?ids=${ids.join(',')}`,
      headers: admin,
    });
    expect(questions.json().data.map((g: { type: string }) => g.type)).toEqual([
      'multiple_choice',
      'jigsaw',
      'matching_word',
      'finding_word',
    ]);
  });
});
