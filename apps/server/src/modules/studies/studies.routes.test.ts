import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReferenceData } from '../../db/reference-data';
import { studies } from '../../db/schema';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

describe('studies API', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = (await signedIn(t.db, 'trainer')).headers;
    await ensureReferenceData(t.db); // the default fields, as every first start has them
  });
  afterAll(() => t.close());

  const create = (title: unknown, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/study/v1/create', headers, payload: { title } });
  const list = (query = '', headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/study/v1/list?${query}`, headers });

  it('lists every field alphabetically with Lainnya last, for staff and trainers', async () => {
    const res = await list('', trainer);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ limit: -1, page: 1, total: 8 });
    expect(data.list.map((s: { title: string }) => s.title)).toEqual([
      'Bahasa Asing/Inggris',
      'Kuliner',
      'Pengembangan Diri',
      'Persiapan Kerja',
      'Pertanian & Peternakan',
      'Strategi Marketing',
      'Teknologi Informasi',
      'Lainnya',
    ]);
  });

  it('searches and pages', async () => {
    const q = (await list('q=PER')).json().data;
    expect(q.list.map((s: { title: string }) => s.title)).toEqual([
      'Persiapan Kerja',
      'Pertanian & Peternakan',
    ]);
    const page = (await list('limit=3&page=2')).json().data;
    expect(page).toMatchObject({ total: 8, limit: 3, page: 2 });
    expect(page.list).toHaveLength(3);
  });

  it('creates a new field and answers its id', async () => {
    const res = await create('  Desain   Grafis ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Bidang studi berhasil ditambahkan',
      data: { id: expect.any(String), title: 'Desain Grafis' },
    });
  });

  it('answers the existing row for a duplicate name in any case', async () => {
    const first = await create('Fotografi');
    const again = await create('  fotoGRAFI ');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const seeded = await create('kuliner');
    expect(seeded.json().data.title).toBe('Kuliner');
    const rows = await t.db
      .select()
      .from(studies)
      .where(sql`lower(${studies.title}) in ('fotografi', 'kuliner')`);
    expect(rows).toHaveLength(2);
  });

  it('ends with one row when the same new name is created concurrently', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => create('Tata Rias')));
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
  });

  it('answers the spec messages for an empty or too long title', async () => {
    expect((await create('   ')).json()).toEqual({
      status: 400,
      message: 'error validation',
      validation: { title: 'Bidang studi tidak boleh kosong' },
    });
    expect((await create('x'.repeat(101))).json().validation).toEqual({
      title: 'Bidang studi harus kurang dari atau sama dengan 100 karakter.',
    });
  });

  it('lets a trainer read but not create', async () => {
    expect((await create('Baru', trainer)).statusCode).toBe(403);
  });
});
