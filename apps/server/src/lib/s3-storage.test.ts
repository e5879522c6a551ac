import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3StorageOptions, startS3Server, type S3TestServer } from '../test/s3-server';
import { minPartSize, S3Storage, type S3StorageOptions } from './s3-storage';

const MiB = 1024 * 1024;

/** A deterministic byte pattern of `size` bytes, cut into uneven chunks like a network body. */
function patterned(size: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 13)) & 0xff;
  return bytes;
}
function* unevenChunks(bytes: Buffer) {
  for (let at = 0, n = 0; at < bytes.length; n++) {
    const size = [65_536, 1_000_003, 17, 300_000][n % 4]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('S3Storage against a real S3 server', () => {
  let s3: S3TestServer;
  let storage: S3Storage;
  const made: S3Storage[] = [];

  const storageFor = (overrides: Partial<S3StorageOptions> = {}) => {
    const created = new S3Storage({ ...s3StorageOptions(s3), ...overrides });
    made.push(created);
    return created;
  };
  /** Requests the server saw for `key`, as `METHOD query-names`. */
  const requestsFor = (key: string) =>
    s3.requests
      .filter((r) => r.path === `/${s3.bucket}/${key}`)
      .map((r) =>
        `${r.method} ${r.query.filter((q) => !q.startsWith('X-Amz-') && q !== 'x-id').join('&')}`.trim(),
      );
  const pendingUploads = async () => {
    const client = await storage.getClient();
    const res = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
    return res.Uploads ?? [];
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = storageFor({ partSize: minPartSize, publicBaseUrl: 'https://ajar.example/' });
    await storage.prepare();
  });
  afterAll(async () => {
    for (const created of made) await created.close();
    await s3.close();
  });

  it('stores a stream, reports its size, reads it whole and by range, and removes it', async () => {
    const { size } = await storage.put('2025/03/a.txt', Readable.from(['halo ', 'dunia']));
    expect(size).toBe(10);
    expect(await storage.stat('2025/03/a.txt')).toMatchObject({ size: 10 });
    expect((await storage.stat('2025/03/a.txt'))!.modifiedAt.getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(await text(await storage.createReadStream('2025/03/a.txt'))).toBe('halo dunia');
    expect(await text(await storage.createReadStream('2025/03/a.txt', { start: 5, end: 9 }))).toBe(
      'dunia',
    );
    expect(await text(await storage.createReadStream('2025/03/a.txt', { start: 0, end: 0 }))).toBe(
      'h',
    );
    // Small bodies go up in one PUT, not a multipart upload.
    expect(requestsFor('2025/03/a.txt')).toContain('PUT');
    expect(requestsFor('2025/03/a.txt').some((r) => r.includes('uploads'))).toBe(false);

    await storage.remove('2025/03/a.txt');
    expect(await storage.stat('2025/03/a.txt')).toBeNull();
    await storage.remove('2025/03/a.txt'); // removing twice is fine
    await expect(storage.createReadStream('2025/03/a.txt')).rejects.toThrow();
  });

  it('streams a body over 5 MiB as a multipart upload, byte for byte', async () => {
    const bytes = patterned(11 * MiB + 12_345);
    const { size } = await storage.put('2025/03/big.bin', Readable.from(unevenChunks(bytes)));
    expect(size).toBe(bytes.length);
    // 5 MiB parts: 5 + 5 + 1.01 MiB, then the completion.
    const calls = requestsFor('2025/03/big.bin');
    expect(calls).toEqual([
      'POST uploads',
      ...Array.from({ length: 3 }, () =>
        expect.stringMatching(/^PUT (partNumber&uploadId|uploadId&partNumber)$/),
      ),
      'POST uploadId',
    ]);
    expect(await storage.stat('2025/03/big.bin')).toMatchObject({ size: bytes.length });
    expect(sha(await buffer(await storage.createReadStream('2025/03/big.bin')))).toBe(sha(bytes));
    // A range across the boundary of parts 1 and 2.
    const start = 5 * MiB - 100;
    const part = await buffer(
      await storage.createReadStream('2025/03/big.bin', { start, end: start + 199 }),
    );
    expect(part).toEqual(bytes.subarray(start, start + 200));
    expect(await pendingUploads()).toEqual([]);
  });

  it('uses 8 MiB parts by default', async () => {
    const bytes = patterned(9 * MiB, 3);
    await storageFor().put('2025/03/default.bin', Readable.from(unevenChunks(bytes)));
    const parts = requestsFor('2025/03/default.bin').filter((r) => r.includes('partNumber'));
    expect(parts).toHaveLength(2);
    expect(sha(await buffer(await storage.createReadStream('2025/03/default.bin')))).toBe(
      sha(bytes),
    );
  });

  it('shows a new object only once its upload completes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* slow() {
      yield patterned(6 * MiB);
      await gate;
      yield Buffer.from('akhir');
    }
    const putting = storage.put('2025/03/slow.bin', slow());
    const until = Date.now() + 10_000;
    while (!requestsFor('2025/03/slow.bin').some((r) => r.includes('partNumber'))) {
      if (Date.now() > until) throw new Error('no part was uploaded');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await storage.stat('2025/03/slow.bin')).toBeNull();
    release();
    expect(await putting).toEqual({ size: 6 * MiB + 5 });
    expect(await storage.stat('2025/03/slow.bin')).toMatchObject({ size: 6 * MiB + 5 });
  });

  it('leaves no object and no pending upload when the stream fails midway', async () => {
    const failure = new Error('client pergi');
    async function* failing() {
      yield patterned(6 * MiB); // more than one part: the multipart upload has begun
      yield patterned(1 * MiB);
      throw failure;
    }
    const rejected = await storage.put('2025/03/failed.bin', failing()).catch((e: unknown) => e);
    // The stream's own error comes back (a caller's "too large" stays a "too large").
    expect(rejected).toBe(failure);
    expect(await storage.stat('2025/03/failed.bin')).toBeNull();
    const calls = requestsFor('2025/03/failed.bin');
    expect(calls[0]).toBe('POST uploads');
    expect(calls).toContain('DELETE uploadId');
    expect(calls).not.toContain('POST uploadId');
    expect(await pendingUploads()).toEqual([]);

    // A failure before the first part is complete never starts an upload at all.
    async function* early() {
      yield Buffer.from('separuh');
      throw failure;
    }
    await expect(storage.put('2025/03/early.bin', early())).rejects.toBe(failure);
    expect(requestsFor('2025/03/early.bin')).toEqual([]);
    expect(await storage.stat('2025/03/early.bin')).toBeNull();
  });

  it('keeps the previous object when replacing it fails', async () => {
    await storage.put('2025/03/keep.txt', Readable.from([Buffer.from('versi lama')]));
    async function* failing() {
      yield patterned(6 * MiB);
      throw new Error('putus');
    }
    await expect(storage.put('2025/03/keep.txt', failing())).rejects.toThrow('putus');
    expect(await text(await storage.createReadStream('2025/03/keep.txt'))).toBe('versi lama');
    expect(await pendingUploads()).toEqual([]);
  });

  it('refuses keys that could leave the folder or reach hidden files, before any request', async () => {
    const before = s3.requests.length;
    for (const key of ['../x', 'a/../../x', '/etc/passwd', '.tmp/x', 'a/.hidden', 'a//b', '']) {
      await expect(storage.stat(key)).rejects.toThrow('invalid storage key');
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        'invalid storage key',
      );
      await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
      await expect(storage.createReadStream(key)).rejects.toThrow('invalid storage key');
      await expect(storage.presignedUrl(key, { expiresInSeconds: 60 })).rejects.toThrow(
        'invalid storage key',
      );
    }
    expect(s3.requests.length).toBe(before);
  });

  it('builds public URLs under /media, served by the app', () => {
    expect(storage.publicUrl('2025/03/a.png')).toBe('https://ajar.example/media/2025/03/a.png');
    expect(storageFor().publicUrl('2025/03/a.png')).toBe('/media/2025/03/a.png');
  });

  it('signs GET links that carry the download headers, take a range and expire', async () => {
    await storage.put('downloads/2025/03/x.csv', Readable.from([Buffer.from('a;b\n1;2\n')]));
    // Expiry is proven with a link signed in the past, never by waiting: a link valid for a few
    // seconds from now fails whenever signing and fetching straddle a slow second.
    const url = await storage.presignedUrl('downloads/2025/03/x.csv', {
      expiresInSeconds: 600,
      contentDisposition: 'attachment; filename="data.csv"',
      contentType: 'text/csv',
    });
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/downloads/2025/03/x.csv?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('600');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="data.csv"');
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(await res.text()).toBe('a;b\n1;2\n');
    const ranged = await fetch(url, { headers: { range: 'bytes=4-6' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('1;2');

    // The signature covers the response headers: changing one breaks the link.
    const forged = new URL(url);
    forged.searchParams.set('response-content-type', 'text/html');
    expect((await fetch(forged)).status).toBe(403);
    // An unsigned address is no way in either (a private bucket).
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/downloads/2025/03/x.csv`)).status).toBe(403);

    // Signed 10 minutes ago for 60 seconds: expired by a margin no slow machine eats.
    const signedAt = new Date(Date.now() - 600_000);
    const stale = await storage.presignedUrl('downloads/2025/03/x.csv', {
      expiresInSeconds: 60,
      contentType: 'text/csv',
      signedAt,
    });
    expect(new URL(stale).searchParams.get('X-Amz-Date')).toBe(
      signedAt.toISOString().replace(/[-:]|\.\d{3}/g, ''),
    );
    const expired = await fetch(stale);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    // The same link signed now for those 60 seconds works: it was the time that refused it.
    const fresh = await storage.presignedUrl('downloads/2025/03/x.csv', {
      expiresInSeconds: 60,
      contentType: 'text/csv',
    });
    expect((await fetch(fresh)).status).toBe(200);
  });

  it('is refused with a wrong secret (requests are really signed and checked)', async () => {
    const wrong = storageFor({
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'salah' },
    });
    await expect(wrong.put('2025/03/w.txt', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      /signature/i,
    );
    expect(await storage.stat('2025/03/w.txt')).toBeNull();
    await expect(wrong.prepare()).rejects.toThrow(/STORAGE=s3: .*access denied/);
  });

  it('prepare() stops the start with a clear line when the bucket is missing or unreachable', async () => {
    await expect(storageFor({ bucket: 'tidak-ada' }).prepare()).rejects.toThrow(
      `STORAGE=s3: bucket "tidak-ada" at ${s3.endpoint} is not reachable: the bucket does not exist.`,
    );
    // Nothing listens on port 9 of loopback.
    const closed = storageFor({ endpoint: 'http://127.0.0.1:9' });
    await expect(closed.prepare()).rejects.toThrow(
      /^STORAGE=s3: bucket ".+" at http:\/\/127\.0\.0\.1:9 is not reachable: .*ECONNREFUSED/,
    );
  });

  it('the test server runs in its own directory and gives the env for a configured app', () => {
    expect(fs.existsSync(s3.directory)).toBe(true);
    expect(s3.env).toEqual({
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
});
