import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { userTarget } from '@ajar/shared/realtime';
import {
  jobFileHours,
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

/** Records the job for its owner and queues the work; the reply names it (`data.job_id`). */
export async function startJob(
  deps: { db: Db; queue: JobQueue },
  user: RequestUser,
  job: { kind: JobKind; name: string; input: object },
): Promise<JobStarted> {
  const row = await repo.insertJob(deps.db, { userId: user.id, ...job });
  try {
    await deps.queue.send(queueName(job.kind), { jobId: row.id }, { id: row.id });
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
  /** Aborted when the server stops: the attempt ends and the job is retried on a live server. */
  signal: AbortSignal;
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
  storage: Storage;
  queue: JobQueue;
  realtime: Pick<Realtime, 'emit'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
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
  /**
   * The job's end and its owner's bell entry in one transaction: one entry per job, however many
   * attempts it took; both reach the owner live once committed.
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
    if (!ended) return;
    announce(ended.row);
    realtime.emit(userTarget(ended.bell.userId), 'notification.new', ended.bell.notification);
  };
  await defineJob<{ jobId: string }>(deps.queue, {
    name: queueName(definition.kind),
    queue: {
      retryLimit,
      // 2–4 s, then 4–8 s, 8–16 s: also how soon a job whose server died runs again.
      retryDelay: 2,
      retryBackoff: true,
      heartbeatSeconds: jobHeartbeatSeconds,
      expireInSeconds: 60 * 60,
    },
    concurrency: definition.concurrency ?? 1,
    handler: async (job) => {
      const row = await repo.findJob(db, job.data.jobId);
      if (!row || row.status === 'done' || row.status === 'failed') return;
      const key = `jobs/${row.id}/${row.name.replace(/[^\w.-]+/g, '-')}`;
      announce(
        await repo.updateJob(db, row.id, {
          status: 'running',
          progress: 0,
          started_at: new Date(),
        }),
      );
      let shown = 0;
      let contentType: string | null = null;
      try {
        await definition.run({
          input: row.input as I,
          userId: row.user_id,
          signal: job.signal,
          progress: async (percent) => {
            const whole = Math.max(0, Math.min(99, Math.floor(percent)));
            if (whole === shown) return;
            shown = whole;
            announce(await repo.updateJob(db, row.id, { progress: whole }));
          },
          writeFile: async (type, write) => {
            await storeWritten(deps.storage, key, write);
            contentType = type;
          },
        });
      } catch (err) {
        const final = err instanceof AppError || job.retryCount >= retryLimit;
        if (!final) {
          deps.log.warn({ err, jobId: row.id }, 'job attempt failed; retried');
          announce(await repo.updateJob(db, row.id, { status: 'queued', progress: 0 }));
          throw err;
        }
        if (!(err instanceof AppError)) deps.log.error({ err, jobId: row.id }, 'job failed');
        await end(row.id, {
          status: 'failed',
          message: err instanceof AppError ? err.message : jobMessages.failed,
          finished_at: new Date(),
        });
        return;
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
