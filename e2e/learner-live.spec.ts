import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../apps/server/src/test/factories/media-bytes';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure, type OpenPage } from './support/browser';
import { createActivity, createProgramWithTopic, type TopicRef } from './support/data';
import { checkScreen, checkTextScale, signedInLearnerPage } from './support/learner';
import { joinProgram, type JoinedMember } from './support/members';

// A participant's week in Ajar Belajar on a 390 px phone, live: a reminder the job sends and a
// scored practice work reach the open app over its socket, without a reload.
//
// The reminder runs through the real job with a fixed clock: the server starts with CLOCK_START
// (its clock reads tomorrow 18.30 WIB and runs on from there) and REMINDER_EVERY_SECONDS=2 (the
// reminder job runs every 2 s instead of every 5 min); both are refused in production
// (apps/server/src/config.ts). The meeting is tomorrow at 19.00 WIB, within the hour before its
// start, so the first run after it exists sends 'Pertemuan segera dimulai'.

/** `YYYY-MM-DD` in WIB, `days` from today. */
const wibDay = (days: number) =>
  new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const tomorrow = wibDay(1);

const app = useApp({
  env: { CLOCK_START: `${tomorrow}T11:30:00Z`, REMINDER_EVERY_SECONDS: '2' },
});
let admin: Api;
let phone: OpenPage;
let page: Page;
let joined: JoinedMember;
let topic: TopicRef;
let workId: string;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const bell = () => page.getByRole('banner').getByRole('link', { name: /^Notifikasi/ });
/** How many unread notifications the bell counts (its label: 'Notifikasi, 2 belum dibaca'). */
const unread = async () =>
  Number(/, (\d+) belum dibaca$/.exec((await bell().getAttribute('aria-label')) ?? '')?.[1] ?? 0);

beforeAll(async () => {
  admin = await signedInApi(app.server.url);
  topic = await createProgramWithTopic(
    admin,
    {
      title: `Kelas Pekan Ini ${stamp}`,
      benefits: '<p>Pertemuan daring dan tugas praktik.</p>',
      competence: 'Mengatur waktu belajar',
      sellingPrice: 0,
    },
    'Pekan 1',
  );
  workId = await createActivity(admin, topic, {
    name: 'Praktek Jadwal Harian',
    type: 'praktek_mandiri',
    content: { description: '<p>Unggah jadwal harian Anda untuk satu pekan.</p>' },
  });
  await admin('PUT', `/program/v1/company/update-status/${topic.programId}`, { status: 'publish' });
  joined = await joinProgram(app, admin, topic.programId, `Wulan Pekan ${stamp}`);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(pdfBytes('Jadwal'))], { type: 'application/pdf' }),
    'jadwal-wulan.pdf',
  );
  await joined.member(
    'POST',
    `/member/v1/program/${topic.programId}/activity/${workId}/upload`,
    form,
  );

  phone = await signedInLearnerPage(app.browser, app.server.url, joined.email);
  page = phone.page;
}, 180_000);

describe('Ajar Belajar: live updates', () => {
  it('shows a reminder in the bell and on Notifikasi as the job sends it', async () => {
    await bell().click();
    await page.getByRole('heading', { name: 'Notifikasi', level: 1 }).waitFor();
    await page.getByText('Belum ada notifikasi.').waitFor();
    expect(await bell().getAttribute('aria-label')).toBe('Notifikasi');

    // The meeting exists only now, with the page open: what arrives next came over the socket.
    await createActivity(admin, topic, {
      name: 'Diskusi Daring Pekan 1',
      type: 'berdiskusi_daring',
      content: {
        meeting: {
          link: 'https://meet.contoh.id/pekan-1',
          is_day: '2',
          days: [],
          dates: [{ date: tomorrow, times: [{ start_time: '19:00', end_time: '21:00' }] }],
        },
      },
    });
    const list = page.getByRole('list', { name: 'Daftar notifikasi' });
    const reminder = list.getByRole('button', { name: /Pertemuan segera dimulai/ });
    await reminder.waitFor();
    expect(await reminder.textContent()).toContain('Diskusi Daring Pekan 1');
    expect(await reminder.textContent()).toContain('19.00 WIB');
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifikasi, 1 belum dibaca');
    await checkScreen(page, 'notifikasi-pengingat');
    await checkTextScale(page, 'notifikasi-pengingat');
  });

  it('shows the trainer’s score on the open practice work as it is given', async () => {
    await page.goto(`/belajar/program/${topic.programId}/activity/${workId}`);
    await page.getByRole('heading', { name: 'Tugas terkirim' }).waitFor();
    await page.getByText('Menunggu nilai dan respon dari pelatih.').waitFor();
    // Counted, not assumed: this test does not depend on the reminder of the one before.
    const before = await unread();

    const participants = await admin<{ list: { id: string; member: { fullname: string } }[] }>(
      'GET',
      `/program/v1/trainer/member-redeem/list/${topic.programId}?q=${encodeURIComponent(joined.fullname)}`,
    );
    await admin('PUT', '/users/v1/trainer/feedback-mr', {
      member_redeem_id: participants.list.find((p) => p.member.fullname === joined.fullname)!.id,
      topic_id: topic.topicId,
      activity_id: workId,
      score: 85,
      text: 'Jadwalnya rapi, tambahkan waktu istirahat.',
    });
    const scored = page.getByRole('region', { name: 'Nilai dan respon pelatih' });
    await scored.getByRole('heading', { name: 'Nilai dari pelatih: 85' }).waitFor();
    await scored.getByText('Jadwalnya rapi, tambahkan waktu istirahat.').waitFor();
    // The response is a notification too: the bell counts one more, still without a reload.
    await expect.poll(unread).toBe(before + 1);
    await checkScreen(page, 'praktek-dinilai');
    await checkTextScale(page, 'praktek-dinilai');
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      await checkScreen(page, 'gelap-praktek-dinilai');
      await page.goto('/belajar/notifikasi');
      await page
        .getByRole('list', { name: 'Daftar notifikasi' })
        .getByRole('button', { name: /Tugas Anda sudah dinilai/ })
        .waitFor();
      await checkScreen(page, 'gelap-notifikasi');
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
});
