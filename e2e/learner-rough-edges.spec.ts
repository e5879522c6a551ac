import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatLongDate } from '@ajar/shared/common/datetime';
import { apiClient, apiLogin, signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure, type OpenPage } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { tmpFile } from './support/files';
import { checkScreen, checkTextScale, learnerPage, learnerSignIn } from './support/learner';
import { joinProgram, type JoinedMember } from './support/members';
import { demo } from './support/session';

// Rough edges of Ajar Belajar on a 390 px phone: the WhatsApp number as people write it, a
// '.jpeg' practice work, a meeting's Drive link and dates, the chat opening at its newest
// message, a long title in the app bar at 200 % text, and the dark theme.

const app = useApp();
let phone: OpenPage;
let page: Page;
let admin: Api;
let joined: JoinedMember;
let programId: string;
let meetingId: string;
let practiceId: string;
let chatProgramId: string;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const wibDay = (days: number) =>
  new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const meetingDay = wibDay(3);
const driveUrl = 'https://drive.google.com/drive/folders/materi-pekan-1';
const longName =
  'Praktik Mandiri: menyusun rencana pelaksanaan pembelajaran berdiferensiasi untuk kelas rangkap di sekolah dasar negeri';

beforeAll(async () => {
  admin = await signedInApi(app.server.url);
  const topic = await createProgramWithTopic(
    admin,
    {
      title: `Kelas Tepian ${stamp}`,
      benefits: '<p>Pertemuan daring dan tugas praktik.</p>',
      competence: 'Menyusun rencana',
      sellingPrice: 0,
    },
    'Pekan 1',
  );
  programId = topic.programId;
  meetingId = await createActivity(admin, topic, {
    name: 'Diskusi Daring Pekan 1',
    type: 'berdiskusi_daring',
    content: {
      link_embed: { is_showing: 1, url: driveUrl },
      meeting: {
        link: 'https://meet.contoh.id/tepian',
        is_day: '2',
        days: [],
        dates: [{ date: meetingDay, times: [{ start_time: '19:00', end_time: '21:00' }] }],
      },
    },
  });
  practiceId = await createActivity(admin, topic, {
    name: longName,
    type: 'praktek_mandiri',
    content: { description: '<p>Unggah foto hasil praktik.</p>' },
  });
  await admin('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });
  joined = await joinProgram(app, admin, programId, `Sari Tepian ${stamp}`);

  // The demo trainer's program, for the chat: the same participant redeems a voucher of it.
  const trainer = apiClient(app.server.url, (await apiLogin(app.server.url, demo.trainer)).token);
  const programs = await trainer<{ list: { id: string }[] }>(
    'GET',
    '/program/v1/trainer/list?status=publish&limit=-1',
  );
  chatProgramId = programs.list[0]!.id;
  const batch = await admin<{ codes: string[] }>(
    'POST',
    `/program/v1/company/voucher/${chatProgramId}/generate`,
    { count: 1 },
  );
  await joined.member('POST', '/member/v1/redeem', {
    license: batch.codes[0],
    pmo_code: `PMOCHAT${stamp.toUpperCase()}`,
  });
  const room = await joined.member<{ room_id: string }>('POST', '/member/v1/chat/get-room-id', {
    program_id: chatProgramId,
  });
  for (let i = 1; i <= 30; i += 1) {
    await joined.member('POST', `/member/v1/chat/room/${room.room_id}/send-message`, {
      message: `<p>Pesan nomor ${i}</p>`,
      idempotency_key: randomUUID(),
    });
  }

  phone = await learnerPage(app.browser, app.server.url);
  page = phone.page;
  await page.goto('/belajar/masuk');
  await learnerSignIn(page, joined.email, 'Rahasia123');
  await page.waitForURL('**/belajar/');
}, 240_000);

describe('Ajar Belajar: rough edges', () => {
  it("registers with the usual '08…' WhatsApp number, stored as '62…'", async () => {
    const guest = await learnerPage(app.browser, app.server.url);
    try {
      const form = guest.page;
      await form.goto('/belajar/daftar');
      await form.getByLabel('Nama Lengkap').fill('Dimas Nomor');
      await form.getByLabel('Email', { exact: true }).fill(`nomor-${stamp}@contoh.id`);
      await form.getByLabel('Nomor Whatsapp').fill('nomor saya');
      await form.getByLabel('Password', { exact: true }).fill('Rahasia123');
      await form.getByLabel(/Saya telah membaca dan menyetujui/).check();
      await form.getByRole('button', { name: 'Daftar', exact: true }).click();
      await form.getByText('Nomor Whatsapp tidak valid', { exact: false }).waitFor();
      await checkScreen(form, 'daftar-nomor-salah');
      await form.getByLabel('Nomor Whatsapp').fill('0812-3456-7788');
      await form.getByRole('button', { name: 'Daftar', exact: true }).click();
      await form.waitForURL('**/belajar/');
      await form.goto('/belajar/profil');
      expect(await form.getByLabel('Nomor Whatsapp').inputValue()).toBe('6281234567788');
      await checkScreen(form, 'profil-nomor');
    } finally {
      await guest.context.close();
    }
  });

  it("accepts a '.jpeg' practice work and lists what it accepts when refusing", async () => {
    await page.goto(`/belajar/program/${programId}/activity/${practiceId}`);
    await page.getByRole('heading', { name: longName, level: 1 }).waitFor();
    const picker = page.getByLabel('File tugas');
    expect(await picker.getAttribute('accept')).toContain('.jpeg');
    await picker.setInputFiles(tmpFile('tugas.exe', 'bukan dokumen'));
    await page.getByText('JPG/JPEG, PNG, WEBP', { exact: false }).first().waitFor();
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('JFIF tugas praktik')]);
    await picker.setInputFiles(tmpFile('foto-tugas.jpeg', jpeg));
    expect(await page.getByText('Format file tidak didukung', { exact: false }).count()).toBe(0);
    await checkScreen(page, 'tugas-jpeg');
  });

  it('keeps a long title on one line of the app bar, in full as the heading, at 200 % text', async () => {
    await page.goto(`/belajar/program/${programId}/activity/${practiceId}`);
    await page.getByRole('heading', { name: longName, level: 1 }).waitFor();
    const bar = page.locator('.app-bar__title');
    const lineHeight = await bar.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await bar.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await page.evaluate(() => (document.documentElement.style.fontSize = '130%'));
    expect((await bar.boundingBox())!.height).toBeLessThan(lineHeight * 1.3 * 1.5);
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    await page.evaluate(() => window.scrollTo(0, 900));
    expect((await bar.boundingBox())!.height).toBeLessThan(lineHeight * 2 * 1.5);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/learner-judul-200-atas.png` });
    }
    await page.evaluate(() => (document.documentElement.style.fontSize = ''));
    await checkTextScale(page, 'judul-panjang');
  });

  it('shows the Drive link and writes the meeting date as a date', async () => {
    await page.goto(`/belajar/program/${programId}/activity/${meetingId}`);
    const drive = page.getByRole('link', { name: 'Buka materi di Google Drive (tab baru)' });
    expect(await drive.getAttribute('href')).toBe(driveUrl);
    const when = `${formatLongDate(`${meetingDay}T12:00:00Z`)}, 19.00–21.00 WIB`;
    await page.getByText(when, { exact: true }).waitFor();
    expect(await page.getByText(meetingDay).count()).toBe(0);
    await checkScreen(page, 'pertemuan-drive');
    await checkTextScale(page, 'pertemuan-drive');
  });

  it('opens the chat at the newest message, just above the text box', async () => {
    await page.goto(`/belajar/program/${chatProgramId}/chat`);
    const newest = page.getByText('Pesan nomor 30', { exact: true });
    await newest.waitFor();
    const box = page.getByLabel('Tulis pesan', { exact: true });
    await page.waitForFunction(() => {
      const items = document.querySelectorAll('.chat-list li');
      const last = items[items.length - 1]?.getBoundingClientRect();
      const form = document.querySelector('.chat-form')?.getBoundingClientRect();
      return Boolean(last && form && last.bottom <= form.top + 1 && last.bottom > form.top - 120);
    });
    expect(await box.isVisible()).toBe(true);
    await checkScreen(page, 'chat-terbaru');
  });

  it('follows the phone’s dark theme, with enough contrast', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      await page.goto(`/belajar/program/${programId}/activity/${meetingId}`);
      await page.getByRole('link', { name: 'Buka materi di Google Drive (tab baru)' }).waitFor();
      const background = await page.evaluate(
        () => getComputedStyle(document.documentElement).backgroundColor,
      );
      expect(background).toBe('rgb(16, 20, 24)');
      await checkScreen(page, 'gelap-pertemuan');
      await page.goto('/belajar/profil');
      await page.getByRole('heading', { name: 'Data diri' }).waitFor();
      await checkScreen(page, 'gelap-profil');
      await checkTextScale(page, 'gelap-profil');
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
});
