import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '../../db/schema';
import {
  attachmentHeader,
  createDownload,
  downloadRedirectSeconds,
  xlsxContentType,
} from '../../lib/downloads';
import type { S3Storage } from '../../lib/s3-storage';
import { readSheet } from '../../test/factories/exports';
import { buildRedeem } from '../../test/factories/participants';
import { buildProgram } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';

const MiB = 1024 * 1024;

/** Download links with S3 storage: a redirect to a presigned GET that expires. */
describe('downloads on S3', () => {
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

  /** A participants export of a fresh program: its link and its row. */
  async function exported(license: string) {
    const program = await buildProgram(t.db, { status: 'publish' });
    await buildRedeem(t.db, program.id, { license });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/v1/export/member_redeem?limit=-1',
      headers: admin,
      payload: { id: [program.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const link: string = res.json().data.public_url;
    expect(link).toMatch(/^\/api\/download\/[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db
      .select()
      .from(downloads)
      .orderBy(sql`${downloads.created_at} desc`)
      .limit(1);
    return { link, row: row! };
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

  it('stores the export in the bucket and redirects its link to a presigned GET', async () => {
    const { link, row } = await exported('S3-LINK-1');
    expect(row.storage_key).toMatch(/^downloads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.xlsx$/);
    expect(await objectKeys()).toContain(row.storage_key);

    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.rawPayload.length).toBe(0);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(
      `${s3.endpoint}/${s3.bucket}/${row.storage_key}`,
    );
    const expires = Number(location.searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(downloadRedirectSeconds - 5);
    expect(expires).toBeLessThanOrEqual(downloadRedirectSeconds);

    // What the browser gets from the store: the file, named and typed as the app would.
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(xlsxContentType);
    expect(file.headers.get('content-disposition')).toBe(attachmentHeader(row.filename));
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.xlsx"/);
    const rows = await readSheet(await file.arrayBuffer());
    expect(rows.flat()).toContain('S3-LINK-1');
    // The app's link is used up by that first redirect.
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(410);
  });

  it('signs no link past the token: the redirect expires with it, then the token is gone', async () => {
    const { link, row } = await exported('S3-LINK-2');
    // Two minutes left, less than the usual five: the link must end when the token ends. The
    // margin is wide enough that no slow machine reaches the end while the test runs; the store's
    // own refusal of a stale link is proven in s3-storage.test.ts with a link signed in the past.
    const expiresAt = new Date(Date.now() + 120_000);
    await t.db.update(downloads).set({ expires_at: expiresAt }).where(eq(downloads.id, row.id));
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    const expires = Number(location.searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(60);
    expect(expires).toBeLessThanOrEqual(120);
    const signedAt = Date.parse(
      location.searchParams
        .get('X-Amz-Date')!
        .replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    expect(signedAt + expires * 1000).toBeLessThanOrEqual(expiresAt.getTime());
    expect((await fetch(location)).status).toBe(200);

    await t.db
      .update(downloads)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(downloads.id, row.id));
    const gone = await t.app.inject({ method: 'GET', url: link });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Link unduhan tidak ditemukan atau sudah kedaluwarsa');
  });

  it('answers 404 for an unknown token and for a link whose file is gone', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/download/${'A'.repeat(43)}` })).statusCode,
    ).toBe(404);
    const { link, row } = await exported('S3-LINK-3');
    await t.app.storage.remove(row.storage_key);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('a writer that fails midway leaves no object, no pending upload and no row', async () => {
    const keysBefore = await objectKeys();
    const [{ n: rowsBefore }] = await t.db.select({ n: count() }).from(downloads);
    const failure = new Error('penulis gagal');
    const seen = s3.requests.length;
    const creating = createDownload(
      { db: t.db, storage: t.app.storage, config: t.config },
      {
        userId: null,
        filename: 'besar.xlsx',
        contentType: xlsxContentType,
        write: async (stream) => {
          // Past the first 8 MiB part, so a multipart upload is under way when it fails.
          for (let i = 0; i < 10; i++) {
            if (!stream.write(Buffer.alloc(MiB, i))) {
              await new Promise((resolve) => stream.once('drain', resolve));
            }
          }
          throw failure;
        },
      },
    );
    await expect(creating).rejects.toBe(failure);
    expect(s3.requests.slice(seen).some((r) => r.query.includes('partNumber'))).toBe(true);
    expect(await pendingUploads()).toEqual([]);
    expect(await objectKeys()).toEqual(keysBefore);
    const [{ n: rowsAfter }] = await t.db.select({ n: count() }).from(downloads);
    expect(rowsAfter).toBe(rowsBefore);
  });
});
