import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '@ajar/shared/media/media.schemas';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createProgramWithTopic, showActivity, type TopicRef } from './support/data';
import { checkScreen, learnerPage, learnerSignIn } from './support/learner';
import { openTab } from './support/locators';
import { joinProgram } from './support/members';
import { signedInPage } from './support/session';
import { createVideoWithPopups } from './support/popup-quiz';

// Adaptive video (docs/decisions.md, "Video that fits the connection"): a 640×360 video uploaded
// with its activity is converted by the server's FFmpeg into HLS renditions; the participant's
// player (390 px) then plays the master playlist through hls.js, its pop-up still stops it, and
// 'Kualitas' switches the rendition.

const app = useApp();
let staff: Api;
let topic: TopicRef;
let videoId = '';
let page: Page;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const title = `Video Hemat Kuota ${stamp}`;

/** 20 s of 640×360 test pattern with a tone: renditions 240p and 360p, and audio only. */
function lessonVideo(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajar-video-'));
  const file = path.join(dir, 'pelajaran.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i'],
    'testsrc=size=640x360:rate=25:duration=20',
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=20'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-movflags', '+faststart', '-shortest', file],
  ]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

beforeAll(async () => {
  staff = await signedInApi(app.server.url);
  topic = await createProgramWithTopic(
    staff,
    {
      title,
      benefits: '<p>Belajar dengan kuota sedikit.</p>',
      competence: 'Menonton video pelajaran',
      sellingPrice: 0,
    },
    'Video Pelajaran',
  );
  videoId = await createVideoWithPopups(
    staff,
    topic,
    'Video Adaptif',
    { skip: 0, minimum_score: 0 },
    [
      {
        second: 2,
        instruction: 'Jawab pertanyaan berikut.',
        gameplay: {
          type: 'multiple_choice',
          question: { text: 'Kuota hemat dengan kualitas?' },
          point: 10,
          time: 60,
          options: [{ text: 'Hemat data' }, { text: 'Tinggi' }],
          correct_answers: ['Hemat data'],
          explanation: { text: 'Hemat data memakai rendisi terkecil.' },
        },
      },
    ],
    lessonVideo(),
  );
  await staff('PUT', `/program/v1/company/update-status/${topic.programId}`, {
    status: 'publish',
  });
}, 180_000);

describe('Adaptive video (HLS)', () => {
  it('shows the author the conversion’s progress, then ready with its renditions', async () => {
    ({ page } = await signedInPage(app.browser, app.server.url, { width: 1366, height: 900 }));
    await page.goto(`/program/${topic.programId}/${topic.topicId}/${videoId}/edit`);
    await openTab(page, 'Konten');
    const state = page.getByRole('status', { name: 'Pemrosesan video' });
    await state.waitFor();
    // Uploaded moments ago: waiting in line or under way ('Memproses video … 40 %').
    expect(await state.textContent()).toMatch(
      /^(Menunggu pemrosesan video…|Memproses video … \d+ %)$/,
    );
    await snap(page, 'activity-video-stream-progress');
    await state.getByText('Video siap (kualitas adaptif)').waitFor({ timeout: 120_000 });
    await snap(page, 'activity-video-stream-ready');

    const activity = await showActivity<{ content: { file: { id: string } } }>(
      staff,
      topic,
      videoId,
    );
    const item = await staff<MediaItem>(
      'GET',
      `/storage/v1/media/company/detail/${activity.content.file.id}`,
    );
    expect(item.video?.renditions.map((r) => r.name)).toEqual(['240p', '360p']);
  }, 150_000);

  it('plays the HLS master through hls.js at 390 px, with its pop-up, and switches Kualitas', async () => {
    const member = await joinProgram(app, staff, topic.programId, `Sari Hemat ${stamp}`);
    ({ page } = await learnerPage(app.browser, app.server.url));
    const segments: string[] = [];
    page.on('request', (request) => {
      const match = /\/media\/hls\/.+\/(\w+)\/seg-\d{5}\.ts$/.exec(request.url());
      if (match) segments.push(match[1]!);
    });
    await page.goto('/belajar/masuk');
    await learnerSignIn(page, member.email, 'Rahasia123');
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await page.goto(`/belajar/program/${topic.programId}`);
    await page.getByRole('link', { name: /Video Adaptif/ }).click();
    await page.getByRole('heading', { name: 'Video Adaptif', level: 1 }).waitFor();

    const video = page.locator('video[data-playback="hls.js"]');
    await video.waitFor({ state: 'attached' });
    const quality = page.getByLabel('Kualitas');
    await quality.waitFor();
    expect(await quality.inputValue()).toBe('auto');
    // The poster stands in before playing.
    expect(await video.getAttribute('poster')).toMatch(/\/poster\.jpg$/);
    await checkScreen(page, 'video-hls');

    await video.evaluate((v: HTMLVideoElement) => v.play());
    const popup = page.getByRole('dialog', { name: 'Pop up quiz' });
    await popup.getByText('Jawab pertanyaan berikut.').waitFor({ timeout: 30_000 });
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(segments.length).toBeGreaterThan(0);
    await checkScreen(page, 'video-hls-popup');
    await popup.getByRole('button', { name: /Hemat data/ }).click();
    await popup.getByText('Benar! +10 poin').waitFor();
    await popup.getByRole('button', { name: 'Lihat hasil' }).click();
    await popup.getByRole('button', { name: 'Lanjutkan Video' }).click();
    await popup.waitFor({ state: 'detached' });

    // 'Hemat data': the lowest rendition, its segments fetched from then on.
    await quality.selectOption({ label: 'Hemat data' });
    await page.locator('video[data-rendition="240p"]').waitFor({ state: 'attached' });
    await expect.poll(() => segments.includes('240p'), { timeout: 20_000 }).toBe(true);
    // 'Tinggi': the highest this video has.
    await quality.selectOption({ label: 'Tinggi' });
    await page.locator('video[data-rendition="360p"]').waitFor({ state: 'attached' });
    await expect.poll(() => segments.includes('360p'), { timeout: 20_000 }).toBe(true);
    await checkScreen(page, 'video-hls-quality');

    // Playing on to the end counts it watched, whichever renditions played.
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await page.getByText(/^Ditonton 100 % · selesai$/).waitFor({ timeout: 60_000 });
  }, 150_000);

  it('with Hemat data on in the profile, loads nothing before play, then the lowest rendition', async () => {
    await page.goto('/belajar/profil');
    const saver = page.getByRole('switch', { name: 'Hemat data' });
    await saver.check();
    await checkScreen(page, 'profil-hemat-data');
    const segments: string[] = [];
    page.on('request', (request) => {
      const match = /\/media\/hls\/.+\/(\w+)\/seg-\d{5}\.ts$/.exec(request.url());
      if (match) segments.push(match[1]!);
    });
    await page.goto(`/belajar/program/${topic.programId}`);
    const master = page.waitForResponse((r) => /\/master\.m3u8$/.test(r.url()));
    await page.getByRole('link', { name: /Video Adaptif/ }).click();
    const video = page.locator('video[data-playback="hls.js"]');
    await video.waitFor({ state: 'attached' });
    await master;
    expect(await page.getByLabel('Kualitas').inputValue()).toBe('saver');
    // The master playlist is in; no segment is loaded before play.
    expect(await video.evaluate((v: HTMLVideoElement) => v.buffered.length)).toBe(0);
    expect(segments).toEqual([]);
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(() => segments.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(new Set(segments)).toEqual(new Set(['240p']));
  }, 60_000);
});
