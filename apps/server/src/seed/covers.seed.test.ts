import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programs } from '../db/schema';
import { demoCovers, seedCovers } from './covers.seed';
import { demoPrograms, seedPrograms } from './programs.seed';
import { seedStudies } from './studies.seed';
import { seedUsers } from './users.seed';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seedCovers', () => {
  it('gives every demo program a small cover, uploaded as media and served as covers are', async () => {
    await seedUsers(t.db);
    await seedStudies(t.db);
    await seedPrograms(t.db);
    expect(Object.keys(demoCovers).sort()).toEqual(demoPrograms.map((p) => p.title).sort());
    expect(await seedCovers(t.db, t.app.storage)).toBe(demoPrograms.length);
    expect(await seedCovers(t.db, t.app.storage)).toBe(0);

    const rows = await t.db
      .select({ url: programs.cover_url, media: programs.cover_media_id })
      .from(programs)
      .where(
        inArray(
          programs.title,
          demoPrograms.map((p) => p.title),
        ),
      );
    expect(new Set(rows.map((r) => r.url)).size).toBe(demoPrograms.length);
    for (const row of rows) {
      expect(row.media).toBeTruthy();
      expect(row.url).toMatch(/\/media\/.+\.jpg$/);
      const file = await t.app.inject({ method: 'GET', url: row.url! });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('image/jpeg');
      expect(file.rawPayload.length).toBeLessThan(10_000);
    }
  });
});
