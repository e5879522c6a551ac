import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeFinishActivity,
  decodeVideoSchedule,
} from '@ajar/shared/activities/activities.rules';
import { activitySchema } from '@ajar/shared/activities/activities.schemas';
import { seedActivities } from './activities.seed';
import { activities } from '../db/schema';
import { buildProgramWithTopics } from '../test/factories/activities';
import { signedIn } from '../test/factories/users';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seedActivities', () => {
  it('fills empty topics with valid activities, once', async () => {
    const { program, topics } = await buildProgramWithTopics(t.db, {
      topics: 4,
      title: 'Digital Marketing',
    });
    const created = await seedActivities(t.db);
    expect(created).toBe(17);
    expect(await seedActivities(t.db)).toBe(0);

    const rows = await t.db
      .select()
      .from(activities)
      .where(eq(activities.program_id, program.id))
      .orderBy(activities.seq);
    const seqs = topics.map((topic) =>
      rows.filter((r) => r.topic_id === topic.id).map((r) => r.seq),
    );
    expect(seqs).toEqual([
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4, 5],
      [1, 2, 3, 4],
    ]);
    const pre = rows.find((r) => r.type === 'pre_test')!;
    const post = rows.find((r) => r.type === 'post_test')!;
    // The post-test has its own questions (quiz seed); the pre-test does not reveal its answers.
    expect(post).toMatchObject({ is_clone: false, clone_of: null });
    expect(pre.settings).toMatchObject({ is_show_answer: 0 });

    // Every seeded activity reads back through the API in the response shape.
    const { headers } = await signedIn(t.db, 'admin');
    for (const row of rows) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/activity/${program.id}/${row.topic_id}/${row.id}/show`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(activitySchema.safeParse(res.json().data).success).toBe(true);
    }
    const video = rows.find((r) => r.name.startsWith('Video Praktik:'))!;
    const meta = (video.content as { meta_data: { title: string; content: string }[] }).meta_data;
    expect(decodeVideoSchedule(meta).is_scheduled).toBe(true);
    const meeting = rows.find((r) => r.type === 'berdiskusi_daring')!;
    const meetingMeta = (meeting.content as { meta_data: { title: string; content: string }[] })
      .meta_data;
    expect(decodeFinishActivity(meetingMeta)?.dates).toHaveLength(1);
  });

  it('leaves the any-time demo program free of schedules, so it can be finished at any hour', async () => {
    const { program } = await buildProgramWithTopics(t.db, {
      topics: 3,
      title: 'Public Speaking dan Presentasi Efektif',
    });
    await seedActivities(t.db);
    const rows = await t.db.select().from(activities).where(eq(activities.program_id, program.id));
    expect(rows.length).toBeGreaterThan(8);
    expect(rows.filter((r) => r.type.startsWith('berdiskusi_'))).toEqual([]);
    for (const row of rows) {
      const meta = (row.content as { meta_data?: { title: string; content: string }[] }).meta_data;
      expect(decodeVideoSchedule(meta).is_scheduled, row.name).toBe(false);
      expect(decodeFinishActivity(meta), row.name).toBeNull();
    }
  });
});
