import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers db ok in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'success', data: { db: 'ok' } });
  });

  it('answers an unknown api path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
  });

  it('answers liveness without asking anything else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'success', data: { process: 'ok' } });
  });

  it('answers readiness with each part, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 200,
      message: 'success',
      data: { closing: false, db: 'ok', redis: 'off', storage: 'ok' },
    });
  });
});

describe('GET /api/health/ready when a part fails', () => {
  it('answers 503 naming the media store when it cannot be read', async () => {
    const t = await createTestApp();
    try {
      // The probe's folder is a file: the store answers with an error, not "not found".
      fs.mkdirSync(path.join(t.dataDir, 'media'), { recursive: true });
      fs.writeFileSync(path.join(t.dataDir, 'media/health'), 'not a folder');
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 503,
        message: 'Server belum siap: storage tidak menjawab',
        data: { closing: false, db: 'ok', redis: 'off', storage: 'error' },
      });
      // Liveness does not depend on it.
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 while the server shuts down, on a connection opened before', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const ended = new Promise((resolve) => socket.once('close', resolve));
      // A request under way (its headers not finished) when the shutdown starts.
      socket.write('GET /api/health/ready HTTP/1.1\r\nHost: localhost\r\n');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closed = t.app.close();
      await expect.poll(() => t.app.lifecycle.closing).toBe(true);
      socket.write('\r\n');
      await ended;
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
      expect(body).toEqual({
        status: 503,
        message: 'Server sedang berhenti',
        data: { closing: true, db: 'ok', redis: 'off', storage: 'ok' },
      });
    } finally {
      await t.close();
    }
  });
});

const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

async function redisReachable(): Promise<boolean> {
  const client = createClient({
    url: redisUrl.toString(),
    socket: { connectTimeout: 1000, reconnectStrategy: false },
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    await client.close();
    return true;
  } catch {
    return false;
  }
}

/** A TCP relay to Redis that can be cut (every connection dropped, none accepted) and restored. */
async function redisRelay() {
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(redisUrl.port || 6379), redisUrl.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      relay.listen(port, '127.0.0.1', () => resolve((relay.address() as AddressInfo).port)),
    );
  const port = await listen(0);
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: () => listen(port),
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}

describe.skipIf(!(await redisReachable()))('GET /api/health/ready with REDIS_URL', () => {
  it('stays ready while Redis is away (the server works alone) and reports it', async () => {
    const relay = await redisRelay();
    const t = await createTestApp({ REDIS_URL: relay.url });
    const ready = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      return { status: res.statusCode, body: res.json<{ message: string; data: unknown }>() };
    };
    try {
      expect(await ready()).toMatchObject({ status: 200, body: { data: { redis: 'ok' } } });
      await relay.cut();
      await expect
        .poll(async () => (await ready()).body)
        .toMatchObject({
          data: { redis: 'error' },
        });
      expect(await ready()).toMatchObject({
        status: 200,
        body: { data: { closing: false, db: 'ok', redis: 'error', storage: 'ok' } },
      });
      await relay.restore();
      await expect.poll(async () => (await ready()).body).toMatchObject({ data: { redis: 'ok' } });
    } finally {
      await t.close();
      await relay.close().catch(() => undefined);
    }
  });
});
