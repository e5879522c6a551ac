import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { media } from '../../db/schema';
import type { S3Storage } from '../../lib/s3-storage';
import { storagePlugin } from '../../plugins/storage';
import { mp4Bytes, pngBytes } from '../../test/factories/media-bytes';
import { multipartBody, type FormPart } from '../../test/factories/media';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A body in 64 KiB pieces, as it arrives from a network. */
function* chunked(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
}

const uploadUrl = '/api/storage/v1/media/company/upload';
const MiB = 1024 * 1024;

/** Media kept in an S3 bucket (STORAGE=s3): uploaded through the API, served through the app. */
describe('media on S3', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: { authorization: string };

  const client = () => (t.app.storage as S3Storage).getClient();
  const objectKeys = async () => {
    const res = await (await client()).send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (res.Contents ?? []).map((o) => o.Key);
  };
  const pendingUploads = async () => {
    const res = await (await client()).send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
    return res.Uploads ?? [];
  };
  const rowCount = async () => (await t.db.select({ n: count() }).from(media))[0]!.n;
  const upload = (parts: FormPart[]) => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  };
  /** The app on a real port (once), for requests a browser would make. */
  async function listening(): Promise<string> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(s3.env);
    admin = (await signedIn(t.db, 'admin')).headers;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('runs on S3: the app checked the bucket at start and uses it', async () => {
    expect(t.app.storage.kind).toBe('s3');
    expect(s3.requests.some((r) => r.method === 'HEAD' && r.path === `/${s3.bucket}/`)).toBe(true);
  });

  describe('a video of two parts, uploaded then served with ranges', () => {
    // Over the 8 MiB part size, so the upload is multipart.
    const video = Buffer.concat([mp4Bytes(16), Buffer.alloc(9 * MiB, 0)]);
    for (let i = 0; i < video.length; i += 4096) video.writeUInt32BE(i, i); // every range differs
    let url: string;
    let key: string;

    beforeAll(async () => {
      const res = await upload([{ name: 'file', filename: 'kelas.mp4', data: video }]);
      expect(res.statusCode, res.body).toBe(200);
      url = res.json().data.url;
      key = url.replace('/media/', '');
      expect(res.json().data).toMatchObject({
        type: 'video',
        mime: 'video/mp4',
        size: video.length,
      });
    });

    it('stored the bytes in the bucket through a multipart upload, nothing on local disk', async () => {
      expect(url).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.mp4$/);
      expect(await objectKeys()).toContain(key);
      const parts = s3.requests.filter((r) => r.path === `/${s3.bucket}/${key}`);
      expect(parts.filter((r) => r.query.includes('partNumber'))).toHaveLength(2);
      // Buffer.equals: a deep equality over 9 MiB would take minutes.
      expect((await buffer(await t.app.storage.createReadStream(key))).equals(video)).toBe(true);
      expect(fs.existsSync(path.join(t.dataDir, 'media'))).toBe(false);
      const [row] = await t.db.select().from(media).where(eq(media.storage_key, key));
      expect(row?.size).toBe(video.length);
    });

    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url, headers });

    it('answers the whole file with its type and the cache and safety headers', async () => {
      const full = await get();
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('video/mp4');
      expect(full.headers['content-length']).toBe(String(video.length));
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.headers['x-content-type-options']).toBe('nosniff');
      expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(full.headers['content-disposition']).toBe('inline');
      expect(full.rawPayload.equals(video)).toBe(true);
    });

    it('answers ranges with 206 and exactly those bytes, across the part boundary too', async () => {
      const size = video.length;
      const cases: [string, number, number][] = [
        ['bytes=0-0', 0, 0],
        ['bytes=0-1', 0, 1],
        ['bytes=100-199', 100, 199],
        [`bytes=${8 * MiB - 50}-${8 * MiB + 49}`, 8 * MiB - 50, 8 * MiB + 49],
        ['bytes=-10', size - 10, size - 1],
        [`bytes=${size - 3}-`, size - 3, size - 1],
        [`bytes=${size - 5}-${size + 100}`, size - 5, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const part = await get({ range });
        expect(part.statusCode, range).toBe(206);
        expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
        expect(part.headers['content-length'], range).toBe(String(end - start + 1));
        expect(part.rawPayload.equals(video.subarray(start, end + 1)), range).toBe(true);
      }
      const unsatisfiable = await get({ range: `bytes=${size}-` });
      expect(unsatisfiable.statusCode).toBe(416);
      expect(unsatisfiable.headers['content-range']).toBe(`bytes */${size}`);
    });

    it('answers HEAD without a body, 304 for its ETag, and honours If-Range', async () => {
      const before = s3.requests.length;
      const head = await get({}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(video.length));
      expect(head.rawPayload.length).toBe(0);
      // HEAD asks the store for the size only, never the bytes.
      expect(s3.requests.slice(before).map((r) => r.method)).toEqual(['HEAD']);
      const etag = String(head.headers.etag);
      expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
      expect((await get({ range: 'bytes=0-9', 'if-range': '"lain"' })).statusCode).toBe(200);
      expect((await get({ range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    });

    it('lets a browser seek over real HTTP (a range from the middle, then the rest)', async () => {
      const base = await listening();
      const probe = await fetch(`${base}${url}`, { headers: { range: 'bytes=0-' } });
      expect(probe.status).toBe(206);
      expect(probe.headers.get('content-range')).toBe(
        `bytes 0-${video.length - 1}/${video.length}`,
      );
      await probe.body?.cancel();
      const seek = await fetch(`${base}${url}`, { headers: { range: `bytes=${6 * MiB}-` } });
      expect(seek.status).toBe(206);
      expect(Buffer.from(await seek.arrayBuffer()).equals(video.subarray(6 * MiB))).toBe(true);
      // An unknown key is a 404 from the app, not the store's error.
      const missing = await fetch(`${base}/media/2025/01/00000000-0000-0000-0000-000000000000.mp4`);
      expect(missing.status).toBe(404);
    });
  });

  it('413 for an image over its limit: the multipart upload is aborted, nothing is kept', async () => {
    const rowsBefore = await rowCount();
    const keysBefore = await objectKeys();
    const seen = s3.requests.length;
    // Over real HTTP, so the body arrives in pieces: the first 8 MiB part is already in the
    // bucket's pending upload when the 10 MB limit trips.
    const boundary = 'ajarbesar';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="besar.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const image = Buffer.concat([pngBytes(), Buffer.alloc(11 * MiB)]);
    const res = await fetch(`${await listening()}${uploadUrl}`, {
      method: 'POST',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(Readable.from(chunked(Buffer.concat([head, image, tail])))),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 413, message: 'Ukuran file gambar maksimal 10 MB' });
    const calls = s3.requests.slice(seen);
    const started = calls.find((r) => r.method === 'POST' && r.query.includes('uploads'));
    expect(started, 'a multipart upload was started').toBeDefined();
    expect(calls.filter((r) => r.query.includes('partNumber')).length).toBeGreaterThan(0);
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: started!.path }),
    );
    expect(await pendingUploads()).toEqual([]);
    expect(await objectKeys()).toEqual(keysBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('an upload the client abandons midway leaves no object and no pending upload', async () => {
    const rowsBefore = await rowCount();
    const keysBefore = await objectKeys();
    const partsBefore = s3.requests.filter((r) => r.query.includes('partNumber')).length;
    const port = Number(new URL(await listening()).port);
    const boundary = 'ajarabort';
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.on('error', () => undefined);
    socket.write(
      `POST ${uploadUrl} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${admin.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 30000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\n` +
        `Content-Type: video/mp4\r\n\r\n`,
    );
    socket.write(mp4Bytes(16));
    socket.write(Buffer.alloc(9 * MiB));
    // A part is in the bucket's pending upload when the client goes away.
    await waitFor(
      () => s3.requests.filter((r) => r.query.includes('partNumber')).length > partsBefore,
      'a part to be uploaded',
    );
    socket.destroy();
    await waitFor(async () => (await pendingUploads()).length === 0, 'the upload to be aborted');
    expect(await objectKeys()).toEqual(keysBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });
});

describe('STORAGE=s3 with a missing bucket', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server({ createBucket: false });
  });
  afterAll(() => s3.close());

  it('stops the start with a line that names the bucket and the cause', async () => {
    // The storage plugin alone: a whole test app would leave its database behind on failure.
    const app = Fastify();
    app.decorate('config', loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/ajar-x', ...s3.env }));
    const starting = (async () => {
      await app.register(storagePlugin);
      await app.ready();
    })();
    await expect(starting).rejects.toThrow(
      `STORAGE=s3: bucket "${s3.bucket}" at ${s3.endpoint} is not reachable: the bucket does not exist.`,
    );
    await app.close().catch(() => undefined);
  });
});
