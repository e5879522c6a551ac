import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobThreshold } from '@ajar/shared/jobs/jobs.constants';
import {
  learningRecordExcelTimeFormat,
  learningRecordExportHeaders,
} from '@ajar/shared/learning-record/learning-record.constants';
import { toExportWallClock } from '@ajar/shared/exports/exports.rules';
import { learningEvents } from '../../db/schema';
import {
  assignTrainer,
  buildActivity,
  buildProgramWithTopics,
} from '../../test/factories/activities';
import { dateCellFormats, downloadSheet } from '../../test/factories/exports';
import { finishedJob, jobSheetRows } from '../../test/factories/jobs';
import { buildRedeem } from '../../test/factories/participants';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

/**
 * 'Ekspor Rekam Belajar': every participant's events of a program as an .xlsx, read back; the
 * link at once up to 10,000 events, a job past them (the other exports' path).
 */
describe('learning record export', () => {
  let t: TestApp;
  let admin: Headers;
  let trainer: { user: { id: string; fullname: string }; headers: Headers };
  let otherTrainer: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = await signedIn(t.db, 'trainer');
    otherTrainer = (await signedIn(t.db, 'trainer')).headers;
  });
  afterAll(() => t.close());

  const exportOf = (programId: string, headers: Headers) =>
    t.app.inject({
      method: 'GET',
      url: `/api/program/v1/trainer/learning-record/export/${programId}`,
      headers,
    });

  it('writes one row per event, oldest first, for the program only', async () => {
    const { program, topics } = await buildProgramWithTopics(t.db, { title: 'Rekam Ekspor' });
    const other = await buildProgramWithTopics(t.db);
    await assignTrainer(t.db, program.id, trainer.user.id);
    const quiz = await buildActivity(t.db, topics[0]!, { name: 'Kuis Akhir', type: 'quiz' });
    const redeem = await buildRedeem(t.db, program.id, { license: 'AJR-REKAM-1' });
    const otherRedeem = await buildRedeem(t.db, other.program.id);
    const at = new Date('2026-12-05T12:00:00.000Z'); // Sabtu, 19.00 WIB
    await t.db.insert(learningEvents).values([
      {
        member_id: redeem.member_id,
        program_id: program.id,
        activity_id: quiz.id,
        kind: 'quiz_submitted',
        data: { score: 80 },
        created_at: new Date(at.getTime() + 1000),
      },
      {
        member_id: redeem.member_id,
        program_id: program.id,
        activity_id: quiz.id,
        kind: 'activity_opened',
        created_at: at,
      },
      {
        member_id: redeem.member_id,
        program_id: program.id,
        activity_id: quiz.id,
        kind: 'feedback_given',
        data: { score: 90, text: '=HYPERLINK("x")' },
        actor_user_id: trainer.user.id,
        created_at: new Date(at.getTime() + 2000),
      },
      {
        member_id: otherRedeem.member_id,
        program_id: other.program.id,
        kind: 'activity_opened',
        created_at: at,
      },
    ]);

    expect((await exportOf(program.id, otherTrainer)).statusCode).toBe(404);
    const res = await exportOf(program.id, trainer.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Rekam belajar berhasil diekspor' });
    const url = res.json().data.public_url as string;
    const { res: file, rows } = await downloadSheet(t.app, url);
    expect(file.headers['content-disposition']).toMatch(
      /rekam-belajar-rekam-ekspor-\d{8}-\d{4}\.xlsx/,
    );
    expect(rows[0]).toEqual([...learningRecordExportHeaders]);
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((r) => r[6])).toEqual([
      'Membuka aktivitas',
      'Mengumpulkan kuis',
      'Mendapat umpan balik',
    ]);
    const [opened, submitted, feedback] = rows.slice(1);
    expect(opened!.slice(3, 6)).toEqual(['AJR-REKAM-1', 'Topik 1', 'Kuis Akhir']);
    expect(opened![7]).toEqual(toExportWallClock(at));
    expect(submitted![8]).toBe(80);
    expect(feedback![8]).toBe(90);
    // The staff member named; a text that would start a formula is written as text.
    expect(feedback![9]).toBe('nilai 90 · “=HYPERLINK("x")”');
    expect(feedback![10]).toBe(trainer.user.fullname);
    expect(opened![10]).toBeNull(); // an empty cell
    expect([...(await dateCellFormats(file.rawPayload))]).toEqual([learningRecordExcelTimeFormat]);

    // A program without events: nothing to export.
    const empty = await buildProgramWithTopics(t.db);
    expect((await exportOf(empty.program.id, admin)).statusCode).toBe(404);
  });

  it('answers a job past 10,000 events, written in keyset pages', async () => {
    const { program } = await buildProgramWithTopics(t.db, { title: 'Rekam Besar' });
    const redeem = await buildRedeem(t.db, program.id);
    const insertEvents = (n: number) =>
      t.db.execute(sql`
        insert into learning_events (member_id, program_id, kind, created_at)
        select ${redeem.member_id}::uuid, ${program.id}::uuid, 'activity_opened',
          timestamptz '2026-12-01 00:00:00+00' + (g % 3000) * interval '1 second'
        from generate_series(1, ${n}) g`);
    await insertEvents(exportJobThreshold);
    const small = await exportOf(program.id, admin);
    expect(Object.keys(small.json().data)).toEqual(['public_url']);

    await insertEvents(1);
    const big = await exportOf(program.id, admin);
    expect(big.statusCode, big.body).toBe(200);
    expect(Object.keys(big.json().data)).toEqual(['job_id']);
    const job = await finishedJob(t.app, admin, big, 120_000);
    expect(job).toMatchObject({ kind: 'record_export', status: 'done', progress: 100 });
    expect(job.name).toMatch(/^rekam-belajar-rekam-besar-\d{8}-\d{4}\.xlsx$/);
    // Many events share a second: the keyset's tie-break on id loses and repeats none.
    expect(await jobSheetRows(t.app, job)).toBe(exportJobThreshold + 2);
  }, 180_000);
});
