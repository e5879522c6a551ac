import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningEventKinds } from '@ajar/shared/learning-record/learning-events';
import type { LearningRecordSummary } from '@ajar/shared/learning-record/learning-record.schemas';
import { learningEvents, memberRedeems, members } from '../db/schema';
import { createStorage } from '../lib/storage';
import { signedIn } from '../test/factories/users';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedActivities } from './activities.seed';
import { demoMemberEmail, seedParticipants } from './participants.seed';
import { seedPopupQuiz } from './popup-quiz.seed';
import { seedPrograms } from './programs.seed';
import { seedQuiz } from './quiz.seed';
import { seedLearningRecord } from './records.seed';
import { seedStudies } from './studies.seed';
import { seedUsers } from './users.seed';

describe('learning record seed: participant 1 shows every kind of event', () => {
  let t: TestApp;
  let memberId: string;
  let added: number;
  let before: number;
  let tookMs: number;

  beforeAll(async () => {
    t = await createTestApp();
    const storage = createStorage(t.config);
    await storage.prepare();
    await seedUsers(t.db);
    await seedStudies(t.db);
    await seedPrograms(t.db);
    await seedActivities(t.db);
    await seedPopupQuiz(t.db);
    await seedQuiz(t.db);
    await seedParticipants(t.db, storage);
    // The participants' seed already records what it does through the services (a completion).
    before = await t.db.$count(learningEvents);
    const started = Date.now();
    added = await seedLearningRecord(t.db);
    tookMs = Date.now() - started;
    const [row] = await t.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.email, demoMemberEmail(1)));
    memberId = row!.id;
  }, 600_000);
  afterAll(() => t.close());

  it('records every kind, quickly, and adds nothing a second time', async () => {
    expect(tookMs).toBeLessThan(2000);
    const rows = await t.db
      .select({ kind: learningEvents.kind })
      .from(learningEvents)
      .where(eq(learningEvents.member_id, memberId));
    expect(await t.db.$count(learningEvents)).toBe(before + added);
    expect(added).toBeGreaterThan(100);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(learningEventKinds));
    expect(await seedLearningRecord(t.db)).toBe(0);
  });

  it('reads back through the staff timeline', async () => {
    const admin = (await signedIn(t.db, 'admin')).headers;
    const redeems = await t.db
      .select({ id: memberRedeems.id })
      .from(memberRedeems)
      .where(eq(memberRedeems.member_id, memberId));
    let activities = 0;
    for (const redeem of redeems) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/program/v1/trainer/member-redeem/${redeem.id}/learning-record`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      activities += res.json<{ data: LearningRecordSummary }>().data.activities.length;
    }
    expect(activities).toBeGreaterThan(5);
  });
});
