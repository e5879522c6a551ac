import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedIn, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
interface Row {
  id: string;
  fullname: string;
  email: string;
}

describe('GET /api/users/v1/trainers', () => {
  let t: TestApp;
  let admin: Headers;
  let superadmin: Headers;
  let trainer: Headers;
  let signedInTrainer: TestUser;
  let budi: TestUser;
  let andi: TestUser;
  let persen: TestUser;
  let inactive: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    superadmin = (await signedIn(t.db, 'superadmin')).headers;
    const signed = await signedIn(t.db, 'trainer');
    trainer = signed.headers;
    signedInTrainer = signed.user;
    budi = await buildUser(t.db, {
      role: 'trainer',
      fullname: 'Budi Santoso',
      email: 'budi.santoso@ajar.test',
    });
    andi = await buildUser(t.db, {
      role: 'trainer',
      fullname: 'andi Wijaya',
      email: 'andi@pelatih.id',
    });
    persen = await buildUser(t.db, {
      role: 'trainer',
      fullname: 'Diskon 100% Trainer',
      email: 'diskon@ajar.test',
    });
    inactive = await buildUser(t.db, {
      role: 'trainer',
      fullname: 'Budi Nonaktif',
      email: 'budi.nonaktif@ajar.test',
      is_active: false,
    });
    await buildUser(t.db, { role: 'admin', fullname: 'Budi Admin', email: 'budi.admin@ajar.test' });
  });
  afterAll(() => t.close());

  const list = (query = '', headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/users/v1/trainers?${query}`, headers });
  const names = (rows: Row[]) => rows.map((r) => r.fullname);

  it('lists active trainers only, by name without case, with id, name and e-mail only', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { list: Row[]; limit: number; page: number; total: number };
    expect(data).toMatchObject({ limit: 10, page: 1, total: 4 });
    expect(names(data.list)).toEqual([
      'andi Wijaya',
      'Budi Santoso',
      'Diskon 100% Trainer',
      signedInTrainer.fullname,
    ]);
    expect(data.list[1]).toEqual({
      id: budi.id,
      fullname: 'Budi Santoso',
      email: 'budi.santoso@ajar.test',
    });
    // Superadmin may too.
    expect((await list('', superadmin)).json().data.total).toBe(4);
  });

  it('searches name and e-mail without case; % and _ are literal', async () => {
    expect(names((await list('q=BUDI')).json().data.list)).toEqual(['Budi Santoso']);
    expect(names((await list('q=pelatih.id')).json().data.list)).toEqual(['andi Wijaya']);
    expect(names((await list('q=100%25')).json().data.list)).toEqual(['Diskon 100% Trainer']);
    expect((await list('q=%25')).json().data.list).toHaveLength(1);
    expect((await list('q=_')).json().data.total).toBe(0);
    expect((await list('q=tidak-ada')).json().data).toMatchObject({ list: [], total: 0 });
    // An empty search is no search.
    expect((await list('q=')).json().data.total).toBe(4);
  });

  it('pages without overlap', async () => {
    const first = (await list('limit=2&page=1')).json().data;
    const second = (await list('limit=2&page=2')).json().data;
    expect(first).toMatchObject({ limit: 2, page: 1, total: 4 });
    expect(second).toMatchObject({ limit: 2, page: 2, total: 4 });
    expect([...names(first.list), ...names(second.list)]).toEqual(
      names((await list('limit=-1')).json().data.list),
    );
  });

  it('looks up linked accounts by ids, leaving out inactive ones', async () => {
    const res = await list(`ids=${persen.id},${inactive.id}, ${andi.id}`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json().data.list)).toEqual(['andi Wijaya', 'Diskon 100% Trainer']);
    expect((await list(`ids=,`)).json().data).toMatchObject({ list: [], total: 0 });
    const bad = await list('ids=bukan-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'error validation' });
  });

  it('refuses bad queries, trainers and guests', async () => {
    const long = await list(`q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().validation).toEqual({
      q: 'Pencarian harus kurang dari atau sama dengan 100 karakter.',
    });
    expect((await list('limit=0')).statusCode).toBe(400);
    expect((await list('', trainer)).statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'GET', url: '/api/users/v1/trainers' });
    expect(guest.statusCode).toBe(401);
  });

  it('is documented with its query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = res.json().paths['/api/users/v1/trainers']?.get;
    expect(operation).toBeDefined();
    const names = (operation.parameters as { name: string }[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['q', 'ids', 'limit', 'page']));
  });
});
