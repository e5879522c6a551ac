import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { pushSubscriptionSchema } from '@ajar/shared/auth/auth.schemas';
import type { Config } from '../config';
import { loadWebPush } from './lazy-modules';
import { pushAgentFor, PushEndpointRefused } from './push-endpoint';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What a push carries; the service worker of the web app shows it. */
export interface PushPayload {
  title: string;
  body: string;
  /** Path the notification opens, e.g. `/notifikasi`. */
  url?: string;
  data?: Record<string, unknown>;
}

export interface PushResult {
  sent: number;
  /** Subscriptions the push service declared gone (404/410), now deleted. */
  removed: number;
  failed: number;
}

export interface PushSender {
  /** The VAPID public key browsers subscribe with. */
  publicKey(): Promise<string>;
  /** Sends to every live subscription of the user; never throws for a failing endpoint. */
  sendToUser(userId: string, payload: PushPayload): Promise<PushResult>;
}

/** Where the subscriptions live (the auth module's repository, passed in by its routes). */
export interface PushSubscriptionStore {
  /** The subscriptions of the user's live sessions. */
  listLive(userId: string): Promise<{ id: string; subscription: unknown }[]>;
  deleteByIds(ids: string[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender;
  }
}

type VapidConfig = Pick<
  Config,
  'dataDir' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'
>;
type PushConfig = VapidConfig & Pick<Config, 'PUSH_SERVICE_HOSTS' | 'PUSH_ALLOW_PRIVATE_ADDRESSES'>;

export function vapidFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'vapid.json');
}

/** Fails fast at start when only one half of the VAPID pair is configured. */
export function assertVapidConfig(config: VapidConfig): void {
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
}

function parseKeys(text: string): VapidKeys | null {
  try {
    const value = JSON.parse(text) as Partial<VapidKeys>;
    return typeof value.publicKey === 'string' && typeof value.privateKey === 'string'
      ? { publicKey: value.publicKey, privateKey: value.privateKey }
      : null;
  } catch {
    return null;
  }
}

/**
 * VAPID keys from `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, else from `DATA_DIR/vapid.json`, else
 * generated once and kept there. Subscriptions are bound to the public key, so it must survive
 * restarts. Several servers must share the env keys (or the data directory).
 */
export async function loadVapidKeys(config: VapidConfig): Promise<VapidKeys> {
  assertVapidConfig(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const file = vapidFile(config);
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing !== null) {
    const keys = parseKeys(existing);
    if (!keys) throw new Error(`${file} is not a valid VAPID key file`);
    return keys;
  }
  const keys = (await loadWebPush()).generateVAPIDKeys();
  await fs.mkdir(config.dataDir, { recursive: true });
  // Write a temp file, then hard-link it into place: the link fails if another process won the
  // race, and a reader never sees a half-written file. The loser reads the winner's keys.
  const temp = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temp, JSON.stringify(keys, null, 2), { mode: 0o600 });
  try {
    await fs.link(temp, file);
    return keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const winner = parseKeys(await fs.readFile(file, 'utf8'));
    if (!winner) throw new Error(`${file} is not a valid VAPID key file`, { cause: err });
    return winner;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * The app's Web Push sender. Keys are loaded on first use, so building the app (every test) does
 * no file or crypto work.
 */
export function createPush(deps: {
  config: PushConfig;
  subscriptions: PushSubscriptionStore;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): PushSender {
  const { config, subscriptions, log } = deps;
  let keys: Promise<VapidKeys> | undefined;
  const getKeys = () => {
    keys ??= loadVapidKeys(config).catch((err: unknown) => {
      keys = undefined; // retry on the next call rather than caching a failure
      throw err;
    });
    return keys;
  };

  return {
    publicKey: async () => (await getKeys()).publicKey,

    sendToUser: async (userId, payload) => {
      const rows = await subscriptions.listLive(userId);
      if (rows.length === 0) return { sent: 0, removed: 0, failed: 0 };
      const { publicKey, privateKey } = await getKeys();
      const body = JSON.stringify(payload);
      const webpush = await loadWebPush();
      const gone: string[] = [];
      let sent = 0;
      let failed = 0;
      await Promise.all(
        rows.map(async (row) => {
          const parsed = pushSubscriptionSchema.safeParse(row.subscription);
          if (!parsed.success) {
            gone.push(row.id);
            return;
          }
          try {
            // Refuses a host off the allow-list or a non-public address (lib/push-endpoint.ts).
            const agent = pushAgentFor(parsed.data.endpoint, {
              hosts: config.PUSH_SERVICE_HOSTS,
              allowPrivate: config.PUSH_ALLOW_PRIVATE_ADDRESSES,
            });
            await webpush.sendNotification(parsed.data, body, {
              vapidDetails: { subject: config.VAPID_SUBJECT, publicKey, privateKey },
              TTL: PUSH_TTL_SECONDS,
              timeout: PUSH_TIMEOUT_MS,
              ...(agent ? { agent } : {}),
            });
            sent += 1;
          } catch (err) {
            if (err instanceof PushEndpointRefused) {
              log.warn({ subscriptionId: row.id, reason: err.message }, 'push endpoint refused');
              gone.push(row.id);
            } else if (
              err instanceof webpush.WebPushError &&
              (err.statusCode === 404 || err.statusCode === 410)
            ) {
              gone.push(row.id);
            } else {
              failed += 1;
              log.warn({ err, subscriptionId: row.id }, 'web push failed');
            }
          }
        }),
      );
      await subscriptions.deleteByIds(gone);
      return { sent, removed: gone.length, failed };
    },
  };
}
