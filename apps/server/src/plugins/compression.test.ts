import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { compressionPlugin, compressThreshold } from './compression';

let t: TestApp;

/** A GET that accepts the given encodings. */
function getEncoded(url: string, acceptEncoding: string) {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
}

describe('JSON answers of the API', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('compresses a large JSON answer with Brotli or gzip as asked, with Vary', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressThreshold);

    const br = await getEncoded('/api/docs/json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await getEncoded('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends a small JSON answer as it is', async () => {
    const health = await getEncoded('/api/health', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(compressThreshold);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 200 });
  });
});

describe('what the compression leaves alone', () => {
  const app = Fastify();
  const big = 'x'.repeat(4 * compressThreshold);
  beforeAll(async () => {
    await app.register(compressionPlugin);
    app.get('/csv', (_request, reply) => reply.type('text/csv').send(big));
    app.get('/stream', (_request, reply) =>
      reply.type('application/json').send(Readable.from([JSON.stringify({ big })])),
    );
    app.get('/encoded', (_request, reply) =>
      reply.type('application/json').header('content-encoding', 'gzip').send(Buffer.from(big)),
    );
    app.get('/json', () => ({ big }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('compresses buffered JSON only: not a CSV, not a stream, not an encoded body', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const json = await app.inject({ method: 'GET', url: '/json', headers });
    expect(json.headers['content-encoding']).toBe('br');
    const csv = await app.inject({ method: 'GET', url: '/csv', headers });
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body).toBe(big);
    const stream = await app.inject({ method: 'GET', url: '/stream', headers });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual({ big });
    const encoded = await app.inject({ method: 'GET', url: '/encoded', headers });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.body).toBe(big);
  });
});
