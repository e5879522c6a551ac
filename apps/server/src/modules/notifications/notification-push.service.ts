import type { FastifyBaseLogger } from 'fastify';
import { pushSubscriptionSchema } from '@ajar/shared/auth/auth.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loadWebPush } from '../../lib/lazy-modules';
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
/** How often a server looks for pending or stalled jobs (a cheap indexed query). */
const POLL_MS = 60_000;

type PushConfig = Pick<
  Config,
  'dataDir' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'
>;

export interface NotificationPushWorker {
  /**
   * Kicks now and then every `pollMs`, so a job whose server died (or failed mid-way) is taken
   * over once its claim is stale, by whichever server polls first, without waiting for the next
   * notification or restart.
   */
  start(): void;
  /** Starts working through pending jobs unless already doing so; never throws. */
  kick(): void;
  /** Resolves when no job is being worked on (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops after the current batch; a job left half done is resumed by the next start. */
  close(): Promise<void>;
}

type Outcome = 'sent' | 'gone' | 'failed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type WebPush = Awaited<ReturnType<typeof loadWebPush>>;

function isTransient(webpush: WebPush, err: unknown) {
  if (!(err instanceof webpush.WebPushError)) return true; // network error, timeout
  return err.statusCode === 429 || err.statusCode >= 500;
}

/**
 * The background fan-out of participant notifications (DESIGN §11): jobs are the
 * `sent_notifications` rows whose `push_state` is not done, claimed with SKIP LOCKED, worked
 * through in batches of subscriptions with bounded concurrency and retries, the cursor and the
 * delivered count saved after every slice so a restart loses nothing. Several servers share the
 * queue: a job is one server's while its claim is renewed; a stalled one is taken over, and its
 * first owner, if it wakes up, finds its claim gone and stops.
 */
export function createNotificationPushWorker(deps: {
  config: PushConfig;
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  pollMs?: number;
}): NotificationPushWorker {
  const { config, db, log } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let poller: NodeJS.Timeout | undefined;

  async function sendOne(
    subscription: unknown,
    body: string,
    vapid: { subject: string; publicKey: string; privateKey: string },
    subscriptionId: string,
  ): Promise<Outcome> {
    const parsed = pushSubscriptionSchema.safeParse(subscription);
    if (!parsed.success) return 'gone';
    const webpush = await loadWebPush();
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
        if (attempt >= ATTEMPTS || !isTransient(webpush, err) || closed) {
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
    let claim: string | null = job.claim;
    while (!closed) {
      const batch = await subscriptionBatch(db, job.id, cursor, BATCH_SIZE);
      if (batch.length === 0) {
        await finishPushJob(db, { id: job.id, claim });
        return;
      }
      // Progress is saved (and the claim renewed) after every slice, so a slow push service
      // never lets the claim go stale under a live server, and a takeover resends at most a slice.
      for (let i = 0; i < batch.length && !closed; i += CONCURRENCY) {
        const slice = batch.slice(i, i + CONCURRENCY);
        const outcomes = await Promise.all(
          slice.map((row) => sendOne(row.subscription, body, vapid, row.id)),
        );
        const sent = outcomes.filter((outcome) => outcome === 'sent').length;
        await deleteMemberSubscriptions(
          db,
          slice.filter((_, n) => outcomes[n] === 'gone').map((row) => row.id),
        );
        cursor = slice[slice.length - 1]!.id;
        claim = await advancePushJob(db, { id: job.id, claim }, cursor, sent);
        if (claim === null) {
          log.warn(
            { sentNotificationId: job.id },
            'participant push job taken over by another server',
          );
          return;
        }
      }
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

  const worker: NotificationPushWorker = {
    start() {
      if (closed || poller) return;
      worker.kick();
      poller = setInterval(() => worker.kick(), deps.pollMs ?? POLL_MS);
      poller.unref();
    },
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
      clearInterval(poller);
      await running;
    },
  };
  return worker;
}
