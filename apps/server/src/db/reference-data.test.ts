import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app';
import { buildUser, signedIn } from '../test/factories/users';
import { postLogin } from '../test/factories/auth';
import { defaultStudies, ensureFirstAdmin, ensureReferenceData } from './reference-data';
import { studies, users } from './schema';

describe('reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives a new installation the default study fields once, and keeps later changes', async () => {
    await ensureReferenceData(t.db);
    const titles = async () =>
      (await t.db.select({ title: studies.title }).from(studies)).map((row) => row.title).sort();
    expect(await titles()).toEqual([...defaultStudies].sort());

    await t.db.delete(studies).where(eq(studies.title, 'Kuliner'));
    await ensureReferenceData(t.db);
    expect(await titles()).not.toContain('Kuliner');

    const { headers } = await signedIn(t.db, 'admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/study/v1/list?limit=-1', headers });
    expect(res.statusCode).toBe(200);
  });

  it('creates the first superadmin from the configuration only while there is none', async () => {
    const admin = { email: 'Kepala@Lembaga.id ', password: 'Mulai2026', fullname: 'Kepala' };
    expect(await ensureFirstAdmin(t.db, admin)).toBe(true);
    const login = await postLogin(t.app, { email: 'kepala@lembaga.id', password: 'Mulai2026' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.role.key).toBe('superadmin');

    // A restart with other values changes nothing.
    expect(await ensureFirstAdmin(t.db, { ...admin, email: 'lain@lembaga.id' })).toBe(false);
    const rows = await t.db.select().from(users).where(eq(users.role, 'superadmin'));
    expect(rows.map((row) => row.email)).toEqual(['kepala@lembaga.id']);
  });

  it('does not create one where a superadmin exists', async () => {
    const other = await createTestApp();
    try {
      await buildUser(other.db, { role: 'superadmin' });
      const admin = { email: 'baru@lembaga.id', password: 'Mulai2026', fullname: 'Baru' };
      expect(await ensureFirstAdmin(other.db, admin)).toBe(false);
    } finally {
      await other.close();
    }
  });
});
