import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivitySettings } from '@ajar/shared/activities/activities-content.schemas';
import { activities, activityProgress, programs, topics } from '../../db/schema';
import { buildActivity } from '../../test/factories/activities';
import { joinProgram, type TestMember } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { markComplete } from './activity-progress.service';

describe("a member's states from the program's cached outline", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const states = async (member: TestMember, programId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/member/v1/program/detail/${programId}`,
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<{ data: { topics: { activities: { name: string; state: string }[] }[] } }>()
      .data.topics.flatMap((topic) => topic.activities.map((a) => `${a.name}:${a.state}`));
  };
  const version = async (programId: string) =>
    (await t.db.select().from(programs).where(eq(programs.id, programId)))[0]!.outline_version;

  it('follows every write of the activities and topics, whoever writes them', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const quiz = await buildActivity(t.db, topic!, { type: 'quiz', name: 'Kuis' });
    const page = await buildActivity(t.db, topic!, { type: 'general', name: 'Halaman' });
    const { member, redeem } = await joinProgram(t.app, program.id);
    expect(await states(member, program.id)).toEqual(['Kuis:belum', 'Halaman:terkunci']);

    // Written straight to the database (as a script or another server would): seen at once.
    const before = await version(program.id);
    await t.db
      .update(activities)
      .set({ settings: { ...defaultActivitySettings, is_skip: 1 } })
      .where(eq(activities.id, quiz.id));
    expect(await version(program.id)).toBeGreaterThan(before);
    expect(await states(member, program.id)).toEqual(['Kuis:belum', 'Halaman:belum']);

    await t.db.update(activities).set({ name: 'Bacaan' }).where(eq(activities.id, page.id));
    expect(await states(member, program.id)).toEqual(['Kuis:belum', 'Bacaan:belum']);
    await t.db.update(activities).set({ status: 'draft' }).where(eq(activities.id, quiz.id));
    expect(await states(member, program.id)).toEqual(['Bacaan:belum']);
    const added = await buildActivity(t.db, topic!, { type: 'general', name: 'Tambahan' });
    expect(await states(member, program.id)).toEqual(['Bacaan:belum', 'Tambahan:belum']);
    await t.db.delete(activities).where(eq(activities.id, added.id));
    expect(await states(member, program.id)).toEqual(['Bacaan:belum']);

    // A member's progress changes their states, not the program's outline.
    const steady = await version(program.id);
    await t.db.transaction((tx) =>
      markComplete(tx, redeem.id, { ...page, program_id: program.id }),
    );
    expect(await states(member, program.id)).toEqual(['Bacaan:selesai']);
    expect(await version(program.id)).toBe(steady);
    const progress = await t.db
      .select()
      .from(activityProgress)
      .where(eq(activityProgress.member_redeem_id, redeem.id));
    expect(progress).toHaveLength(1);

    await t.db.update(topics).set({ status: 'draft' }).where(eq(topics.id, topic!.id));
    expect(await states(member, program.id)).toEqual([]);
  });

  it('reads no activity row once the outline is known', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    for (let i = 0; i < 5; i += 1) await buildActivity(t.db, topic!, { name: `A${i}` });
    const { member } = await joinProgram(t.app, program.id);
    await states(member, program.id);
    const client = (t.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    const statements: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      // PGlite takes the text; node-postgres takes the text or a `{ text, values }` config.
      const sqlText = args[0] as string | { text?: unknown };
      statements.push(typeof sqlText === 'string' ? sqlText : String(sqlText.text));
      return original.apply(this, args);
    };
    try {
      await states(member, program.id);
    } finally {
      client.query = original;
    }
    // The detail lists the activities (names, types), but nothing reads their settings or content
    // (the outline's own read, `settings -> 'is_skip'`, ran on the first request only).
    expect(statements.some((q) => q.includes('"member_redeems"'))).toBe(true);
    expect(statements.some((q) => /"activities"\."(settings|content)"/.test(q))).toBe(false);
  });
});
