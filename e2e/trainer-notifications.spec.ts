import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './support/api';
import { snap, snapOnFailure, type OpenPage } from './support/browser';
import { settle } from './support/locators';
import { useTrainerApp } from './support/members';
import { gotoConnected } from './support/realtime';
import { signedInPage } from './support/session';

let trainer: OpenPage;
let member: Api;
let trainerApi: Api;
let programId: string;
let roomId: string;
snapOnFailure(() => trainer?.page);

const stamp = Date.now().toString(36);
const memberName = `Dewi Lestari ${stamp}`;
const app = useTrainerApp(memberName, { width: 1366, height: 860 });

const bell = () => trainer.page.getByRole('button', { name: /^Notifikasi: / });
const bellCount = async () => {
  const label = (await bell().getAttribute('aria-label')) ?? '';
  return Number(/(\d+) belum terbaca/.exec(label)?.[1] ?? NaN);
};

beforeAll(async () => {
  ({ programId, trainerApi, trainer } = app);
  member = app.joined.member;
  const opened = await member<{ room_id: string }>('POST', '/member/v1/chat/get-room-id', {
    program_id: programId,
    trainer_id: app.trainerId,
  });
  roomId = opened.room_id;
}, 180_000);

describe('trainer notifications', () => {
  it('a member message raises the bell live with a pop-up; a click marks it read and opens the room', async () => {
    const { page } = trainer;
    // The member's message must find the trainer's socket connected, or no live event comes.
    await gotoConnected(page, '/dashboard');
    await bell().waitFor();
    await expect.poll(bellCount).not.toBeNaN();
    const before = await bellCount();

    const message = 'Pak, apakah tugas minggu ini boleh dikumpulkan besok?';
    await member('POST', `/member/v1/chat/room/${roomId}/send-message`, { message });
    await expect.poll(bellCount).toBe(before + 1);
    const popup = page.getByTestId('notification-popup');
    await popup.getByText('Pesan private baru').waitFor();
    await popup.getByText(`${memberName}: ${message}`).waitFor();
    await settle(page);
    await snap(page, 'trainer-notification-popup');

    await bell().click();
    const list = page.getByRole('list', { name: 'Daftar notifikasi' });
    const item = list.getByRole('button', { name: 'Pesan private baru (belum terbaca)' }).first();
    await item.waitFor();
    await list.getByText(`${memberName}: ${message}`).waitFor();
    await list
      .getByText(/yang lalu|beberapa detik/)
      .first()
      .waitFor();
    await settle(page);
    await snap(page, 'trainer-notification-list');

    await list.getByText(`${memberName}: ${message}`).click();
    await page.getByText('Notifikasi sudah terbaca').waitFor();
    await page.waitForURL(`**/discussion/private/program/${programId}?room=${roomId}`);
    await expect.poll(bellCount).toBe(before);
  });

  it('lists 10, then 5 more with Tampilkan lebih banyak', async () => {
    const { page } = trainer;
    for (let i = 1; i <= 11; i += 1) {
      await member('POST', `/member/v1/chat/room/${roomId}/send-message`, {
        message: `Pertanyaan nomor ${i}`,
      });
    }
    const { total } = await trainerApi<{ total: number }>(
      'GET',
      '/notification/v1/trainer/list?limit=1',
    );
    expect(total).toBeGreaterThanOrEqual(12);
    await bell().click();
    const list = page.getByRole('list', { name: 'Daftar notifikasi' });
    await list.getByText(`${memberName}: Pertanyaan nomor 11`).waitFor();
    expect(await list.getByRole('button').count()).toBe(10);
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
