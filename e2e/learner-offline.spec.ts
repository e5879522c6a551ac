import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '@ajar/shared/media/media.schemas';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure, type OpenPage } from './support/browser';
import {
  createActivity,
  createProgramWithTopic,
  showActivity,
  type TopicRef,
} from './support/data';
import { videoFixture } from './support/files';
import { checkScreen, signedInLearnerPage } from './support/learner';
import { joinProgram, type JoinedMember } from './support/members';

// Ajar Belajar offline (docs/decisions.md, "Offline: seen screens and saved files in the service
// worker"): screens seen before open offline with the banner and read again by themselves when
// the connection returns; a video saved with 'Simpan untuk offline' plays offline, and its
// position reaches the server once the phone is back online. At 390 px. Each test has its own
// member on its own phone (browser context), so nothing one test saved is seen by another.

const app = useApp();
let staff: Api;
let topic: TopicRef;
let videoId = '';
let members = 0;
const phones: OpenPage[] = [];
let page: Page;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const title = `Belajar Tanpa Sinyal ${stamp}`;
const topicName = 'Topik Hemat Kuota';
const videoName = 'Video Simpan Offline';

beforeAll(async () => {
  staff = await signedInApi(app.server.url);
  topic = await createProgramWithTopic(
    staff,
    {
      title,
      benefits: '<p>Belajar di mana saja.</p>',
      competence: 'Belajar tanpa koneksi',
      sellingPrice: 0,
    },
    topicName,
  );
  const form = new FormData();
  form.append('payload', JSON.stringify({ name: videoName, type: 'menonton_video', content: {} }));
  const bytes = fs.readFileSync(videoFixture);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'video.mp4');
  videoId = await createActivity(staff, topic, form);
  await staff('PUT', `/program/v1/company/update-status/${topic.programId}`, {
    status: 'publish',
  });
  // The server converts the upload into HLS renditions: saved from then on is the one the player
  // would choose, so every test sees the same file.
  const activity = await showActivity<{ content: { file: { id: string } } }>(staff, topic, videoId);
  const mediaPath = `/storage/v1/media/company/detail/${activity.content.file.id}`;
  await vi.waitFor(
    async () => expect((await staff<MediaItem>('GET', mediaPath)).video?.status).toBe('ready'),
    { timeout: 150_000, interval: 1_000 },
  );
}, 240_000);

afterAll(() => Promise.all(phones.map((phone) => phone.context.close())));

/** A new member of the program, signed in on a phone of their own with the worker in control. */
async function newPhone(): Promise<{ member: JoinedMember; context: BrowserContext }> {
  members += 1;
  const member = await joinProgram(app, staff, topic.programId, `Rina Offline ${members}`, {
    n: members,
  });
  const phone = await signedInLearnerPage(app.browser, app.server.url, member.email);
  phones.push(phone);
  page = phone.page;
  await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  return { member, context: phone.context };
}

/** 'Simpan untuk offline' on the video, until it says what it keeps. */
async function saveVideo() {
  await page.goto(activityPath());
  await page.getByRole('heading', { name: videoName, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Simpan untuk offline' }).click();
  // The player's rendition: the test server converted the upload.
  await page
    .getByText(/^Video tersimpan di perangkat \(kualitas \d+p\): \d+(,\d)? [KM]B\./)
    .waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Hapus dari perangkat' }).waitFor();
}

const activityPath = () => `/belajar/program/${topic.programId}/activity/${videoId}`;
const banner = () =>
  page
    .getByRole('status')
    .filter({ hasText: 'Anda sedang offline. Data terbaru akan muncul saat koneksi kembali.' });

const videoPosition = async (member: JoinedMember) =>
  (
    await member.member<{ video_position: number | null }>(
      'GET',
      `/member/v1/program/${topic.programId}/activity/${videoId}`,
    )
  ).video_position;

describe('Ajar Belajar offline', () => {
  it('shows the screens seen before offline, with the banner, and reads them again when back online', async () => {
    const { context } = await newPhone();
    // Seen with the worker in control: 'Program Saya', the program, the activity.
    await page.reload();
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('link', { name: new RegExp(videoName) }).click();
    await page.getByRole('heading', { name: videoName, level: 1 }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: videoName, level: 1 }).waitFor();
    await banner().waitFor();
    await page.getByRole('link', { name: 'Daftar aktivitas' }).click();
    await page.getByText(topicName).waitFor();
    await page.goto('/belajar/');
    await page.getByRole('link', { name: title }).waitFor();
    await banner().waitFor();
    await checkScreen(page, 'offline-program-saya');

    // Changed on the server while the phone is offline: shown once the connection returns,
    // without a press of 'Coba lagi'.
    await page.getByRole('link', { name: title }).click();
    await page.getByText(topicName).waitFor();
    await checkScreen(page, 'offline-program');
    await staff('PUT', `/topic/v1/update/${topic.topicId}`, {
      name: 'Topik Sudah Diperbarui',
      status: 'publish',
    });
    await context.setOffline(false);
    await page.getByText('Topik Sudah Diperbarui').waitFor();
    await expect.poll(() => banner().count()).toBe(0);
  });

  it('saves a video for offline, plays it offline, and its position reaches the server when back online', async () => {
    const { member, context } = await newPhone();
    await saveVideo();
    await checkScreen(page, 'simpan-offline');
    const before = (await videoPosition(member)) ?? 0;

    await context.setOffline(true);
    await page.reload();
    await banner().waitFor();
    // The player reports where it is at the start and after every 5 s of movement: past 6 s a
    // report of 5 s or more waits in the offline queue.
    const video = page.locator('video');
    await video.waitFor({ state: 'attached' });
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(6);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    const stoppedAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await checkScreen(page, 'offline-video');
    // Nothing reached the server while offline.
    expect((await videoPosition(member)) ?? 0).toBe(before);

    await context.setOffline(false);
    await expect.poll(() => videoPosition(member), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    expect((await videoPosition(member))!).toBeLessThanOrEqual(Math.ceil(stoppedAt));
  });

  it("lists what is saved on the profile with its space, and 'Hapus dari perangkat' removes it", async () => {
    await newPhone();
    await saveVideo();
    await page.goto('/belajar/profil');
    const card = page.getByRole('region', { name: 'Tersimpan untuk offline' });
    await card.getByText(/^1 aktivitas, \d+(,\d)? [KM]B di perangkat ini\.$/).waitFor();
    await card.getByRole('link', { name: videoName }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await checkScreen(page, 'profil-tersimpan');
    await card.getByRole('button', { name: `Hapus ${videoName} dari perangkat` }).click();
    await card.getByText(/^Belum ada\./).waitFor();
    const saved = () =>
      page.evaluate(async () =>
        (await caches.keys()).filter((name) => name.startsWith('ajar-simpan-')),
      );
    expect(await saved()).toEqual([]);
  });

  it('forgets the screens seen and the saved files on sign-out', async () => {
    await newPhone();
    await saveVideo();
    const kept = () =>
      page.evaluate(async () =>
        (await caches.keys()).filter((n) => n === 'ajar-seen' || n.startsWith('ajar-simpan-')),
      );
    expect((await kept()).sort()).toEqual(['ajar-seen', `ajar-simpan-${videoId}`]);

    await page.goto('/belajar/profil');
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    await expect.poll(kept).toEqual([]);
  });
});
