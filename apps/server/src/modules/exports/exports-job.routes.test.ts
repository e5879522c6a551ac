import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobThreshold, jobMessages } from '@ajar/shared/jobs/jobs.constants';
import { entryText, openZip } from '../../lib/zip-read';
import { finishedJob, jobFile } from '../../test/factories/jobs';
import { buildProgram } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The 10,000-row threshold of exports (issue 19): up to it the export answers `public_url` as the
 * spec's calls do; past it a job makes the file (`job_id`), followed with the job routes.
 */
describe('exports past 10,000 rows', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let programId: string;

  /** `count` participants of the program, inserted in one statement each (no per-row calls). */
  async function addParticipants(count: number) {
    const tag = randomUUID().slice(0, 8);
    // The participants-count trigger would update the program row once per redemption (slow);
    // off for the insert, as the bench's large seed does.
    await t.db.execute(sql`alter table member_redeems disable trigger member_redeems_participants`);
    await t.db.execute(sql`
      with m as (
        insert into members (fullname, email)
        select 'Peserta ' || g, ${tag} || '-' || g || '@contoh.id' from generate_series(1, ${count}) g
        returning id, email)
      insert into member_redeems (member_id, program_id, license)
      select m.id, ${programId}::uuid, 'LIC-' || m.email from m`);
    await t.db.execute(sql`alter table member_redeems enable trigger member_redeems_participants`);
  }

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
    // The sheet's rows counted in its XML (a full workbook load of 10,001 rows is minutes here):
    // the heading row and one row per participant.
    const zip = openZip((await jobFile(t.app, job)).rawPayload, {
      entries: 100,
      unpackedBytes: 100 * 1024 * 1024,
    });
    const sheet = await entryText(zip, zip.entries.get('xl/worksheets/sheet1.xml')!);
    expect(sheet.match(/<row /g)).toHaveLength(exportJobThreshold + 2);
    expect(jobMessages.started).toBe('Sedang diproses, lihat di Unduhan');
  }, 180_000);
});
