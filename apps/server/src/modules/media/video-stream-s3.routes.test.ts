import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '@ajar/shared/media/media.schemas';
import { multipartBody } from '../../test/factories/media';
import { signedIn } from '../../test/factories/users';
import { generatedVideo } from '../../test/factories/video';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { locateFfmpeg } from './video-transcode';

const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
const tools = locateFfmpeg(ffmpeg);

/** On S3 the renditions' bytes come from the bucket through signed links, not through Node. */
describe.runIf(tools)('video streams on S3', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ ...s3.env, FFMPEG_PATH: ffmpeg });
    admin = (await signedIn(t.db, 'admin')).headers;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores the renditions in the bucket; playlists from the app, segments by redirect', async () => {
    const body = multipartBody([
      {
        name: 'file',
        filename: 'v.mp4',
        contentType: 'video/mp4',
        data: generatedVideo(tools!.ffmpeg, { width: 426, height: 240, seconds: 3 }),
      },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storage/v1/media/company/upload',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ data: MediaItem }>().data.id;
    let item: MediaItem | null = null;
    await expect
      .poll(
        async () => {
          item = (
            await t.app.inject({
              method: 'GET',
              url: `/api/storage/v1/media/company/detail/${id}`,
              headers: admin,
            })
          ).json<{ data: MediaItem }>().data;
          return item.video?.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe('ready');
    const stream = item!.video!;

    const master = await t.app.inject({ method: 'GET', url: stream.hls_url! });
    expect(master.statusCode).toBe(200);
    expect(master.headers['cache-control']).toContain('immutable');
    expect(master.body).toContain('240p/index.m3u8');
    const playlist = await t.app.inject({ method: 'GET', url: stream.renditions[0]!.url });
    const segment = /^seg-\d{5}\.ts$/m.exec(playlist.body)![0];
    const segmentUrl = stream.renditions[0]!.url.replace('index.m3u8', segment);

    const redirect = await t.app.inject({ method: 'GET', url: segmentUrl });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('public, max-age=3600');
    const location = String(redirect.headers.location);
    expect(location).toContain(`/${s3.bucket}/hls/${id}/`);
    expect(location).toContain('X-Amz-Signature=');
    const fromBucket = Buffer.from(await (await fetch(location)).arrayBuffer());
    expect(fromBucket[0]).toBe(0x47);
    expect(fromBucket.length % 188).toBe(0);

    // The poster too; a name no conversion writes is 404.
    expect((await t.app.inject({ method: 'GET', url: stream.poster_url! })).statusCode).toBe(302);
    const missing = await t.app.inject({
      method: 'GET',
      url: segmentUrl.replace(/seg-\d{5}/, 'seg-99999'),
    });
    expect(missing.statusCode).toBe(404);
  }, 90_000);
});
