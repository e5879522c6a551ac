import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api';
import { snap, snapOnFailure, type OpenPage } from './support/browser';
import { settle } from './support/locators';
import { openPublicThread, useTrainerApp } from './support/members';
import { gotoConnected } from './support/realtime';
import { signedInPage } from './support/session';

let trainer: OpenPage;
let member: Api;
let trainerApi: Api;
let programId: string;
let roomId: string;
let thread: { topicId: string; activityId: string };
snapOnFailure(() => trainer?.page);

const stamp = Date.now().toString(36);
const memberName = `Dewi Lestari ${stamp}`;
const app = useTrainerApp(memberName, { width: 1366, height: 860 });

const bell = () => trainer.page.getByRole('button', { name: /^Notifikasi: / });
const bellCount = async () => {
  const label = (await bell().getAttribute('aria-label')) ?? '';
  return Number(/(\d+) belum terbaca/.exec(label)?.[1] ?? NaN);
};
const mail = () => trainer.page.getByRole('button', { name: /^Diskusi Private: / });
const mailCount = async () => {
  const label = (await mail().getAttribute('aria-label')) ?? '';
  return Number(/(\d+) pesan belum terbaca/.exec(label)?.[1] ?? NaN);
};
/** A post of the member in the program's Public thread: what rings the bell. */
const post = (content: string) =>
  member('POST', `/member/v1/program/${programId}/activity/${thread.activityId}/discussion`, {
    content,
  });
const intersects = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

beforeAll(async () => {
  ({ programId, trainerApi, trainer } = app);
  member = app.joined.member;
  const opened = await member<{ room_id: string }>('POST', '/member/v1/chat/get-room-id', {
    program_id: programId,
    trainer_id: app.trainerId,
  });
  roomId = opened.room_id;
  thread = await openPublicThread(trainerApi, member, programId);
}, 180_000);

describe('trainer notifications', () => {
  it("a member's chat message raises the mail badge, not the bell", async () => {
    const { page } = trainer;
    await gotoConnected(page, '/dashboard');
    await expect.poll(bellCount).not.toBeNaN();
    await expect.poll(mailCount).not.toBeNaN();
    const [bellBefore, mailBefore] = [await bellCount(), await mailCount()];

    await member('POST', `/member/v1/chat/room/${roomId}/send-message`, {
      message: 'Pak, apakah tugas minggu ini boleh dikumpulkan besok?',
    });
    await expect.poll(mailCount).toBeGreaterThan(mailBefore);
    expect(await bellCount()).toBe(bellBefore);
    expect(await page.getByTestId('notification-popup').count()).toBe(0);
    const stored = await trainerApi<{ total: number }>(
      'GET',
      '/notification/v1/trainer/list?limit=1&reads=0',
    );
    expect(stored.total).toBe(bellBefore);
  });

  it('a public post raises the bell with a pop-up clear of the chat header; a click marks it read and opens the thread', async () => {
    const { page } = trainer;
    // On the private discussion with the room open: the pop-up must leave its header readable.
    await gotoConnected(page, `/discussion/private/program/${programId}?room=${roomId}`);
    const header = page.getByRole('region', { name: 'Chat' }).locator('> div').first();
    await header.getByText(memberName).waitFor();
    await expect.poll(bellCount).not.toBeNaN();
    const before = await bellCount();

    await post('Pak, apakah materi ini ada rangkumannya?');
    await expect.poll(bellCount).toBe(before + 1);
    const popup = page.getByTestId('notification-popup');
    await popup.getByText('Diskusi publik baru').waitFor();
    await popup.getByText(new RegExp(`^${memberName} menulis di diskusi `)).waitFor();
    await settle(page);
    await snap(page, 'trainer-notification-popup');
    const popupBox = (await popup.boundingBox())!;
    const headerBox = (await header.boundingBox())!;
    expect(intersects(popupBox, headerBox)).toBe(false);
    const send = (await page.getByRole('button', { name: 'Kirim' }).boundingBox())!;
    expect(intersects(popupBox, send)).toBe(false);

    await bell().click();
    const list = page.getByRole('list', { name: 'Daftar notifikasi' });
    const item = list.getByRole('button', { name: 'Diskusi publik baru (belum terbaca)' }).first();
    await item.waitFor();
    await list
      .getByText(/yang lalu|beberapa detik/)
      .first()
      .waitFor();
    await settle(page);
    await snap(page, 'trainer-notification-list');

    await item.click();
    await page.getByText('Notifikasi sudah terbaca').waitFor();
    await page.waitForURL(
      `**/discussion/public/program/${programId}/${thread.topicId}/${thread.activityId}/**`,
    );
    await expect.poll(bellCount).toBe(before);
  });

  it('lists 10, then 5 more with Tampilkan lebih banyak', async () => {
    const { page } = trainer;
    const popups = page.getByTestId('notification-popup');
    let mostShown = 0;
    for (let i = 1; i <= 11; i += 1) {
      await post(`Pertanyaan nomor ${i}`);
      mostShown = Math.max(mostShown, await popups.count());
    }
    const { total } = await trainerApi<{ total: number }>(
      'GET',
      '/notification/v1/trainer/list?limit=1',
    );
    expect(total).toBeGreaterThanOrEqual(12);
    // Never more than three pop-ups, and none waiting in a queue: the last goes within its 10 s.
    await expect.poll(() => popups.count()).toBeGreaterThan(0);
    mostShown = Math.max(mostShown, await popups.count());
    await expect.poll(() => popups.count(), { timeout: 20_000 }).toBe(0);
    expect(mostShown).toBeLessThanOrEqual(3);
    await bell().click();
    const list = page.getByRole('list', { name: 'Daftar notifikasi' });
    await list
      .getByText(new RegExp(`^${memberName} menulis di diskusi `))
      .first()
      .waitFor();
    await expect.poll(() => list.getByRole('button').count()).toBe(10);
    await page.getByRole('button', { name: 'Tampilkan lebih banyak' }).click();
    await expect.poll(() => list.getByRole('button').count()).toBe(Math.min(total, 15));
    await settle(page);
    await snap(page, 'trainer-notification-more');
    await page.keyboard.press('Escape');
  });

  it('shows Belum ada notifikasi to someone without notifications', async () => {
    const admin = await signedInPage(app.browser, app.server.url, { width: 1366, height: 860 });
    await admin.page.goto('/dashboard');
    await admin.page.getByRole('button', { name: 'Notifikasi: 0 belum terbaca' }).click();
    await admin.page.getByText('Belum ada notifikasi').waitFor();
    await settle(admin.page);
    await snap(admin.page, 'trainer-notification-empty');
    await admin.context.close();
  });
});
