import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { pushSubscriptionSchema } from '@ajar/shared/auth/auth.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loadVapidKeys, type PushPayload } from '../../lib/push';
import {
  advancePushJob,
  claimPushJob,
  deleteMemberSubscriptions,
  finishPushJob,
  subscriptionBatch,
  type PushJob,
} from './push-jobs.repository';

/** Subscriptions read per query, and pushes in flight at once. */
const BATCH_SIZE = 200;
const CONCURRENCY = 20;
/** Attempts per subscription for a transient failure (network, 429, 5xx). */
const ATTEMPTS = 3;
const RETRY_BASE_MS = 250;
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

type PushConfig = Pick<
  Config,
  'dataDir' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'
>;

export interface NotificationPushWorker {
  /** Starts working through pending jobs unless already doing so; never throws. */
  kick(): void;
  /** Resolves when no job is being worked on (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops after the current batch; a job left half done is resumed by the next start. */
  close(): Promise<void>;
}

type Outcome = 'sent' | 'gone' | 'failed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isTransient(err: unknown) {
  if (!(err instanceof webpush.WebPushError)) return true; // network error, timeout
  return err.statusCode === 429 || err.statusCode >= 500;
}

/**
 * The background fan-out of participant notifications (DESIGN §11): jobs are the
 * `sent_notifications` rows whose `push_state` is not done, claimed with SKIP LOCKED, worked
 * through in batches of subscriptions with bounded concurrency and retries, the cursor and the
 * delivered count saved after every batch so a restart loses nothing.
 */
export function createNotificationPushWorker(deps: {
  config: PushConfig;
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): NotificationPushWorker {
  const { config, db, log } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function sendOne(
    subscription: unknown,
    body: string,
    vapid: { subject: string; publicKey: string; privateKey: string },
    subscriptionId: string,
  ): Promise<Outcome> {
    const parsed = pushSubscriptionSchema.safeParse(subscription);
    if (!parsed.success) return 'gone';
    for (let attempt = 1; ; attempt += 1) {
      try {
        await webpush.sendNotification(parsed.data, body, {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
        });
        return 'sent';
      } catch (err) {
        if (
          err instanceof webpush.WebPushError &&
          (err.statusCode === 404 || err.statusCode === 410)
        ) {
          return 'gone';
        }
        if (attempt >= ATTEMPTS || !isTransient(err) || closed) {
          log.warn({ err, subscriptionId }, 'participant web push failed');
          return 'failed';
        }
        await sleep(RETRY_BASE_MS * 2 ** (attempt - 1));
      }
    }
  }

  async function runJob(job: PushJob) {
    const keys = await loadVapidKeys(config);
    const vapid = { subject: config.VAPID_SUBJECT, ...keys };
    const payload: PushPayload = {
      title: job.title,
      body: job.message,
      url: job.link ?? undefined,
      data: { type: 'member_notification', sent_notification_id: job.id },
    };
    const body = JSON.stringify(payload);
    let cursor = job.push_cursor;
    while (!closed) {
      const batch = await subscriptionBatch(db, job.id, cursor, BATCH_SIZE);
      if (batch.length === 0) {
        await finishPushJob(db, job.id);
        return;
      }
      let sent = 0;
      const gone: string[] = [];
      for (let i = 0; i < batch.length; i += CONCURRENCY) {
        const slice = batch.slice(i, i + CONCURRENCY);
        const outcomes = await Promise.all(
          slice.map((row) => sendOne(row.subscription, body, vapid, row.id)),
        );
        outcomes.forEach((outcome, n) => {
          if (outcome === 'sent') sent += 1;
          else if (outcome === 'gone') gone.push(slice[n]!.id);
        });
      }
      await deleteMemberSubscriptions(db, gone);
      cursor = batch[batch.length - 1]!.id;
      await advancePushJob(db, job.id, cursor, sent);
    }
  }

  async function drain() {
    do {
      again = false;
      while (!closed) {
        const job = await claimPushJob(db);
        if (!job) break;
        await runJob(job);
      }
    } while (again && !closed);
  }

  return {
    kick() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = drain()
        .catch((err: unknown) => log.error({ err }, 'participant notification push job failed'))
        .finally(() => {
          running = null;
        });
    },
    idle: async () => {
      while (running) await running;
    },
    close: async () => {
      closed = true;
      await running;
    },
  };
}
