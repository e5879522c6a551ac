import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { userTarget } from '@ajar/shared/realtime';
import {
  jobFileHours,
  jobLimits,
  jobMessages,
  type JobKind,
  type JobStatus,
} from '@ajar/shared/jobs/jobs.constants';
import type { Job, JobList, JobStarted } from '@ajar/shared/jobs/jobs.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createDownload, storeWritten } from '../../lib/downloads';
import { defineJob, jobHeartbeatSeconds, type JobQueue } from '../../lib/job-queue';
import type { Storage } from '../../lib/storage';
import type { RequestUser } from '../../plugins/auth';
import type { Realtime } from '../../plugins/realtime';
import { recordJobEnded } from '../trainer-notifications/trainer-notifications.service';
import * as repo from './jobs.repository';

/** The pg-boss queue of each kind of job. */
const queueName = (kind: JobKind) => `job-${kind.replace('_', '-')}`;

export function toJob(row: repo.JobRow, publicUrl: string | null = null): Job {
  const expired = row.status === 'done' && row.storage_key === null;
  return {
    id: row.id,
    kind: row.kind as JobKind,
    name: row.name,
    status: row.status as JobStatus,
    progress: row.progress,
    message: expired ? jobMessages.expired : row.message,
    public_url: publicUrl,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

export async function listJobs(
  db: Db,
  user: RequestUser,
  query: { page: number; limit: number },
): Promise<JobList> {
  const { rows, total } = await repo.listOwnJobs(db, user.id, query.page, query.limit);
  return {
    list: rows.map((row) => toJob(row)),
    limit: query.limit,
    page: query.page,
    total,
    total_data: total,
  };
}

/** One of the user's own jobs (another user's is 404), with a fresh link to its file when done. */
export async function getJob(
  deps: { db: Db; storage: Storage; config: Pick<Config, 'PUBLIC_URL'> },
  user: RequestUser,
  id: string,
): Promise<Job> {
  const row = await repo.findOwnJob(deps.db, user.id, id);
  if (!row) throw AppError.notFound();
  if (row.status !== 'done' || !row.storage_key) return toJob(row);
  const { url } = await createDownload(deps, {
    userId: user.id,
    filename: row.filename ?? row.name,
    contentType: row.content_type ?? 'application/octet-stream',
    storageKey: row.storage_key,
  });
  return toJob(row, url);
}

/** A job in line waits this long when another job of its owner is running (one at a time). */
const deferSeconds = 2;

/**
 * Records the job for its owner and queues the work; the reply names it (`data.job_id`). The
 * queue's limits (docs/decisions.md, "Job queue limits"): an identical job of the user still
 * queued or running is answered instead of a new one; past `jobLimits.activePerUser` of theirs it
 * is a 429; and jobs are taken in rounds between users (a user's n-th waiting job after every
 * other user's first), through pg-boss's priority.
 */
export async function startJob(
  deps: { db: Db; queue: JobQueue },
  user: Pick<RequestUser, 'id'>,
  job: { kind: JobKind; name: string; input: object },
): Promise<JobStarted> {
  const added = await repo.insertJobWithinLimits(
    deps.db,
    { userId: user.id, ...job },
    jobLimits.activePerUser,
  );
  if (added.outcome === 'existing') return { job_id: added.row.id };
  if (added.outcome === 'full') throw AppError.tooMany(jobMessages.tooMany, 30);
  const { row, round } = added;
  try {
    await deps.queue.send(
      queueName(job.kind),
      { jobId: row.id, priority: -round },
      { id: row.id, priority: -round },
    );
  } catch (err) {
    await repo.updateJob(deps.db, row.id, {
      status: 'failed',
      message: jobMessages.failed,
      finished_at: new Date(),
    });
    throw err;
  }
  return { job_id: row.id };
}

/** This server's running jobs, to stop one its owner cancels at its next page. */
const runningHere = new Map<string, AbortController>();

/**
 * 'Batalkan' (owner only; another user's job is 404): a queued job never runs, a running one stops
 * at its next page (here at once, on another server at its next progress report) and leaves no
 * file or work folder behind. Cancelling a cancelled job answers it again; a job that has ended
 * otherwise (done, failed) is a 400.
 */
export async function cancelJob(
  deps: { db: Db; realtime: Pick<Realtime, 'emit'> },
  user: Pick<RequestUser, 'id'>,
  id: string,
): Promise<Job> {
  const row = await repo.cancelOwnJob(deps.db, user.id, id, jobMessages.cancelled);
  if (!row) {
    const found = await repo.findOwnJob(deps.db, user.id, id);
    if (!found) throw AppError.notFound();
    // Asked again (a second click, a retried request): the same answer.
    if (found.status === 'cancelled') return toJob(found);
    throw AppError.badRequest(jobMessages.notCancellable);
  }
  runningHere.get(id)?.abort();
  const job = toJob(row);
  deps.realtime.emit(userTarget(row.user_id), 'job.progress', job);
  return job;
}

/** The folder a job keeps its partial work in (local disk), kept across its attempts. */
export function jobWorkDir(config: Pick<Config, 'DATA_DIR'>, id: string) {
  return path.resolve(config.DATA_DIR, 'jobs-work', id);
}

/** Removes the files of finished jobs past their 24 hours; the rows stay (shown as expired). */
export async function sweepExpiredJobFiles(deps: { db: Db; storage: Storage }, now = new Date()) {
  const expired = await repo.expiredJobFiles(deps.db, now);
  for (const row of expired) {
    await deps.storage.remove(row.storage_key!);
    await repo.updateJob(deps.db, row.id, { storage_key: null });
  }
  return expired.length;
}

export interface JobContext<I> {
  input: I;
  /** The owner (the work runs with their rights, checked again by the worker). */
  userId: string;
  /** Reports progress (0–100); saved and sent to the owner when the whole percent changes. */
  progress(percent: number): Promise<void>;
  /**
   * Aborted when the server stops (the attempt ends and the job is retried on a live server) or
   * when its owner cancels it (it ends for good).
   */
  signal: AbortSignal;
  /**
   * A folder on this server's disk for partial work, kept across attempts (a retry after a
   * restart finds it) and removed when the job ends.
   */
  workDir: string;
  /** What the last attempt saved with `saveCheckpoint`; null on a first run. */
  checkpoint: unknown;
  saveCheckpoint(value: object): Promise<void>;
  /**
   * Streams the job's file into storage (all or nothing). Its key is the job's own, so a retried
   * job overwrites what an earlier attempt wrote: nothing is stored twice.
   */
  writeFile(contentType: string, write: (stream: Writable) => Promise<void>): Promise<void>;
}

export interface FileJobDefinition<I> {
  kind: JobKind;
  /** Jobs of this kind one server runs at once. */
  concurrency?: number;
  run(ctx: JobContext<I>): Promise<void>;
}

export interface JobDeps {
  db: Db;
  config: Pick<Config, 'DATA_DIR'>;
  storage: Storage;
  queue: JobQueue;
  realtime: Pick<Realtime, 'emit'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** A running job looks at its row for a cancel from another server at most this often. */
const cancelCheckMs = 1_000;

/** Thrown at a progress report of a job its owner cancelled: the run stops there. */
class JobCancelled extends Error {
  constructor() {
    super('job cancelled by its owner');
  }
}

/** Attempts of a job before it fails for good (a transient cause: storage, the database). */
const retryLimit = 3;

/**
 * Defines the worker of one kind of file job: the row's status and progress follow the work and
 * reach the owner's sockets (`job.progress`); the file is kept `jobFileHours`. A failure that is
 * the user's (an AppError) fails the job at once with its message; any other is retried with
 * backoff, and after the last attempt the job fails with `jobMessages.failed`.
 */
export async function defineFileJob<I>(deps: JobDeps, definition: FileJobDefinition<I>) {
  const { db, realtime } = deps;
  const announce = (row: repo.JobRow | null) => {
    if (row) realtime.emit(userTarget(row.user_id), 'job.progress', toJob(row));
  };
  const removeWork = (id: string) =>
    fs.rm(jobWorkDir(deps.config, id), { recursive: true, force: true }).catch((err: unknown) => {
      deps.log.warn({ err, jobId: id }, 'job work folder not removed');
    });
  /**
   * The job's end and its owner's bell entry in one transaction: one entry per job, however many
   * attempts it took; both reach the owner live once committed. A job cancelled meanwhile stays
   * cancelled, and the file its run made is removed.
   */
  const end = async (id: string, set: Partial<repo.JobRow> & { status: 'done' | 'failed' }) => {
    const ended = await db.transaction(async (tx) => {
      const row = await repo.endJob(tx, id, set);
      if (!row) return null;
      const bell = await recordJobEnded(tx, {
        userId: row.user_id,
        name: row.name,
        status: set.status,
        message: row.message,
      });
      return { row, bell };
    });
    if (ended) {
      announce(ended.row);
      realtime.emit(userTarget(ended.bell.userId), 'notification.new', ended.bell.notification);
    } else if (set.storage_key) {
      await deps.storage.remove(set.storage_key);
    }
    await removeWork(id);
  };
  const queue = queueName(definition.kind);
  await defineJob<{ jobId: string; priority?: number }>(deps.queue, {
    name: queue,
    queue: {
      retryLimit,
      // 2–4 s, then 4–8 s, 8–16 s: also how soon a job whose server died runs again.
      retryDelay: 2,
      retryBackoff: true,
      heartbeatSeconds: jobHeartbeatSeconds,
      expireInSeconds: 60 * 60,
    },
    // Two at once, so one user's long job does not hold every other user's behind it: each user
    // runs one at a time (`claimRun`), so the second place goes to somebody else.
    concurrency: definition.concurrency ?? 2,
    handler: async (job) => {
      const found = await repo.findJob(db, job.data.jobId);
      if (!found || (found.status !== 'queued' && found.status !== 'running')) return;
      const claimed = await repo.claimRun(db, found.id, found.user_id);
      if (!claimed) {
        // Another job of the owner runs: back in line, keeping its place among the rounds.
        const priority = job.data.priority ?? 0;
        await deps.queue.send(queue, job.data, { startAfter: deferSeconds, priority });
        return;
      }
      // A run after a restart goes on from its checkpoint: its progress does not drop to 0.
      const row =
        claimed.checkpoint === null ? await repo.updateJob(db, found.id, { progress: 0 }) : claimed;
      if (!row) return;
      announce(row);
      const key = `jobs/${row.id}/${row.name.replace(/[^\w.-]+/g, '-')}`;
      const cancel = new AbortController();
      runningHere.set(row.id, cancel);
      let shown = row.progress;
      let checkedAt = Date.now();
      let contentType: string | null = null;
      const workDir = jobWorkDir(deps.config, row.id);
      try {
        await fs.mkdir(workDir, { recursive: true });
        await definition.run({
          input: row.input as I,
          userId: row.user_id,
          signal: AbortSignal.any([job.signal, cancel.signal]),
          workDir,
          checkpoint: row.checkpoint,
          saveCheckpoint: async (value) => {
            await repo.updateJob(db, row.id, { checkpoint: value });
          },
          progress: async (percent) => {
            if (Date.now() - checkedAt >= cancelCheckMs) {
              checkedAt = Date.now();
              if ((await repo.jobStatus(db, row.id)) === 'cancelled') cancel.abort();
            }
            if (cancel.signal.aborted) throw new JobCancelled();
            const whole = Math.max(0, Math.min(99, Math.floor(percent)));
            if (whole <= shown) return;
            shown = whole;
            announce(await repo.updateJob(db, row.id, { progress: whole }));
          },
          writeFile: async (type, write) => {
            await storeWritten(deps.storage, key, write);
            contentType = type;
          },
        });
      } catch (err) {
        if (cancel.signal.aborted || (await repo.jobStatus(db, row.id)) === 'cancelled') {
          // Stopped by its owner: nothing kept (storeWritten removed a file it did not finish).
          await removeWork(row.id);
          return;
        }
        const final = err instanceof AppError || job.retryCount >= retryLimit;
        if (!final) {
          deps.log.warn({ err, jobId: row.id }, 'job attempt failed; retried');
          announce(await repo.updateJob(db, row.id, { status: 'queued' }));
          throw err;
        }
        if (!(err instanceof AppError)) deps.log.error({ err, jobId: row.id }, 'job failed');
        await end(row.id, {
          status: 'failed',
          message: err instanceof AppError ? err.message : jobMessages.failed,
          finished_at: new Date(),
        });
        return;
      } finally {
        runningHere.delete(row.id);
      }
      const now = new Date();
      await end(row.id, {
        status: 'done',
        progress: 100,
        storage_key: contentType ? key : null,
        filename: row.name,
        content_type: contentType,
        finished_at: now,
        expires_at: new Date(now.getTime() + jobFileHours * 60 * 60 * 1000),
      });
      await sweepExpiredJobFiles(deps).catch((err: unknown) =>
        deps.log.warn({ err }, 'expired job files not swept'),
      );
    },
  });
}
