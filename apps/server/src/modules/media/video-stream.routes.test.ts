import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultActivityContent } from '@ajar/shared/activities/activities-content.schemas';
import type { MediaItem } from '@ajar/shared/media/media.schemas';
import { buildActivity } from '../../test/factories/activities';
import { multipartBody } from '../../test/factories/media';
import { joinProgram, registerMember } from '../../test/factories/members';
import { buildProgram, buildTopics } from '../../test/factories/programs';
import { signedIn } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { generatedVideo } from '../../test/factories/video';
import { locateFfmpeg } from './video-transcode';

const tools = locateFfmpeg(process.env.FFMPEG_PATH ?? 'ffmpeg');

describe.runIf(tools)('video streams (HLS) of uploaded videos', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let video: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ FFMPEG_PATH: process.env.FFMPEG_PATH ?? 'ffmpeg' });
    admin = (await signedIn(t.db, 'admin')).headers;
    // 5 s, 640×360 with a tone: the 240p and 360p renditions and audio only.
    video = generatedVideo(tools!.ffmpeg);
  });
  afterAll(() => t?.close());

  const detail = async (id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/storage/v1/media/company/detail/${id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: MediaItem }>().data;
  };

  async function uploadVideo(data = video, filename = 'pelajaran.mp4'): Promise<MediaItem> {
    const body = multipartBody([{ name: 'file', filename, contentType: 'video/mp4', data }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storage/v1/media/company/upload',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: MediaItem }>().data;
  }

  async function untilReady(id: string): Promise<MediaItem> {
    const seen = new Set<string>();
    const until = Date.now() + 90_000;
    for (;;) {
      const item = await detail(id);
      seen.add(item.video!.status);
      if (item.video!.status === 'ready' || item.video!.status === 'failed') {
        return { ...item, seenStatuses: [...seen] } as MediaItem;
      }
      if (Date.now() > until) throw new Error('conversion did not finish');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  let item: MediaItem;
  let master: string;

  it('queues an uploaded video, converts it, and serves its renditions cacheable', async () => {
    const uploaded = await uploadVideo();
    expect(uploaded.video).toMatchObject({ status: 'queued', hls_url: null, renditions: [] });
    item = await untilReady(uploaded.id);
    expect(item.video).toMatchObject({ status: 'ready', progress: 100 });
    const stream = item.video!;
    expect(stream.hls_url).toMatch(/^\/media\/hls\/[0-9a-f-]{36}\/[0-9a-f]{12}\/master\.m3u8$/);
    expect(stream.poster_url).toBe(stream.hls_url!.replace('master.m3u8', 'poster.jpg'));
    expect(stream.renditions.map((r) => [r.name, r.height])).toEqual([
      ['240p', 240],
      ['360p', 360],
    ]);
    // The mp4 stays where it was: it plays wherever HLS does not.
    expect(item.url).toMatch(/\.mp4$/);

    const res = await t.app.inject({ method: 'GET', url: stream.hls_url! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    master = res.body;
    expect(master).toContain('240p/index.m3u8');
    expect(master).toContain('360p/index.m3u8');
    expect(master).toContain('audio/index.m3u8');

    const base = stream.hls_url!.replace(/master\.m3u8$/, '');
    const playlist = await t.app.inject({ method: 'GET', url: stream.renditions[0]!.url });
    expect(playlist.statusCode).toBe(200);
    const segment = /^seg-\d{5}\.ts$/m.exec(playlist.body)![0];
    const seg = await t.app.inject({ method: 'GET', url: `${base}240p/${segment}` });
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['cache-control']).toContain('immutable');
    expect(seg.rawPayload[0]).toBe(0x47);
    const poster = await t.app.inject({ method: 'GET', url: stream.poster_url! });
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect([...poster.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  }, 120_000);

  it('serves nothing outside a conversion’s files', async () => {
    const base = item.video!.hls_url!.replace(/master\.m3u8$/, '');
    for (const url of [
      `${base}240p/seg-99999.ts`,
      `${base}240p/index.txt`,
      `${base}../master.m3u8`,
      base.replace(/[0-9a-f]{12}\/$/, '000000000000/master.m3u8'),
      '/media/hls/x/master.m3u8',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('gives the streams to a participant of the program only', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const activity = await buildActivity(t.db, topic!, {
      type: 'menonton_video',
      content: { ...defaultActivityContent, file: { id: item.id, url: item.url } },
    });
    const url = `/api/member/v1/program/${program.id}/activity/${activity.id}`;
    const { member } = await joinProgram(t.app, program.id);
    const res = await t.app.inject({ method: 'GET', url, headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { video_stream: unknown } }>().data.video_stream).toEqual(item.video);

    const stranger = await registerMember(t.app);
    const refused = await t.app.inject({ method: 'GET', url, headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('m3u8');
  });

  it('converts a video uploaded with its activity’s form too', async () => {
    const program = await buildProgram(t.db, { status: 'publish' });
    const [topic] = await buildTopics(t.db, program.id, 1);
    const body = multipartBody([
      {
        name: 'payload',
        value: JSON.stringify({ name: 'Video', type: 'menonton_video', content: {} }),
      },
      { name: 'file', filename: 'pelajaran.mp4', contentType: 'video/mp4', data: video },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/activity/${program.id}/${topic!.id}/create`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'GET',
      url: `/api/v1/activity/${program.id}/${topic!.id}/${res.json<{ data: { id: string } }>().data.id}/show`,
      headers: admin,
    });
    const fileId = created.json<{ data: { content: { file: { id: string } } } }>().data.content.file
      .id;
    expect((await untilReady(fileId)).video).toMatchObject({ status: 'ready' });
  }, 120_000);

  it('marks a video FFmpeg cannot read as failed; its mp4 still plays', async () => {
    // An mp4 header and nothing playable behind it.
    const broken = Buffer.concat([video.subarray(0, 64), Buffer.alloc(4096)]);
    const uploaded = await uploadVideo(broken, 'rusak.mp4');
    const done = await untilReady(uploaded.id);
    expect(done.video).toMatchObject({ status: 'failed', hls_url: null });
    expect((await t.app.inject({ method: 'GET', url: done.url })).statusCode).toBe(200);
  }, 60_000);
});
