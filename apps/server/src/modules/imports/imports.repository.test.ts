import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activityProgress, topics } from '../../db/schema';
import { buildImportProgram, feedbackOf } from '../../test/factories/imports';
import { buildUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { upsertFeedback, type FeedbackWrite } from './imports.repository';

/** The error's PostgreSQL code, wherever the driver wrapped it. */
function pgCode(error: unknown): unknown {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

// The import's write relies on activity_progress's one foreign key to (activity, topic, program).
describe('upsertFeedback and the progress row key', () => {
  let t: TestApp;
  let fx: Awaited<ReturnType<typeof buildImportProgram>>;
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp();
    fx = await buildImportProgram(t.db, { redeems: 2 });
    staffId = (await buildUser(t.db)).id;
  });
  afterAll(() => t.close());

  const write = (redeem: number, overrides: Partial<FeedbackWrite> = {}): FeedbackWrite => ({
    member_redeem_id: fx.redeems[redeem]!.id,
    program_id: fx.program.id,
    topic_id: fx.activity.uk.topic_id,
    activity_id: fx.activity.uk.id,
    score: 80,
    text: 'Rapi',
    ...overrides,
  });

  it('refuses a row whose topic or program is not its activity’s, and writes nothing', async () => {
    const other = await buildImportProgram(t.db, { redeems: 0 });
    for (const wrong of [
      { topic_id: fx.activity.tpm.topic_id },
      { program_id: other.program.id },
    ]) {
      const error = await upsertFeedback(t.db, [write(0), write(1, wrong)], staffId).catch(
        (e: unknown) => e,
      );
      expect(pgCode(error)).toBe('23503');
    }
    expect(await feedbackOf(t.db, fx.redeems[0]!.id, fx.activity.uk.id)).toBeUndefined();
  });

  it("writes a row of the activity's own topic and program, and removes it with its topic", async () => {
    expect(await upsertFeedback(t.db, [write(0)], staffId)).toEqual([]);
    expect(await feedbackOf(t.db, fx.redeems[0]!.id, fx.activity.uk.id)).toMatchObject({
      score: 80,
      text: 'Rapi',
    });
    await t.db.delete(topics).where(eq(topics.id, fx.activity.uk.topic_id));
    const left = await t.db
      .select({ id: activityProgress.id })
      .from(activityProgress)
      .where(eq(activityProgress.activity_id, fx.activity.uk.id));
    expect(left).toEqual([]);
    const activity = await t.db
      .select({ id: activities.id })
      .from(activities)
      .where(eq(activities.id, fx.activity.uk.id));
    expect(activity).toEqual([]);
  });
});
