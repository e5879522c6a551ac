import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobThreshold } from '@ajar/shared/jobs/jobs.constants';
import { buildActivity, buildProgramWithTopics } from '../../test/factories/activities';
import { bulkParticipants, finishedJob, jobSheetRows } from '../../test/factories/jobs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The presence export past 10,000 rows: up to them it answers `public_url` as the
 * spec's call does; past them a job writes the file (`job_id`), which only its owner sees.
 */
describe('presence export past 10,000 rows', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let trainer: { authorization: string };
  let programId: string;
  let attendance: { topicId: string; activityId: string };

  const exportAll = () =>
    t.app.inject({
      method: 'GET',
      url: `/api/presence/v1/company/export?limit=-1&page=1&program_id=${programId}`,
      headers: admin,
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = (await signedIn(t.db, 'trainer')).headers;
    const { program, topics } = await buildProgramWithTopics(t.db, { topics: 1 });
    const meeting = await buildActivity(t.db, topics[0]!, { type: 'berdiskusi_daring' });
    programId = program.id;
    attendance = { topicId: topics[0]!.id, activityId: meeting.id };
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the link itself at 10,000 rows, and a job only its owner sees past them', async () => {
    await bulkParticipants(t.db, { programId, count: exportJobThreshold, attendance });
    const small = await exportAll();
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json().data).toEqual({ public_url: expect.stringMatching(/^\/api\/download\//) });

    await bulkParticipants(t.db, { programId, count: 1, attendance });
    const big = await exportAll();
    expect(big.statusCode, big.body).toBe(200);
    expect(Object.keys(big.json().data)).toEqual(['job_id']);
    const job = await finishedJob(t.app, admin, big, 120_000);
    expect(job).toMatchObject({ kind: 'presence_export', status: 'done', progress: 100 });
    expect(job.name).toMatch(/^presensi-\d{8}-\d{4}\.xlsx$/);
    expect(await jobSheetRows(t.app, job)).toBe(exportJobThreshold + 2);

    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/job/v1/detail/${job.id}`,
      headers: trainer,
    });
    expect(seen.statusCode).toBe(404);
    const listed = await t.app.inject({ method: 'GET', url: '/api/job/v1/list', headers: trainer });
    expect(listed.json().data.list).toEqual([]);
  }, 180_000);
});
