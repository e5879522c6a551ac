import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure, type OpenPage } from './support/browser';
import { createActivity, createProgramWithTopic, type TopicRef } from './support/data';
import { videoFixture } from './support/files';
import { checkScreen, learnerPage, learnerSignIn } from './support/learner';
import { joinProgram, type JoinedMember } from './support/members';

// Ajar Belajar offline (docs/decisions.md, "Offline: seen screens and saved files in the service
// worker"): screens seen before open offline with the banner and read again by themselves when
// the connection returns; a video saved with 'Simpan untuk offline' plays offline, and its
// position reaches the server once the phone is back online. At 390 px.

const app = useApp();
let staff: Api;
let topic: TopicRef;
let videoId = '';
let member: JoinedMember;
let phone: OpenPage;
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
  member = await joinProgram(app, staff, topic.programId, `Rina Offline ${stamp}`);
  phone = await learnerPage(app.browser, app.server.url);
  page = phone.page;
}, 120_000);

afterAll(() => phone?.context.close());

const activityPath = () => `/belajar/program/${topic.programId}/activity/${videoId}`;
const banner = () =>
  page
    .getByRole('status')
    .filter({ hasText: 'Anda sedang offline. Data terbaru akan muncul saat koneksi kembali.' });

const videoPosition = async () =>
  (
    await member.member<{ video_position: number | null }>(
      'GET',
      `/member/v1/program/${topic.programId}/activity/${videoId}`,
    )
  ).video_position;

describe('Ajar Belajar offline', () => {
  it('shows the screens seen before offline, with the banner, and reads them again when back online', async () => {
    await page.goto('/belajar/masuk');
    await learnerSignIn(page, member.email, 'Rahasia123');
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    // Seen with the worker in control: 'Program Saya', the program, the activity.
    await page.reload();
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('link', { name: new RegExp(videoName) }).click();
    await page.getByRole('heading', { name: videoName, level: 1 }).waitFor();

    await phone.context.setOffline(true);
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
    await phone.context.setOffline(false);
    await page.getByText('Topik Sudah Diperbarui').waitFor();
    await expect.poll(() => banner().count()).toBe(0);
  });

  it('saves a video for offline, plays it offline, and its position reaches the server when back online', async () => {
    await page.goto(activityPath());
    await page.getByRole('heading', { name: videoName, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Simpan untuk offline' }).click();
    const kept = page.getByText(/^Video tersimpan di perangkat: \d+(,\d)? [KM]B\./);
    await kept.waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Hapus dari perangkat' }).waitFor();
    await checkScreen(page, 'simpan-offline');
    const before = (await videoPosition()) ?? 0;

    await phone.context.setOffline(true);
    await page.reload();
    await banner().waitFor();
    const video = page.locator('video');
    await video.waitFor({ state: 'attached' });
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(3);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    const stoppedAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await checkScreen(page, 'offline-video');
    // Nothing reached the server while offline.
    expect((await videoPosition()) ?? 0).toBe(before);

    await phone.context.setOffline(false);
    await expect.poll(videoPosition, { timeout: 20_000 }).toBeGreaterThan(3);
    expect((await videoPosition())!).toBeLessThanOrEqual(Math.ceil(stoppedAt));
  });

  it("lists what is saved on the profile with its space, and 'Hapus dari perangkat' removes it", async () => {
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
    await page.goto(activityPath());
    await page.getByRole('button', { name: 'Simpan untuk offline' }).click();
    await page.getByRole('button', { name: 'Hapus dari perangkat' }).waitFor({ timeout: 30_000 });
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
