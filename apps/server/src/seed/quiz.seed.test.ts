import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupSchema, packetSchema } from '@ajar/shared/quiz/quiz.schemas';
import { questionErrors } from '@ajar/shared/quiz/quiz.rules';
import { seedActivities } from './activities.seed';
import { seedQuiz } from './quiz.seed';
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

describe('seedQuiz', () => {
  it('gives every quiz-type activity valid packets of both question types, once', async () => {
    const { program, topics } = await buildProgramWithTopics(t.db, {
      topics: 3,
      title: 'Digital Marketing untuk UMKM',
    });
    await seedActivities(t.db);
    const seeded = await seedQuiz(t.db);
    expect(seeded).toBeGreaterThanOrEqual(3);
    expect(await seedQuiz(t.db)).toBe(0);

    const admin = (await signedIn(t.db, 'admin')).headers;
    const types = new Set<string>();
    const asked = new Map<string, Set<string>>();
    let checked = 0;
    for (const topic of topics) {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/topic/v1/list?program_id=${program.id}&with_activities=1&limit=-1`,
        headers: admin,
      });
      const activities = (
        list.json().data.list.find((x: { id: string }) => x.id === topic.id).activities as {
          id: string;
          type: string;
        }[]
      ).filter((a) => ['pre_test', 'quiz', 'post_test', 'exam'].includes(a.type));
      for (const activity of activities) {
        const base = `/api/v1/packet/${program.id}/${topic.id}/${activity.id}`;
        const packets = (
          await t.app.inject({ method: 'GET', url: `${base}/list`, headers: admin })
        ).json().data.list;
        expect(packets.length, activity.type).toBeGreaterThan(0);
        for (const packet of packets) {
          packetSchema.parse(packet);
          const groups = (
            await t.app.inject({
              method: 'GET',
              url: `/api/v1/group/${program.id}/${topic.id}/${activity.id}/${packet.id}/list`,
              headers: admin,
            })
          ).json().data.list;
          for (const group of groups) {
            groupSchema.parse(group);
            expect(group.section.name).not.toBe('');
            for (const q of group.list_question) {
              types.add(q.type);
              const texts = asked.get(activity.type) ?? new Set<string>();
              texts.add(JSON.stringify(q.question));
              asked.set(activity.type, texts);
              expect(questionErrors(q)).toEqual([]);
              checked += 1;
            }
          }
        }
      }
    }
    expect(types).toEqual(new Set(['multiple_choice', 'single_choice_survey']));
    expect(checked).toBeGreaterThan(10);
    // A post-test that repeated the pre-test would measure memory of its answers.
    const pre = [...(asked.get('pre_test') ?? [])];
    const post = asked.get('post_test') ?? new Set<string>();
    expect(pre.length).toBeGreaterThan(0);
    expect(post.size).toBeGreaterThan(0);
    expect(pre.filter((q) => post.has(q))).toEqual([]);
  });
});
