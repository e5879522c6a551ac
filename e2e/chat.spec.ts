import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  realtimePath,
  type RealtimePayload,
  type ServerToClientEvents,
} from '@ajar/shared/realtime';
import type { Api } from './support/api';
import { snap, snapOnFailure, type OpenPage } from './support/browser';
import { settle } from './support/locators';
import { useTrainerApp } from './support/members';
import { gotoConnected } from './support/realtime';

let trainer: OpenPage;
let member: Api;
let memberSocket: Socket<ServerToClientEvents>;
let programId: string;
let topicId: string;
let activityId: string;
let roomId: string;
let trainerId: string;
snapOnFailure(() => trainer?.page);

const stamp = Date.now().toString(36);
const memberName = `Rina Maharani ${stamp}`;
const app = useTrainerApp(memberName, { width: 1366, height: 860 });
const received: RealtimePayload<'chat.message'>[] = [];

const mailIcon = () => trainer.page.getByRole('button', { name: /^Diskusi Private: / });
const unreadLabel = async () => (await mailIcon().getAttribute('aria-label')) ?? '';
/** The mail icon's count (the demo data already holds unread rooms). */
const unreadCount = async () =>
  Number(/(\d+) pesan belum terbaca/.exec(await unreadLabel())?.[1] ?? NaN);
const roomList = () => trainer.page.getByRole('list', { name: 'Daftar diskusi private' });

beforeAll(async () => {
  ({ programId, trainerId, trainer } = app);
  member = app.joined.member;
  const topics = await app.trainerApi<{ list: { id: string; activities?: { id: string }[] }[] }>(
    'GET',
    `/topic/v1/list?program_id=${programId}&limit=-1&sort=seq&sort_type=asc&with_activities=1`,
  );
  topicId = topics.list[0]!.id;
  activityId = topics.list[0]!.activities?.[0]?.id ?? '';
  memberSocket = io(app.server.url, {
    path: realtimePath,
    auth: { token: app.joined.token },
    transports: ['websocket'],
  });
  // Only the trainer's messages: the member's own ones come back to their socket too.
  memberSocket.on('chat.message', (message) => {
    if (message.type === 2) received.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    memberSocket.once('connect', resolve);
    memberSocket.once('connect_error', reject);
  });
}, 180_000);

afterAll(() => {
  memberSocket?.close();
});

describe('private discussion', () => {
  it('keeps a room opened without a message out of the list', async () => {
    const { page } = trainer;
    await gotoConnected(page, '/discussion/private');
    // The demo trainer's seeded rooms are listed; this member's room is not there yet.
    await roomList().getByRole('button').first().waitFor();
    await expect.poll(unreadCount).not.toBeNaN();
    const before = await unreadCount();
    await settle(page);
    await snap(page, 'chat-list');

    const opened = await member<{ room_id: string }>('POST', '/member/v1/chat/get-room-id', {
      program_id: programId,
      trainer_id: trainerId,
    });
    roomId = opened.room_id;
    // A room without a message is not listed (the list read after the room exists).
    await page.reload();
    await roomList().getByRole('button').first().waitFor();
    expect(
      await roomList()
        .getByRole('button', { name: new RegExp(memberName) })
        .count(),
    ).toBe(0);
    expect(await unreadCount()).toBe(before);
  });

  it('opens the empty room by its address', async () => {
    const { page } = trainer;
    await page.goto(`/discussion/private/program/${programId}?room=${roomId}`);
    await page.getByText('Chat masih kosong').waitFor();
    await settle(page);
    await snap(page, 'chat-panel-empty');
  });

  it('raises the badge live, then the open panel reads the message and Enter answers', async () => {
    const { page } = trainer;
    await gotoConnected(page, '/discussion/private');
    await roomList().getByRole('button').first().waitFor();
    await expect.poll(unreadCount).not.toBeNaN();
    const before = await unreadCount();
    const listed = page.getByRole('button', { name: new RegExp(memberName) });
    const question = 'Selamat pagi Pak, saya mau bertanya soal tugas minggu ini.';
    // The first message brings the room into the list live.
    await member('POST', `/member/v1/chat/room/${roomId}/send-message`, { message: question });
    await expect.poll(unreadCount).toBe(before + 1);
    await listed.getByText(question).waitFor();
    await listed.getByLabel('1 pesan belum terbaca').waitFor();
    await settle(page);
    await snap(page, 'chat-list-unread');

    await listed.click();
    const log = page.getByRole('log', { name: 'Pesan' });
    await log.getByText(question).waitFor();
    await expect.poll(unreadCount).toBe(before);

    // A message arriving while the panel is open appears without reload.
    await member('POST', `/member/v1/chat/room/${roomId}/send-message`, {
      message: 'Apakah boleh dikumpulkan dalam bentuk PDF?',
    });
    await log.getByText('Apakah boleh dikumpulkan dalam bentuk PDF?').waitFor();

    const box = page.getByLabel('Tulis pesan');
    await box.fill('Selamat pagi Rina,');
    await box.press('Shift+Enter');
    await box.pressSequentially('boleh, silakan kirim PDF.');
    await settle(page);
    expect(received).toHaveLength(0);
    await box.press('Enter');
    await expect
      .poll(() => received.map((m) => m.message))
      // Typed text, escaped, its line break kept (packages/shared/src/chat/message-text.ts).
      .toEqual(['Selamat pagi Rina,<br />boleh, silakan kirim PDF.']);
    expect(received[0]).toMatchObject({ type: 2, room_id: roomId });
    await expect.poll(() => box.inputValue()).toBe('');
    await log.getByText('boleh, silakan kirim PDF.').waitFor();
    await settle(page);
    await snap(page, 'chat-panel-live');
  });

  it('pages older messages on scrolling up', async () => {
    for (let i = 1; i <= 14; i += 1) {
      await member('POST', `/member/v1/chat/room/${roomId}/send-message`, {
        message: `Pertanyaan nomor ${i}`,
      });
    }
    const { page } = trainer;
    await page.goto(`/discussion/private/program/${programId}?room=${roomId}`);
    const log = page.getByRole('log', { name: 'Pesan' });
    await log.getByText('Pertanyaan nomor 14').waitFor();
    await expect.poll(() => log.getByTestId('chat-message').count()).toBe(10);
    await log.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => log.getByTestId('chat-message').count()).toBe(17);
  });

  it('opens the activity context route', async () => {
    const { page } = trainer;
    const path = `/discussion/private/program/${programId}/${topicId}/${activityId || topicId}`;
    await page.goto(`${path}?room=${roomId}`);
    await page.getByRole('log', { name: 'Pesan' }).getByText('Pertanyaan nomor 14').waitFor();
    await settle(page);
    await snap(page, 'chat-activity');
  });
});
