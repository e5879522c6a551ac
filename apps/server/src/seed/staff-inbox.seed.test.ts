import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createStorage } from '../lib/storage';
import { authHeader } from '../test/factories/users';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedActivities } from './activities.seed';
import { demoMemberEmail, seedParticipants } from './participants.seed';
import { seedPrograms } from './programs.seed';
import { seedQuiz } from './quiz.seed';
import { seedStaffInbox } from './staff-inbox.seed';
import { seedStudies } from './studies.seed';
import { seedUsers } from './users.seed';

type Headers = { authorization: string };

describe('staff inbox seed: the demo shows life on first start', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: Headers;
  let counts: Awaited<ReturnType<typeof seedStaffInbox>>;

  beforeAll(async () => {
    t = await createTestApp();
    const storage = createStorage(t.config);
    await storage.prepare();
    await seedUsers(t.db);
    await seedStudies(t.db);
    await seedPrograms(t.db);
    await seedActivities(t.db);
    await seedQuiz(t.db);
    await seedParticipants(t.db, storage);
    const started = Date.now();
    counts = await seedStaffInbox(t.db);
    expect(Date.now() - started).toBeLessThan(3000);
    const staff = async (email: string) => {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return authHeader(t.db, row!);
    };
    admin = await staff('admin@ajar.test');
    trainer = await staff('trainer@ajar.test');
  }, 180_000);
  afterAll(() => t.close());

  const get = async <T>(url: string, headers: Headers) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  it('fills /presensi with past check-ins, for the admin and the trainer', async () => {
    expect(counts.attendances).toBeGreaterThan(0);
    for (const headers of [admin, trainer]) {
      const list = await get<{ list: { created_at: string }[]; total: number }>(
        '/api/presence/v1/company/list?limit=10&page=1',
        headers,
      );
      expect(list.total).toBeGreaterThan(0);
      for (const row of list.list) expect(Date.parse(row.created_at)).toBeLessThan(Date.now());
    }
  });

  it('leaves unread private chats and public threads for both demo staff accounts', async () => {
    for (const headers of [admin, trainer]) {
      const chats = await get<{ total_unread: number }>(
        '/api/discussion/v1/discussion-private/get-total-unread',
        headers,
      );
      expect(chats.total_unread).toBeGreaterThan(0);
      const threads = await get<{ list: { total_unread: number }[] }>(
        '/api/discussion/v1/list-program?limit=-1',
        headers,
      );
      expect(threads.list.some((p) => p.total_unread > 0)).toBe(true);
    }
  });

  it("rings the trainer's bell, some notifications already read", async () => {
    const unread = await get<{ total: number }>(
      '/api/notification/v1/trainer/list?limit=100&reads=0',
      trainer,
    );
    const read = await get<{ total: number }>(
      '/api/notification/v1/trainer/list?limit=100&reads=1',
      trainer,
    );
    expect(unread.total).toBeGreaterThan(0);
    expect(read.total).toBeGreaterThan(0);
  });

  it("leaves participant 1's walk-through untouched", async () => {
    const email = demoMemberEmail(1);
    // Participant 1 has no check-in, room or post of the seed.
    const first = await t.db.execute(sql`
      select (select count(*) from attendances a join members m on m.id = a.member_id
                where m.email = ${email})
           + (select count(*) from chat_rooms r join members m on m.id = r.member_id
                where m.email = ${email})
           + (select count(*) from discussions d join members m on m.id = d.member_id
                where m.email = ${email}) as n`);
    expect(Number((first as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });
});
