import type { FastifyBaseLogger } from 'fastify';
import { pushSubscriptionSchema } from '@ajar/shared/auth/auth.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { defineJob, type Job, type JobQueue } from '../../lib/job-queue';
import { loadWebPush } from '../../lib/lazy-modules';
import { loadVapidKeys, type PushPayload } from '../../lib/push';
import { pushAgentFor, PushEndpointRefused } from '../../lib/push-endpoint';
import {
  advancePushJob,
  deleteMemberSubscriptions,
  findPushJobState,
  finishPushJob,
  markPushAdopted,
  markPushSending,
  pushesToAdopt,
  subscriptionBatch,
} from './push-jobs.repository';

/** Subscriptions read per query, and pushes in flight at once. */
const BATCH_SIZE = 200;
const CONCURRENCY = 20;
/** Attempts per subscription for a transient failure (network, 429, 5xx). */
const ATTEMPTS = 3;
const RETRY_BASE_MS = 250;
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/** The pg-boss queue of participant pushes: one job per sent notification. */
export const memberPushQueue = 'member-push';

type PushConfig = Pick<
  Config,
  | 'dataDir'
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'PUSH_SERVICE_HOSTS'
  | 'PUSH_ALLOW_PRIVATE_ADDRESSES'
>;

export interface NotificationPushWorker {
  /** Queues the push of one sent notification (a job on the queue, run by any server). */
  enqueue(sentNotificationId: string): Promise<void>;
  /** Resolves when every push this server queued has finished (tests). */
  idle(): Promise<void>;
}

type Outcome = 'sent' | 'gone' | 'failed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type WebPush = Awaited<ReturnType<typeof loadWebPush>>;

function isTransient(webpush: WebPush, err: unknown) {
  if (!(err instanceof webpush.WebPushError)) return true; // network error, timeout
  return err.statusCode === 429 || err.statusCode >= 500;
}

/**
 * Queues the pushes the old queue column left unsent at the upgrade (marked 'adopt' by migration
 * 0017). The job's id is the notification's, so servers starting together queue it once; the
 * mark is taken off after the job exists, so a server stopping in between leaves it to the next.
 */
async function adoptOldPushes(db: Db, queue: JobQueue) {
  for (const sentNotificationId of await pushesToAdopt(db)) {
    await queue.send(memberPushQueue, { sentNotificationId }, { id: sentNotificationId });
    await markPushAdopted(db, sentNotificationId);
  }
}

/**
 * The background fan-out of participant notifications as jobs of the job queue
 * (lib/job-queue.ts): one job per sent notification, worked through in batches of subscriptions
 * with bounded concurrency and per-push retries. The cursor and the delivered count are saved on
 * the notification after every slice, so a job retried after its server died resumes there and
 * sends at most one slice again. pg-boss gives the job to one server at a time; a job whose
 * server stops sending heartbeats is retried (with backoff) by another.
 */
export async function defineNotificationPush(deps: {
  config: PushConfig;
  db: Db;
  queue: JobQueue;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): Promise<NotificationPushWorker> {
  const { config, db, log, queue } = deps;
  const queued = new Set<string>();

  async function sendOne(
    subscription: unknown,
    body: string,
    vapid: { subject: string; publicKey: string; privateKey: string },
    subscriptionId: string,
    signal: AbortSignal,
  ): Promise<Outcome> {
    const parsed = pushSubscriptionSchema.safeParse(subscription);
    if (!parsed.success) return 'gone';
    const webpush = await loadWebPush();
    for (let attempt = 1; ; attempt += 1) {
      try {
        // Refuses a host off the allow-list or a non-public address (lib/push-endpoint.ts).
        const agent = pushAgentFor(parsed.data.endpoint, {
          hosts: config.PUSH_SERVICE_HOSTS,
          allowPrivate: config.PUSH_ALLOW_PRIVATE_ADDRESSES,
        });
        await webpush.sendNotification(parsed.data, body, {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        });
        return 'sent';
      } catch (err) {
        // Never retried, and the subscription is dropped: it cannot become a push service.
        if (err instanceof PushEndpointRefused) {
          log.warn({ subscriptionId, reason: err.message }, 'participant push endpoint refused');
          return 'gone';
        }
        if (
          err instanceof webpush.WebPushError &&
          (err.statusCode === 404 || err.statusCode === 410)
        ) {
          return 'gone';
        }
        if (attempt >= ATTEMPTS || !isTransient(webpush, err) || signal.aborted) {
          log.warn({ err, subscriptionId }, 'participant web push failed');
          return 'failed';
        }
        await sleep(RETRY_BASE_MS * 2 ** (attempt - 1));
      }
    }
  }

  async function runJob(job: Job<{ sentNotificationId: string }>) {
    const sentId = job.data.sentNotificationId;
    const state = await findPushJobState(db, sentId);
    if (!state || state.push_state === 'done') return;
    await markPushSending(db, sentId);
    const keys = await loadVapidKeys(config);
    const vapid = { subject: config.VAPID_SUBJECT, ...keys };
    const payload: PushPayload = {
      title: state.title,
      body: state.message,
      url: state.link ?? undefined,
      data: { type: 'member_notification', sent_notification_id: sentId },
    };
    const body = JSON.stringify(payload);
    let cursor = state.push_cursor;
    for (;;) {
      const batch = await subscriptionBatch(db, sentId, cursor, BATCH_SIZE);
      if (batch.length === 0) break;
      // Progress is saved after every slice: a retry after a crash resends at most a slice.
      for (let i = 0; i < batch.length; i += CONCURRENCY) {
        // The server is stopping: this attempt ends here and the job is retried from the cursor.
        if (job.signal.aborted) throw new Error('server stopping; the push resumes on retry');
        const slice = batch.slice(i, i + CONCURRENCY);
        const outcomes = await Promise.all(
          slice.map((row) => sendOne(row.subscription, body, vapid, row.id, job.signal)),
        );
        const sent = outcomes.filter((outcome) => outcome === 'sent').length;
        await deleteMemberSubscriptions(
          db,
          slice.filter((_, n) => outcomes[n] === 'gone').map((row) => row.id),
        );
        cursor = slice[slice.length - 1]!.id;
        await advancePushJob(db, sentId, cursor, sent);
      }
    }
    await finishPushJob(db, sentId);
  }

  await defineJob<{ sentNotificationId: string }>(queue, {
    name: memberPushQueue,
    // A job whose server died is noticed by its missing heartbeats and retried with backoff
    // (5 s, 10 s, 20 s …) by a live server; the database being away is the usual transient cause.
    queue: { retryLimit: 8, retryDelay: 5, retryBackoff: true, heartbeatSeconds: 30 },
    concurrency: 2,
    handler: runJob,
    ready: () => adoptOldPushes(db, queue),
  });

  return {
    async enqueue(sentNotificationId) {
      const id = await queue.send(memberPushQueue, { sentNotificationId });
      if (id) queued.add(id);
    },
    async idle() {
      for (const id of queued) {
        for (;;) {
          const job = await queue.getJobById(memberPushQueue, id);
          if (!job || ['completed', 'failed', 'cancelled'].includes(job.state)) break;
          await sleep(20);
        }
        queued.delete(id);
      }
    },
  };
}
