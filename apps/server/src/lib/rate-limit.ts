// Fixed-window request counters: in this process, or in Redis so that every server counts
// together. Used by plugins/rate-limit.ts; the sign-in throttle keeps its own database rows
// (modules/auth/attempt-counter.service.ts), which must survive a restart and hold evidence.
import type { FastifyBaseLogger } from 'fastify';

/** One hit's result: the hits of the key in its current window, and when that window ends. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

export interface CounterStore {
  /** Counts one hit on `key`, whose window is `windowMs` long from its first hit. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}

/** Keys kept in memory before expired ones are swept on the next hit. */
const sweepAbove = 10_000;

/** Counters in this process (one server, or Redis away). */
export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key, windowMs) {
      const at = now();
      if (windows.size > sweepAbove) {
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return Promise.resolve({ count: window.count, resetInMs: window.resetAt - at });
    },
    close: () => {
      windows.clear();
      return Promise.resolve();
    },
  };
}

// INCR and the window's expiry in one step, so a key never stays without one (Redis 6 too).
const hitScript = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/** How long the start waits for Redis before counting in memory until it answers. */
const connectWaitMs = 2_000;

/** What the Redis store needs of a node-redis client. */
interface RedisClient {
  readonly isReady: boolean;
  readonly isOpen: boolean;
  connect(): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  close(): Promise<void>;
  destroy(): void;
  on(event: 'error', listener: (err: unknown) => void): unknown;
}

/**
 * Counters in Redis, shared by every server. While Redis is away (not yet connected, or a
 * command fails) this process counts in memory instead: a limit that holds per server is better
 * than a write refused or held up because of the counter.
 */
export async function redisCounterStore(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  prefix = 'ajar:rate:',
): Promise<CounterStore> {
  // Loaded only when configured: a single server never holds the Redis client.
  const { createClient } = await import('redis');
  // No offline queue: a command while disconnected fails at once and the memory store answers.
  const client: RedisClient = createClient({ url, disableOfflineQueue: true });
  client.on('error', (err: unknown) => log.error({ err }, 'redis rate-limit client'));
  const fallback = memoryCounterStore();
  // Waited for a moment only: node-redis retries until Redis answers, and the server starts
  // meanwhile (counting in memory until then).
  const connected = client.connect().catch((err: unknown) => {
    log.warn({ err }, 'redis rate-limit client not connected; counting in memory meanwhile');
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    connected,
    new Promise((resolve) => {
      timer = setTimeout(resolve, connectWaitMs);
    }),
  ]);
  clearTimeout(timer);
  return {
    async hit(key, windowMs) {
      if (!client.isReady) return fallback.hit(key, windowMs);
      try {
        const answer = await client.eval(hitScript, {
          keys: [prefix + key],
          arguments: [String(windowMs)],
        });
        const [count, ttl] = Array.isArray(answer) ? answer.map(Number) : [];
        if (count === undefined || ttl === undefined || Number.isNaN(count + ttl)) {
          throw new Error('unexpected answer of the rate-limit script');
        }
        return { count, resetInMs: ttl };
      } catch (err) {
        log.warn({ err }, 'redis rate-limit hit failed; counting in memory');
        return fallback.hit(key, windowMs);
      }
    },
    async close() {
      if (client.isReady) await client.close().catch(() => undefined);
      try {
        client.destroy();
      } catch {
        // Already closed.
      }
      await fallback.close();
    },
  };
}
