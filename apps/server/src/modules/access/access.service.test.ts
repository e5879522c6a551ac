import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../test/factories/programs';
import { buildUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requirePrograms, visiblePrograms } from './access.service';

describe('visiblePrograms', () => {
  let t: TestApp;
  let trainer: TestUser;
  let admin: TestUser;
  let assigned: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    trainer = await buildUser(t.db, { role: 'trainer' });
    admin = await buildUser(t.db, { role: 'admin' });
    assigned = (await buildProgram(t.db, { trainerIds: [trainer.id] })).id;
    other = (await buildProgram(t.db)).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("keeps a trainer's assigned programs only, and drops unknown and malformed ids", async () => {
    const ids = [assigned, other, randomUUID(), 'bukan-uuid', assigned];
    expect(await visiblePrograms(t.db, trainer, ids)).toEqual(new Set([assigned]));
    expect(await visiblePrograms(t.db, admin, ids)).toEqual(new Set([assigned, other]));
    expect(await visiblePrograms(t.db, admin, [])).toEqual(new Set());
  });

  it('answers 404 when any one of the named programs is out of scope', async () => {
    await expect(requirePrograms(t.db, trainer, [assigned, assigned])).resolves.toBeUndefined();
    await expect(requirePrograms(t.db, trainer, [assigned, other])).rejects.toMatchObject({
      status: 404,
    });
    await expect(requirePrograms(t.db, admin, [assigned, other])).resolves.toBeUndefined();
  });
});
