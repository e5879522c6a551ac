import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobThreshold, jobMessages } from '@ajar/shared/jobs/jobs.constants';
import { bulkParticipants, finishedJob, jobSheetRows } from '../../test/factories/jobs';
import { buildProgram } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The 10,000-row threshold of exports: up to it the export answers `public_url` as the
 * spec's calls do; past it a job makes the file (`job_id`), followed with the job routes.
 */
describe('exports past 10,000 rows', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let programId: string;

  const addParticipants = (count: number) => bulkParticipants(t.db, { programId, count });

  const exportAll = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/v1/export/member_redeem?limit=-1',
      headers: admin,
      payload: { id: [programId] },
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    programId = (await buildProgram(t.db, { status: 'publish' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the link itself at 10,000 rows, and a job past them', async () => {
    await addParticipants(exportJobThreshold);
    const small = await exportAll();
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json().data).toEqual({ public_url: expect.stringMatching(/^\/api\/download\//) });

    await addParticipants(1);
    const big = await exportAll();
    expect(big.statusCode, big.body).toBe(200);
    expect(Object.keys(big.json().data)).toEqual(['job_id']);
    const job = await finishedJob(t.app, admin, big, 120_000);
    expect(job).toMatchObject({ kind: 'export', status: 'done', progress: 100, message: null });
    expect(job.name).toMatch(/^peserta-\d{8}-\d{4}\.xlsx$/);
    // The heading row and one row per participant.
    expect(await jobSheetRows(t.app, job)).toBe(exportJobThreshold + 2);
    expect(jobMessages.started).toBe('Sedang diproses, lihat di Unduhan');
  }, 180_000);
});
