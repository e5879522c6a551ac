import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPaths } from '@ajar/shared/imports/imports.constants';
import { learningEvents } from '../../db/schema';
import { buildImportProgram, importUpload, xlsxOf } from '../../test/factories/imports';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A score import (TPM/UK) is staff feedback too: each written row joins the learning record. */
describe('learning record of a score import', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records feedback_given for each written row, none for a refused one', async () => {
    const staff = await signedIn(t.db, 'admin');
    const fx = await buildImportProgram(t.db, { redeems: 1 });
    const [a] = fx.redeems;
    const file = await xlsxOf([
      ['license', 'activity_number', 'score', 'feedback'],
      [a!.license, 2, 70, 'Rapi'],
      [a!.license, 3, 70, ''],
    ]);
    const body = importUpload(file, 'nilai.xlsx');
    const res = await t.app.inject({
      method: 'PUT',
      url: importPaths.tpm,
      payload: body.payload,
      headers: { ...staff.headers, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = await t.db
      .select()
      .from(learningEvents)
      .where(eq(learningEvents.program_id, a!.program_id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'feedback_given',
      member_id: a!.member_id,
      activity_id: fx.activity.tpm.id,
      actor_user_id: staff.user.id,
      data: { score: 70, text: 'Rapi', source: 'import' },
    });
  });
});
