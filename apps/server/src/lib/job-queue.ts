/**
 * The job queue: pg-boss on the database Ajar already has (docs/decisions.md). Long or
 * retried work (the participants' push fan-out, certificate zips, big exports) is a pg-boss job:
 * it survives its server (a job whose server died is expired and retried by a live one), runs once
 * when several servers share the database (pg-boss claims with `FOR UPDATE SKIP LOCKED`), and is
 * retried with exponential backoff when it fails for a while.
 *
 * On PostgreSQL pg-boss keeps a small pool of its own; on the embedded PGlite it shares the one
 * connection through pg-boss's PGlite adapter. Its tables live in the `pgboss` schema, installed
 * (and upgraded) by `installJobQueue` as part of the database's migration.
 *
 * Use (a module's plugin):
 *
 * ```ts
 * await defineJob(app.queue, {
 *   name: 'member-push',
 *   queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
 *   handler: async (job) => { … }, // throws → retried; after the last try the job is failed
 * });
 * await app.queue.send('member-push', { sentId });
 * ```
 */
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import {
  PgBoss,
  fromPglite,
  type ConstructorOptions,
  type Job,
  type QueueOptions,
  type QueuePolicy,
} from 'pg-boss';
import { unavailableCause } from './service-unavailable';

export type JobQueue = PgBoss;

/** The job queue's way into the database: its own small pool on PostgreSQL, the one PGlite. */
export type QueueConnection =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
export type { Job };

/** The schema pg-boss's tables live in (beside Ajar's own, in the same database). */
export const jobQueueSchema = 'pgboss';

function connectionOptions(connection: QueueConnection): ConstructorOptions {
  if (connection.kind === 'pglite') {
    return { db: fromPglite(connection.client), backend: 'pglite', schema: jobQueueSchema };
  }
  return {
    connectionString: connection.url,
    schema: jobQueueSchema,
    max: 4,
    application_name: 'ajar-jobs',
  };
}

/**
 * Creates or upgrades pg-boss's schema (pg-boss serialises this under its own advisory lock, so
 * servers migrating at once are safe). Part of `Database.migrate()`, so a test database cloned
 * from a migrated template has it already.
 */
export async function installJobQueue(connection: QueueConnection): Promise<void> {
  const boss = new PgBoss({ ...connectionOptions(connection), supervise: false, schedule: false });
  let failure: unknown;
  boss.on('error', (err) => {
    failure ??= err;
  });
  await boss.start();
  await boss.stop({ graceful: false });
  if (failure) throw failure;
}

/** How often the supervisor looks for jobs whose server is gone (heartbeat lost, expired). */
const supervisePassSeconds = 5;

/**
 * The heartbeat of long jobs (the shortest pg-boss allows): a worker refreshes it every half of
 * it, and a job whose heartbeat is older is taken as abandoned and retried.
 */
export const jobHeartbeatSeconds = 10;

/** Queues whose start waits for the database, with the definitions to apply once started. */
const notStarted = new WeakMap<PgBoss, Array<() => Promise<void>>>();

/**
 * Starts the queue for this server: jobs are fetched by the workers modules define, a job's
 * creation wakes them at once (LISTEN/NOTIFY; polling stays the floor), and the supervisor
 * expires jobs whose server is gone so they are retried.
 */
export async function startJobQueue(
  connection: QueueConnection,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  /** Whether this server runs pg-boss's cron (the embedded database's daily backup). */
  options: { schedule?: boolean } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    ...connectionOptions(connection),
    // The schema is installed by the migration; only the version check runs here.
    migrate: true,
    schedule: options.schedule ?? false,
    useListenNotify: true,
    // A job whose server died (kill -9, a lost machine) stops sending heartbeats; the supervisor's
    // monitor pass fails it (to be retried) once its heartbeat is `heartbeatSeconds` stale. pg-boss
    // runs that pass every 60 s by default, so a killed zip waited up to a minute and a half before
    // a live server took it again; every 5 s it is picked up about 15 s after its server is gone.
    // One server per interval runs the pass (pg-boss claims it in the queue's row).
    superviseIntervalSeconds: supervisePassSeconds,
    monitorIntervalSeconds: supervisePassSeconds,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  try {
    await boss.start();
  } catch (err) {
    if (!unavailableCause(err)) throw err;
    // The database is away: the server still starts (its requests answer 503 until the database
    // returns, as everywhere), and the queue starts and defines its workers once it can.
    log.error({ err }, 'job queue: the database cannot be reached; starting when it returns');
    const pending: Array<() => Promise<void>> = [];
    notStarted.set(boss, pending);
    void boss.start({ attempts: Number.MAX_SAFE_INTEGER }).then(
      async () => {
        notStarted.delete(boss);
        for (const define of pending) await define();
      },
      (startErr: unknown) => log.error({ err: startErr }, 'job queue: not started'),
    );
  }
  return boss;
}

export interface JobDefinition<T extends object> {
  name: string;
  /**
   * Retries, backoff, expiry (a job longer than `expireInSeconds` is taken as dead and retried);
   * `policy` is set when the queue is created and never changed after.
   */
  queue: QueueOptions & { policy?: QueuePolicy };
  /** Jobs of this kind one server runs at once. */
  concurrency?: number;
  /** Throws to fail this attempt (retried while attempts remain). */
  handler: (job: Job<T>) => Promise<unknown>;
  /**
   * Runs once the queue exists and this server works it: at start, or when the database returns
   * for a server that started without it.
   */
  ready?: () => Promise<void>;
}

/** Creates the queue (idempotent; options updated to the code's) and this server's worker. */
export async function defineJob<T extends object>(
  boss: JobQueue,
  definition: JobDefinition<T>,
): Promise<void> {
  const pending = notStarted.get(boss);
  if (pending) {
    pending.push(() => defineJob(boss, definition));
    return;
  }
  const { policy, ...options } = { ...definition.queue, notify: true };
  // Idempotent (ON CONFLICT DO NOTHING under pg-boss's lock); the update carries changed options
  // (a shorter heartbeat among them) to a queue an older version of the code created.
  await boss.createQueue(definition.name, policy ? { ...options, policy } : options);
  await boss.updateQueue(definition.name, options);
  await boss.work<T>(
    definition.name,
    {
      localConcurrency: definition.concurrency ?? 1,
      batchSize: 1,
      // NOTIFY wakes workers for new jobs only: retries and jobs whose server died are found by
      // polling, which pg-boss slows to 30 s while NOTIFY works. 2 s keeps retries on time.
      pollingIntervalSeconds: 2,
      notifyPollingIntervalSeconds: 2,
    },
    async ([job]) => definition.handler(job!),
  );
  await definition.ready?.();
}

/**
 * Deletes the jobs of `name` still waiting to start later than `latest`: a recurring job's next
 * run queued under a longer period (by a server with other settings, or by the server a data
 * directory was copied from) would otherwise hold a `stately` queue's one waiting place, so the
 * run this server queues at its own period is refused until that late one has run.
 */
export async function dropQueuedAfter(boss: JobQueue, name: string, latest: Date): Promise<void> {
  const late = (await boss.findJobs(name, { queued: true }))
    // Typed a Date, but a string through the PGlite adapter: read either.
    .filter((job) => new Date(job.startAfter).getTime() > latest.getTime())
    .map((job) => job.id);
  if (late.length > 0) await boss.deleteJob(name, late);
}
