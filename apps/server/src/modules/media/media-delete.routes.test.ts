import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes } from '../../test/factories/media-bytes';
import { buildMedia } from '../../test/factories/media';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';

const deleteUrl = (id: string) => `/api/storage/v1/media/company/delete/${id}`;

/** A converted video's outputs as the conversion stores them, under `hls/<id>/<version>/`. */
const conversionFiles = (id: string, version: string) =>
  [
    'master.m3u8',
    'poster.jpg',
    '240p/index.m3u8',
    '240p/seg-00000.ts',
    '360p/index.m3u8',
    '360p/seg-00000.ts',
    'audio/index.m3u8',
  ].map((file) => `hls/${id}/${version}/${file}`);

describe('deleting a media item', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let trainer: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.db, 'admin')).headers;
    trainer = (await signedIn(t.db, 'trainer')).headers;
  });
  afterAll(() => t?.close());

  async function convertedVideo() {
    const row = await buildMedia(
      t.db,
      { ext: 'mp4', video_status: 'ready', hls_prefix: null, hls_heights: [240, 360] },
      { storage: t.app.storage, bytes: mp4Bytes() },
    );
    // An earlier conversion (a retried job) stays in storage beside the current one.
    const files = [...conversionFiles(row.id, 'aaaaaaaaaaaa'), ...conversionFiles(row.id, 'bbbb')];
    for (const key of files) await t.app.storage.put(key, Readable.from([Buffer.from(key)]));
    return { row, files };
  }

  const exists = async (key: string) => (await t.app.storage.stat(key)) !== null;

  it('removes the video, its file, and every rendition, playlist and poster in storage', async () => {
    const { row, files } = await convertedVideo();
    const other = await convertedVideo();

    const res = await t.app.inject({ method: 'DELETE', url: deleteUrl(row.id), headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Media berhasil dihapus', data: null });

    expect(await exists(row.storage_key)).toBe(false);
    for (const key of files) expect(await exists(key), key).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: `/media/${files[0]}` });
    expect(served.statusCode).toBe(404);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/storage/v1/media/company/detail/${row.id}`,
      headers: admin,
    });
    expect(detail.statusCode).toBe(404);

    // Another video's conversions are untouched.
    expect(await exists(other.row.storage_key)).toBe(true);
    for (const key of other.files) expect(await exists(key), key).toBe(true);
  });

  it('removes an image that has no conversions', async () => {
    const image = await buildMedia(t.db, {}, { storage: t.app.storage, bytes: Buffer.from('x') });
    const res = await t.app.inject({ method: 'DELETE', url: deleteUrl(image.id), headers: admin });
    expect(res.statusCode).toBe(200);
    expect(await exists(image.storage_key)).toBe(false);
  });

  it('answers 404 for an unknown or malformed id, and 403 to a trainer', async () => {
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: deleteUrl('00000000-0000-4000-8000-000000000000'),
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    const { row, files } = await convertedVideo();
    const refused = await t.app.inject({
      method: 'DELETE',
      url: deleteUrl(row.id),
      headers: trainer,
    });
    expect(refused.statusCode).toBe(403);
    for (const key of files) expect(await exists(key), key).toBe(true);
  });
});
