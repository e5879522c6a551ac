import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobMessages } from '@ajar/shared/jobs/jobs.constants';
import type { TrainerNotification } from '@ajar/shared/trainer-notifications/trainer-notifications.schemas';
import type { Job } from '@ajar/shared/jobs/jobs.schemas';
import { jobs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nextFactoryTime } from '../../test/factories/clock';
import { finishedJob, jobFile } from '../../test/factories/jobs';
import { signedIn, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { defineFileJob, startJob, sweepExpiredJobFiles } from './jobs.service';

type Headers = { authorization: string };

/**
 * The job routes on the embedded PGlite, where pg-boss runs the jobs: the owner reads
 * their own jobs, in every status; a job that fails keeps its reason; files expire after 24 h.
 * The export kind's worker is replaced here by one whose behaviour the input chooses.
 */
describe('jobs', () => {
  let t: TestApp;
  let owner: { user: TestUser; headers: Headers };
  let other: { user: TestUser; headers: Headers };
  /** Releases the job that waits (to see it running). */
  let release: () => void = () => undefined;
  let attempts = 0;

  type Input = { mode: 'ok' | 'wait' | 'user-error' | 'crash' };

  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
  const start = async (mode: Input['mode']) => {
    const { job_id } = await startJob(t.app, owner.user as never, {
      kind: 'export',
      name: `uji-${mode}.txt`,
      input: { mode },
    });
    return job_id;
  };
  const detail = async (id: string, headers = owner.headers) => {
    const res = await get(`/api/job/v1/detail/${id}`, headers);
    return { status: res.statusCode, job: res.json<{ data: Job }>().data };
  };
  const started = (id: string) =>
    ({ statusCode: 200, json: () => ({ data: { job_id: id } }), body: '' }) as never;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t.db, 'admin');
    other = await signedIn(t.db, 'admin');
    // The app's own export worker gives way to this test's.
    await t.app.queue.offWork('job-export', { wait: true });
    await defineFileJob<Input>(t.app, {
      kind: 'export',
      run: async (ctx) => {
        if (ctx.input.mode === 'user-error') throw AppError.badRequest('Data tidak ditemukan');
        if (ctx.input.mode === 'crash') {
          attempts += 1;
          throw new Error('storage unreachable');
        }
        await ctx.progress(40);
        if (ctx.input.mode === 'wait') await new Promise<void>((resolve) => (release = resolve));
        await ctx.writeFile('text/plain', async (out) => {
          out.end('isi berkas');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a job to done on PGlite and serves its file to the owner', async () => {
    const id = await start('ok');
    const job = await finishedJob(t.app, owner.headers, started(id));
    expect(job).toMatchObject({
      id,
      kind: 'export',
      name: 'uji-ok.txt',
      status: 'done',
      progress: 100,
      message: null,
    });
    expect(job.finished_at).not.toBeNull();
    const file = await jobFile(t.app, job);
    expect(file.body).toBe('isi berkas');
  });

  it('shows a job queued, then running with its progress, to its owner only', async () => {
    // Stopping the worker keeps the next job queued until it is started again.
    await t.app.queue.offWork('job-export', { wait: true });
    const id = await start('wait');
    expect((await detail(id)).job).toMatchObject({ status: 'queued', progress: 0 });
    expect((await detail(id, other.headers)).status).toBe(404);
    const list = await get('/api/job/v1/list?limit=10', other.headers);
    expect(list.json().data).toMatchObject({ list: [], total: 0 });

    // The worker back: the job runs, waits half way.
    await defineFileJob<Input>(t.app, {
      kind: 'export',
      run: async (ctx) => {
        await ctx.progress(40);
        await new Promise<void>((resolve) => (release = resolve));
        await ctx.writeFile('text/plain', async (out) => {
          out.end('ok');
        });
      },
    });
    await expect
      .poll(async () => (await detail(id)).job, { timeout: 10_000 })
      .toMatchObject({ status: 'running', progress: 40 });
    release();
    expect(await finishedJob(t.app, owner.headers, started(id))).toMatchObject({ status: 'done' });

    const mine = await get('/api/job/v1/list?limit=1&page=1', owner.headers);
    expect(mine.json().data).toMatchObject({ limit: 1, page: 1 });
    expect(mine.json().data.total).toBeGreaterThanOrEqual(2);
    expect(mine.json().data.list[0]).toMatchObject({ id, public_url: null });
  });

  it("pages the owner's jobs newest first, each page going on from the one before", async () => {
    const pager = await signedIn(t.db, 'admin');
    for (const n of [1, 2, 3, 4, 5]) {
      await t.db.insert(jobs).values({
        user_id: pager.user.id,
        kind: 'export',
        name: `halaman-${n}.xlsx`,
        input: {},
        created_at: nextFactoryTime(),
      });
    }
    const page = async (n: number) => {
      const res = await get(`/api/job/v1/list?limit=2&page=${n}`, pager.headers);
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: { list: Job[]; total: number; page: number } }>().data;
      expect(data).toMatchObject({ total: 5, page: n });
      return data.list.map((job) => job.name);
    };
    expect(await page(1)).toEqual(['halaman-5.xlsx', 'halaman-4.xlsx']);
    expect(await page(2)).toEqual(['halaman-3.xlsx', 'halaman-2.xlsx']);
    expect(await page(3)).toEqual(['halaman-1.xlsx']);
    expect(await page(4)).toEqual([]);
  });

  it('fails at once with the reason of a refusal, and after the retries with a general one', async () => {
    await t.app.queue.offWork('job-export', { wait: true });
    await defineFileJob<Input>(t.app, {
      kind: 'export',
      run: async (ctx) => {
        if (ctx.input.mode === 'user-error') throw AppError.badRequest('Data tidak ditemukan');
        attempts += 1;
        throw new Error('storage unreachable');
      },
    });
    const refused = await finishedJob(t.app, owner.headers, started(await start('user-error')));
    expect(refused).toMatchObject({ status: 'failed', message: 'Data tidak ditemukan' });
    expect(refused.public_url).toBeNull();

    // Retries wait 5 s, 10 s … with backoff: shorten them for the test.
    await t.app.queue.updateQueue('job-export', { retryDelay: 1, retryBackoff: false });
    attempts = 0;
    const crashed = await finishedJob(t.app, owner.headers, started(await start('crash')));
    expect(crashed).toMatchObject({ status: 'failed', message: jobMessages.failed });
    expect(attempts).toBe(4); // the first attempt and 3 retries
  }, 60_000);

  it('removes the file of a job done more than 24 h ago and says so', async () => {
    const [done] = await t.db.select().from(jobs).where(eq(jobs.name, 'uji-ok.txt'));
    const key = done!.storage_key!;
    expect(await t.app.storage.stat(key)).not.toBeNull();
    await t.db
      .update(jobs)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, done!.id));
    expect(await sweepExpiredJobFiles(t.app)).toBeGreaterThanOrEqual(1);
    expect(await t.app.storage.stat(key)).toBeNull();
    const { job } = await detail(done!.id);
    expect(job).toMatchObject({ status: 'done', public_url: null, message: jobMessages.expired });
  });

  it("puts one entry in the owner's bell when a job ends, however many attempts it took", async () => {
    await t.app.queue.offWork('job-export', { wait: true });
    // The worker's live events, recorded on their way to the real sockets.
    const live: { target: unknown; event: string; payload: unknown }[] = [];
    const emit = t.app.realtime.emit.bind(t.app.realtime);
    const failures = new Map<string, number>();
    await defineFileJob<Input & { failFirst?: number }>(
      {
        db: t.app.db,
        config: t.app.config,
        storage: t.app.storage,
        queue: t.app.queue,
        log: t.app.log,
        realtime: {
          emit: ((target, event, payload) => {
            live.push({ target, event, payload });
            emit(target, event, payload);
          }) as typeof t.app.realtime.emit,
        },
      },
      {
        kind: 'export',
        run: async (ctx) => {
          if (ctx.input.mode === 'user-error') throw AppError.badRequest('Data tidak ditemukan');
          const name = ctx.input.mode;
          const failed = failures.get(name) ?? 0;
          if (failed < (ctx.input.failFirst ?? 0)) {
            failures.set(name, failed + 1);
            throw new Error('storage unreachable');
          }
          await ctx.progress(50);
          await ctx.writeFile('text/plain', async (out) => {
            out.end('isi berkas');
          });
        },
      },
    );
    await t.app.queue.updateQueue('job-export', { retryDelay: 1, retryBackoff: false });
    const bell = async (headers = owner.headers) => {
      const res = await get('/api/notification/v1/trainer/list?limit=100', headers);
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { list: TrainerNotification[] } }>().data.list;
    };
    const before = (await bell()).length;

    // Two attempts fail for a while, the third succeeds: one 'Unduhan siap', not three.
    const { job_id: retried } = await startJob(t.app, owner.user as never, {
      kind: 'export',
      name: 'laporan-peserta.xlsx',
      input: { mode: 'ok', failFirst: 2 },
    });
    expect(await finishedJob(t.app, owner.headers, started(retried))).toMatchObject({
      status: 'done',
    });
    expect(failures.get('ok')).toBe(2);
    // A refusal fails the job at once, with its reason in the entry.
    const { job_id: refused } = await startJob(t.app, owner.user as never, {
      kind: 'export',
      name: 'laporan-kosong.xlsx',
      input: { mode: 'user-error' },
    });
    expect(await finishedJob(t.app, owner.headers, started(refused))).toMatchObject({
      status: 'failed',
    });

    const now = await bell();
    const entries = now.slice(0, now.length - before);
    expect(entries).toHaveLength(2);
    expect(entries.map((n) => [n.kind, n.notification, n.link, n.read])).toEqual([
      [
        'job',
        { title: 'Unduhan gagal', description: 'laporan-kosong.xlsx: Data tidak ditemukan' },
        '#unduhan',
        false,
      ],
      [
        'job',
        { title: 'Unduhan siap', description: 'laporan-peserta.xlsx siap diunduh di Unduhan' },
        '#unduhan',
        false,
      ],
    ]);
    expect(entries[0]!.additional).toEqual({ program: null, topic: null, activity: null });
    // The same entries went live to the owner alone, once each.
    const sent = live.filter((e) => e.event === 'notification.new');
    expect(sent.map((e) => e.target)).toEqual([`user:${owner.user.id}`, `user:${owner.user.id}`]);
    expect(sent.map((e) => (e.payload as TrainerNotification).id)).toEqual(
      [...entries].reverse().map((n) => n.id),
    );
    // Nobody else hears of them.
    expect((await bell(other.headers)).filter((n) => n.kind === 'job')).toEqual([]);
  }, 60_000);
});
