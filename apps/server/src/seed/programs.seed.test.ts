import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { createTestApp, type TestApp } from '../test/test-app';
import { authHeader } from '../test/factories/users';
import { programs, users } from '../db/schema';
import { demoPrograms, seededTopics, seedPrograms } from './programs.seed';
import { seedStudies } from './studies.seed';
import { seedUsers } from './users.seed';

describe('programs seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedUsers(t.db);
    await seedStudies(t.db);
    await seedPrograms(t.db);
  });
  afterAll(() => t.close());

  it('seeds the catalogue with mixed statuses and 3 to 6 topics each', async () => {
    const rows = await t.db.select().from(programs);
    expect(rows).toHaveLength(demoPrograms.length);
    const byStatus = (s: string) => rows.filter((r) => r.status === s).length;
    expect(byStatus('archive')).toBe(1);
    expect(byStatus('draft')).toBeGreaterThan(0);
    expect(byStatus('publish')).toBeGreaterThan(byStatus('draft'));
    expect(rows.every((r) => r.study_id !== null)).toBe(true);
    const topics = await seededTopics(t.db);
    for (const p of rows) {
      const seqs = topics.filter((x) => x.program_id === p.id).map((x) => x.seq);
      expect(seqs.length).toBeGreaterThanOrEqual(3);
      expect(seqs.length).toBeLessThanOrEqual(6);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
  });

  it('assigns the demo trainer to three programs, visible through the API', async () => {
    const [trainer] = await t.db.select().from(users).where(eq(users.email, 'trainer@ajar.test'));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/program/v1/company/list?limit=-1',
      headers: await authHeader(t.db, trainer!),
    });
    const list = res.json().data.list as Program[];
    expect(list).toHaveLength(3);
    expect(list.every((p) => p.fasilitator.some((f) => f.user_id === trainer!.id))).toBe(true);
    // Their participants are checked in participants.seed.test.ts (the seed that makes them).
  });
});
