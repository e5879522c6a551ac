import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Program } from '@ajar/shared/programs/programs.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { authHeader } from '../../test/factories/users';
import { memberRedeems, members, programs, resellers, users } from '../schema';
import { seedParticipants } from './participants.seed';
import { demoPrograms, seededTopics, seedPrograms } from './programs.seed';
import { seedStudies } from './studies.seed';
import { seedUsers } from './users.seed';

describe('programs and participants seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedUsers(t.db);
    await seedStudies(t.db);
    await seedPrograms(t.db);
    await seedParticipants(t.db);
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
    expect(list.reduce((n, p) => n + p.total_participants, 0)).toBeGreaterThan(0);
  });

  it('seeds members, resellers and redemptions of published programs only', async () => {
    expect(await t.db.$count(members)).toBe(40);
    expect(await t.db.$count(resellers)).toBe(3);
    const phones = await t.db.select({ phone: members.phone }).from(members);
    expect(phones.every((m) => /^628\d{8,11}$/.test(m.phone ?? ''))).toBe(true);
    const redeems = await t.db
      .select({
        license: memberRedeems.license,
        pmo_code: memberRedeems.pmo_code,
        progress: memberRedeems.progress,
        start: memberRedeems.start_test_at,
        end: memberRedeems.end_test_at,
        status: programs.status,
        reseller_id: memberRedeems.reseller_id,
      })
      .from(memberRedeems)
      .innerJoin(programs, eq(programs.id, memberRedeems.program_id));
    expect(redeems.length).toBeGreaterThanOrEqual(40);
    expect(redeems.every((r) => r.status === 'publish')).toBe(true);
    expect(redeems.every((r) => /^AJR-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(r.license))).toBe(true);
    expect(redeems.every((r) => r.pmo_code)).toBe(true);
    const done = redeems.filter((r) => r.progress === 100);
    expect(done.length).toBeGreaterThan(0);
    expect(
      done.every((r) => r.end && r.start && r.end > r.start && r.end.getTime() < Date.now()),
    ).toBe(true);
    expect(redeems.filter((r) => r.progress < 100).every((r) => r.end === null)).toBe(true);
    expect(redeems.some((r) => r.reseller_id)).toBe(true);
    const pairs = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberRedeems)
      .groupBy(memberRedeems.member_id, memberRedeems.program_id);
    expect(pairs.every((p) => Number(p.n) === 1)).toBe(true);
  });
});
