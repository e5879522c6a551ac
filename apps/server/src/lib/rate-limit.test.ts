import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { memoryCounterStore, redisCounterStore } from './rate-limit';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn: () => undefined, error: () => undefined };

async function redisReachable(): Promise<boolean> {
  const client = createClient({
    url: redisUrl,
    socket: { connectTimeout: 1000, reconnectStrategy: false },
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

describe('memory counters', () => {
  it('count hits per key inside the window and start again after it', async () => {
    let now = 1_000_000;
    const store = memoryCounterStore(() => now);
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 10_000;
    expect(await store.hit('a', 60_000)).toEqual({ count: 2, resetInMs: 50_000 });
    expect((await store.hit('b', 60_000)).count).toBe(1);
    now += 50_000;
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });
});

describe('Redis counters', () => {
  it('two servers count one key together, with the window’s expiry', async (ctx) => {
    if (!(await redisReachable())) {
      ctx.skip(`Redis not reachable at ${redisUrl} (set REDIS_URL)`);
      return;
    }
    const first = await redisCounterStore(redisUrl, silent);
    const second = await redisCounterStore(redisUrl, silent);
    const key = `test:${randomUUID()}`;
    try {
      expect((await first.hit(key, 60_000)).count).toBe(1);
      expect((await second.hit(key, 60_000)).count).toBe(2);
      const third = await first.hit(key, 60_000);
      expect(third.count).toBe(3);
      expect(third.resetInMs).toBeGreaterThan(50_000);
      expect(third.resetInMs).toBeLessThanOrEqual(60_000);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('count in memory while Redis cannot be reached, never failing the hit', async () => {
    // A port nothing listens on: the client never connects.
    const store = await redisCounterStore('redis://127.0.0.1:1', silent);
    try {
      expect((await store.hit('k', 60_000)).count).toBe(1);
      expect((await store.hit('k', 60_000)).count).toBe(2);
    } finally {
      await store.close();
    }
  });
});
