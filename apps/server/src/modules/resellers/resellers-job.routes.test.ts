import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobThreshold } from '@ajar/shared/jobs/jobs.constants';
import { bulkParticipants, finishedJob, jobSheetRows } from '../../test/factories/jobs';
import { buildReseller } from '../../test/factories/members';
import { buildProgram } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The reseller users' exports past 10,000 rows: up to them they answer
 * `data.data.public_url` as the spec's calls do; past them a job writes the file and
 * `data.job_id` names it, as every job-starting route; only its owner sees the job.
 */
describe('reseller users export past 10,000 rows', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let otherAdmin: { authorization: string };
  let code: string;
  let resellerId: string;
  let programId: string;

  const exportOne = () =>
    t.app.inject({
      method: 'GET',
      url: `/api/reseller/v1/export/list-user-reseller?reseller_code=${code}&limit=-1`,
      headers: admin,
    });
  const exportMany = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/reseller/v1/export/list-user-reseller?limit=-1',
      headers: admin,
      payload: { referral_code: [code] },
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    otherAdmin = (await signedIn(t.db, 'admin')).headers;
    const reseller = await buildReseller(t.db);
    code = reseller.referral_code;
    resellerId = reseller.id;
    programId = (await buildProgram(t.db, { status: 'publish' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the link itself at 10,000 rows, and a job only its owner sees past them', async () => {
    await bulkParticipants(t.db, { programId, resellerId, count: exportJobThreshold });
    for (const small of [await exportOne(), await exportMany()]) {
      expect(small.statusCode, small.body).toBe(200);
      expect(small.json().data).toEqual({
        data: { public_url: expect.stringMatching(/^\/api\/download\//) },
      });
    }

    await bulkParticipants(t.db, { programId, resellerId, count: 1 });
    const many = await exportMany();
    expect(many.statusCode, many.body).toBe(200);
    expect(Object.keys(many.json().data)).toEqual(['job_id']);
    const big = await exportOne();
    expect(big.statusCode, big.body).toBe(200);
    expect(Object.keys(big.json().data)).toEqual(['job_id']);
    const job = await finishedJob(t.app, admin, big, 120_000);
    expect(job).toMatchObject({ kind: 'reseller_export', status: 'done', progress: 100 });
    expect(job.name).toMatch(new RegExp(`^pengguna-reseller-${code}-\\d{8}-\\d{4}\\.xlsx$`));
    expect(await jobSheetRows(t.app, job)).toBe(exportJobThreshold + 2);

    // The POST's job ran before it (one reseller export at a time): done too, not left running.
    expect(await finishedJob(t.app, admin, many)).toMatchObject({ status: 'done' });

    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/job/v1/detail/${job.id}`,
      headers: otherAdmin,
    });
    expect(seen.statusCode).toBe(404);
  }, 240_000);
});
