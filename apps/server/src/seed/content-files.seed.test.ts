import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMissing } from '@ajar/shared/members/completion.rules';
import { activities } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedActivities } from './activities.seed';
import { seedContentFiles } from './content-files.seed';
import { seedPrograms } from './programs.seed';
import { seedStudies } from './studies.seed';
import { seedUsers } from './users.seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seedContentFiles', () => {
  it('gives every demo video and e-book a file a participant can open', async () => {
    await seedUsers(t.db);
    await seedStudies(t.db);
    await seedPrograms(t.db);
    await seedActivities(t.db);
    expect(await seedContentFiles(t.db, t.app.storage)).toBeGreaterThan(0);
    expect(await seedContentFiles(t.db, t.app.storage)).toBe(0);
    const rows = await t.db
      .select({ type: activities.type, content: activities.content })
      .from(activities)
      .where(inArray(activities.type, ['menonton_video', 'membaca-e-book']));
    expect(rows.filter((r) => contentMissing(r.type, r.content))).toEqual([]);
    const pdf = rows.find((r) => r.type === 'membaca-e-book')!;
    const url = (pdf.content as { file: { url: string } }).file.url;
    const served = await t.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
  });
});
