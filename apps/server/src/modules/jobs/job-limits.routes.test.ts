import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobLimits, jobMessages } from '@ajar/shared/jobs/jobs.constants';
import type { Job } from '@ajar/shared/jobs/jobs.schemas';
import { jobs } from '../../db/schema';
import type { CertificateContent } from '../../lib/certificate-pdf';
import { openZip } from '../../lib/zip-read';
import { finishedJob, jobFile } from '../../test/factories/jobs';
import { buildProgram, buildRedeems } from '../../test/factories/programs';
import { signedIn, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runProgramZipJob, type ProgramZipJobInput } from '../certificates/certificates.service';
import { defineFileJob, jobWorkDir, startJob } from './jobs.service';

type Headers = { authorization: string };

/**
 * The queue's limits (docs/decisions.md, "Job queue limits") on the embedded PGlite, through the
 * real routes where a route starts the job (the certificate zip): one user's identical requests
 * answer one job, a fifth waiting job is a 429, 'Batalkan' stops a queued or running job for its
 * owner only, users take turns, a very large zip asks first, and a zip stopped by a restart goes
 * on without rendering again what it had rendered.
 */
describe('job queue limits', () => {
  let t: TestApp;
  let a: { user: TestUser; headers: Headers };
  let b: { user: TestUser; headers: Headers };

  const inject = (method: 'GET' | 'POST', url: string, headers: Headers) =>
    t.app.inject({ method, url, headers });
  const zip = (programId: string, headers: Headers, query = '') =>
    inject('GET', `/api/certificate/v1/program/${programId}/zip?kind=participant${query}`, headers);
  const jobId = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { job_id: string } }).data.job_id;
  };
  const detail = async (id: string, headers: Headers) => {
    const res = await inject('GET', `/api/job/v1/detail/${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Job }>().data;
  };
  const started = (id: string) =>
    ({ statusCode: 200, json: () => ({ data: { job_id: id } }), body: '' }) as never;
  /** A program whose `count` participants have all started (a participation certificate each). */
  const certificateProgram = async (count: number, title = 'Kelas Zip') => {
    const program = await buildProgram(t.db, { status: 'publish', title });
    await t.db.execute(sql`alter table member_redeems disable trigger member_redeems_participants`);
    await buildRedeems(t.db, program.id, count);
    await t.db.execute(sql`alter table member_redeems enable trigger member_redeems_participants`);
    await t.db.execute(
      sql`update member_redeems set start_test_at = now() where program_id = ${program.id}`,
    );
    return program.id;
  };
  /** The app's own zip worker again, after a test held it off. */
  const zipWorker = () =>
    defineFileJob<ProgramZipJobInput>(t.app, {
      kind: 'certificate_zip',
      run: (ctx) => runProgramZipJob(t.app.db, t.app.certificatePdfs, ctx),
    });

  beforeAll(async () => {
    t = await createTestApp({}, { restartable: true });
    a = await signedIn(t.db, 'admin');
    b = await signedIn(t.db, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the job already queued for an identical request, and refuses a fifth with 429', async () => {
    await t.app.queue.offWork('job-certificate-zip', { wait: true });
    const programs: string[] = [];
    for (let i = 0; i < jobLimits.activePerUser + 1; i += 1) {
      programs.push(await certificateProgram(2, `Kelas Batas ${i}`));
    }
    const first = jobId(await zip(programs[0]!, a.headers));
    // The same zip again, while the first still waits: the same job, not a second one.
    expect(jobId(await zip(programs[0]!, a.headers))).toBe(first);
    // Another user asking for the same zip gets their own.
    const others = jobId(await zip(programs[0]!, b.headers));
    expect(others).not.toBe(first);
    for (const id of programs.slice(1, jobLimits.activePerUser)) jobId(await zip(id, a.headers));
    const refused = await zip(programs[jobLimits.activePerUser]!, a.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, message: jobMessages.tooMany });
    expect(refused.headers['retry-after']).toBeDefined();
    const mine = await t.db.select().from(jobs).where(eq(jobs.user_id, a.user.id));
    expect(mine).toHaveLength(jobLimits.activePerUser);

    // 'Batalkan' on a queued job: the owner only; it never runs, and a slot is free again.
    expect((await inject('POST', `/api/job/v1/cancel/${first}`, b.headers)).statusCode).toBe(404);
    const cancelled = await inject('POST', `/api/job/v1/cancel/${first}`, a.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ id: first, status: 'cancelled' });
    // Asked again: the same answer.
    const again = await inject('POST', `/api/job/v1/cancel/${first}`, a.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: first, status: 'cancelled' });
    jobId(await zip(programs[jobLimits.activePerUser]!, a.headers));

    await zipWorker();
    expect(await finishedJob(t.app, b.headers, started(others))).toMatchObject({ status: 'done' });
    // A job that is done cannot be cancelled any more.
    const late = await inject('POST', `/api/job/v1/cancel/${others}`, b.headers);
    expect(late.json()).toMatchObject({ status: 400, message: jobMessages.notCancellable });
    for (const row of await t.db.select().from(jobs).where(eq(jobs.user_id, a.user.id))) {
      if (row.id === first) continue;
      expect(await finishedJob(t.app, a.headers, started(row.id))).toMatchObject({
        status: 'done',
      });
    }
    expect(await detail(first, a.headers)).toMatchObject({
      status: 'cancelled',
      public_url: null,
      started_at: null,
    });
  }, 120_000);

  it('takes turns between users: one user’s third job waits for another user’s first', async () => {
    await t.app.queue.offWork('job-export', { wait: true });
    const order: string[] = [];
    const ids = {
      a1: (await startJob(t.app, a.user, { kind: 'export', name: 'a1.txt', input: { n: 'a1' } }))
        .job_id,
      a2: (await startJob(t.app, a.user, { kind: 'export', name: 'a2.txt', input: { n: 'a2' } }))
        .job_id,
      a3: (await startJob(t.app, a.user, { kind: 'export', name: 'a3.txt', input: { n: 'a3' } }))
        .job_id,
      b1: (await startJob(t.app, b.user, { kind: 'export', name: 'b1.txt', input: { n: 'b1' } }))
        .job_id,
    };
    await defineFileJob<{ n: string }>(t.app, {
      kind: 'export',
      concurrency: 1,
      run: async (ctx) => {
        order.push(ctx.input.n);
        await ctx.writeFile('text/plain', async (out) => {
          out.end(ctx.input.n);
        });
      },
    });
    for (const [name, id] of Object.entries(ids)) {
      const headers = name.startsWith('a') ? a.headers : b.headers;
      expect(await finishedJob(t.app, headers, started(id))).toMatchObject({ status: 'done' });
    }
    // FIFO would run a1, a2, a3, b1.
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  }, 60_000);

  it('stops a running job at its next page when its owner cancels it, keeping nothing', async () => {
    await t.app.queue.offWork('job-export', { wait: true });
    let pages = 0;
    let workDir = '';
    await defineFileJob<{ n: string }>(t.app, {
      kind: 'export',
      run: async (ctx) => {
        workDir = ctx.workDir;
        fs.writeFileSync(`${ctx.workDir}/bagian.tmp`, 'sebagian');
        await ctx.writeFile('text/plain', async (out) => {
          for (let page = 1; page <= 1000; page += 1) {
            out.write(`halaman ${page}\n`);
            pages = page;
            await ctx.progress(page / 10);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          out.end();
        });
      },
    });
    const { job_id: id } = await startJob(t.app, a.user, {
      kind: 'export',
      name: 'panjang.txt',
      input: { n: 'panjang' },
    });
    await expect
      .poll(async () => (await detail(id, a.headers)).progress, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    const res = await inject('POST', `/api/job/v1/cancel/${id}`, a.headers);
    expect(res.statusCode, res.body).toBe(200);
    const stoppedAt = pages;
    await expect.poll(() => fs.existsSync(workDir), { timeout: 10_000 }).toBe(false);
    expect(pages).toBeLessThanOrEqual(stoppedAt + 1);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'cancelled', storage_key: null, message: 'Dibatalkan' });
    expect(await t.app.storage.stat(`jobs/${id}/panjang.txt`)).toBeNull();
  }, 60_000);

  it('asks before a very large zip, with the count and an estimate, and starts it once confirmed', async () => {
    const programId = await certificateProgram(jobLimits.zipConfirmAbove + 1, 'Kelas Besar');
    const asked = await zip(programId, a.headers);
    expect(asked.statusCode).toBe(409);
    const body = asked.json<{ message: string; validation: { count: string } }>();
    expect(body.validation.count).toBe('2001');
    expect(body.message).toMatch(
      /^Zip ini berisi 2\.001 sertifikat dan perkiraan waktunya sekitar \d+ menit\. Lanjutkan\?$/,
    );
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(sql`${jobs.name} = 'sertifikat-kelas-besar.zip'`),
    ).toEqual([]);

    const id = jobId(await zip(programId, a.headers, '&confirm=true'));
    // Not to be made here: cancelled at once (queued or running, it ends without a file).
    expect((await inject('POST', `/api/job/v1/cancel/${id}`, a.headers)).statusCode).toBe(200);
    await expect
      .poll(() => fs.existsSync(jobWorkDir(t.config, id)), { timeout: 20_000 })
      .toBe(false);
    expect(await detail(id, a.headers)).toMatchObject({ status: 'cancelled', public_url: null });
  }, 120_000);

  it('goes on with a zip after a restart without rendering its kept certificates again', async () => {
    const participants = 150;
    const programId = await certificateProgram(participants, 'Kelas Mulai Ulang');
    const id = jobId(await zip(programId, a.headers));
    await expect
      .poll(async () => (await detail(id, a.headers)).progress, {
        timeout: 60_000,
        interval: 20,
      })
      .toBeGreaterThanOrEqual(10);
    const before = (await detail(id, a.headers)).progress;

    // The server stops mid-zip (its jobs in flight are stopped as on a shutdown); a new one starts.
    await t.restart();
    const kept = fs.readdirSync(jobWorkDir(t.config, id)).filter((f) => f.endsWith('.pdf'));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(participants);
    let rendered = 0;
    const pool = t.app.certificatePdfs;
    const render = pool.render.bind(pool);
    pool.render = (content: CertificateContent) => {
      rendered += 1;
      return render(content);
    };
    // Its progress goes on from where it stood, not from 0.
    expect((await detail(id, a.headers)).progress).toBeGreaterThanOrEqual(before);

    const done = await finishedJob(t.app, a.headers, started(id), 120_000);
    expect(done.status).toBe('done');
    const archive = openZip((await jobFile(t.app, done)).rawPayload, {
      entries: 10_000,
      unpackedBytes: 1e9,
    });
    expect(archive.entries.size).toBe(participants);
    // Only the certificates the stopped run had not kept were rendered again.
    expect(rendered).toBe(participants - kept.length);
    expect(fs.existsSync(jobWorkDir(t.config, id))).toBe(false);
  }, 240_000);
});
