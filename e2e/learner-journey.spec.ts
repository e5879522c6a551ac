import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure, type OpenPage } from './support/browser';
import { createActivity, createProgramWithTopic, type TopicRef } from './support/data';
import { png, tmpFile } from './support/files';
import { createVideoWithPopups } from './support/popup-quiz';
import {
  checkScreen,
  checkTextScale,
  learnerPage,
  learnerRegister,
  learnerSignIn,
} from './support/learner';
import { joinProgram } from './support/members';
import { signedInPage } from './support/session';

// Ajar Belajar at 390 × 844 on the real built server: the whole journey of a new
// participant from the admin's voucher to the certificate, and the admin then seeing it in
// Kelola Nilai; a quiz answered offline arrives exactly once. The demo seed's program cannot be
// completed in a test (scheduled videos, offline meetings, evaluations), so the admin builds a
// small program here with one activity of each kind the journey needs (docs/decisions.md).

const app = useApp();
let staff: Api;
let topic: TopicRef;
let phone: OpenPage;
let page: Page;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const title = `Manajemen Keuangan Warung Sembako dan Usaha Rumahan ${stamp}`;
const participant = {
  fullname: `Dewi Anggraini ${stamp}`,
  email: `dewi-${stamp}@contoh.id`,
  phone: `62815${String(Date.now()).slice(-8)}`,
  password: 'Belajar2026',
};
const ids: Record<'video' | 'pre' | 'quiz' | 'post' | 'work' | 'meeting', string> = {
  video: '',
  pre: '',
  quiz: '',
  post: '',
  work: '',
  meeting: '',
};
let voucher = '';

/** `YYYY-MM-DD` in WIB, `d` days from today. */
const wibDay = (d: number) =>
  new Date(Date.now() + 7 * 3_600_000 + d * 86_400_000).toISOString().slice(0, 10);

/** A test activity with one packet of one multiple-choice question; its id. */
async function createTest(type: 'pre_test' | 'quiz' | 'post_test', name: string) {
  const id = await createActivity(staff, topic, {
    name,
    type,
    settings: {
      estimated_duration: 10,
      is_show_answer: 1,
      is_show_score: 1,
      is_skip: 0,
      is_show_timer: 1,
      timer: 10,
      opportunity_repeat_test: 1,
      set_minimum_value: { is_set: 1, minimum_value: 60 },
    },
  });
  const base = `/v1/packet/${topic.programId}/${topic.topicId}/${id}`;
  const packet = await staff<{ id: string }>('POST', `${base}/create`, {});
  await staff('PUT', `${base}/${packet.id}/save-section`, {
    section: { name: `Soal ${name}`, min_score: 0 },
    questions: [
      {
        type: 'multiple_choice',
        question: { text: '<p>Uang usaha sebaiknya dicatat di mana?</p>', media: null },
        options: [
          { text: 'Buku kas', media: null, point: 0 },
          { text: 'Ingatan saja', media: null, point: 0 },
        ],
        correct_answer: ['Buku kas'],
        point: 10,
        explanation: {
          correct: { text: '<p>Tepat.</p>', media: null },
          wrong: { text: '<p>Kurang tepat.</p>', media: null },
        },
      },
    ],
  });
  return id;
}

beforeAll(async () => {
  staff = await signedInApi(app.server.url);
  topic = await createProgramWithTopic(
    staff,
    {
      title,
      benefits: '<p>Mencatat uang masuk dan keluar usaha kecil.</p>',
      competence: 'Mencatat keuangan usaha',
      sellingPrice: 100000,
    },
    'Pencatatan Keuangan Harian',
  );
  ids.pre = await createTest('pre_test', 'Pre Test Keuangan');

  // A video (the real 12-second fixture) with a multiple-choice pop-up at second 1.
  ids.video = await createVideoWithPopups(
    staff,
    topic,
    'Video Mencatat Kas Harian',
    { skip: 0, minimum_score: 60 },
    [
      {
        second: 1,
        instruction: 'Jawab pertanyaan berikut.',
        gameplay: {
          type: 'multiple_choice',
          question: { text: 'Catatan uang keluar disebut?' },
          point: 10,
          time: 60,
          options: [{ text: 'Pengeluaran' }, { text: 'Pemasukan' }],
          correct_answers: ['Pengeluaran'],
          explanation: { text: 'Uang keluar dicatat sebagai pengeluaran.' },
        },
      },
    ],
  );

  ids.quiz = await createTest('quiz', 'Kuis Buku Kas');
  ids.work = await createActivity(staff, topic, {
    name: 'Praktek Membuat Buku Kas',
    type: 'praktek_mandiri',
    content: { description: '<p>Unggah foto buku kas usaha Anda selama satu pekan.</p>' },
  });
  // A meeting open today and tomorrow (WIB) all day, so it is open whenever the test runs.
  ids.meeting = await createActivity(staff, topic, {
    name: 'Diskusi Daring Pekan 1',
    type: 'berdiskusi_daring',
    content: {
      meeting: {
        link: 'https://meet.contoh.id/keuangan',
        is_day: '2',
        dates: [0, 1].map((d) => ({
          date: wibDay(d),
          times: [{ start_time: '00:00', end_time: '23:59' }],
        })),
      },
    },
  });
  ids.post = await createTest('post_test', 'Post Test Keuangan');
  await staff('PUT', `/program/v1/company/update-status/${topic.programId}`, {
    status: 'publish',
  });
  const batch = await staff<{ codes: string[] }>(
    'POST',
    `/program/v1/company/voucher/${topic.programId}/generate`,
    { count: 1 },
  );
  voucher = batch.codes[0]!;
  phone = await learnerPage(app.browser, app.server.url);
  page = phone.page;
}, 180_000);

/** The program's row of activity `name` on program detail. */
const activityRow = (name: string) => page.getByRole('link', { name: new RegExp(name) });

/** Opens activity `name` from program detail and waits for its title. */
async function openActivity(name: string) {
  await page.goto(`/belajar/program/${topic.programId}`);
  await activityRow(name).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** Takes the one-question test that is open on the page and waits for its result. */
async function takeTest(name: string) {
  await page.getByRole('button', { name: 'Mulai', exact: true }).click();
  await page.getByRole('heading', { name: `Soal ${name}` }).waitFor();
  await checkScreen(page, `tes-${name}`);
  await page.getByRole('radio', { name: 'Buku kas', exact: true }).check();
  await page.getByRole('button', { name: 'Kirim Jawaban' }).click();
  const result = page.getByRole('region', { name: /Hasil/ }).first();
  await result.waitFor();
  await result.getByText('100').first().waitFor();
  // The activity's minimum from its settings, not 'tidak diatur'.
  await result.getByText('Nilai Minimal: 60').waitFor();
  await checkScreen(page, `hasil-${name}`);
}

describe('Ajar Belajar: the participant journey', () => {
  it('registers, redeems the admin’s voucher and opens the program', async () => {
    await page.goto('/belajar/daftar');
    await page.getByRole('heading', { name: 'Daftar' }).waitFor();
    await learnerRegister(page, participant);
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();

    await page.getByRole('link', { name: 'Tukar Voucher' }).first().click();
    await page.getByLabel('Kode voucher').fill(voucher);
    await page.getByLabel('Kode redeem').fill(`PMO${stamp}`.toUpperCase());
    await page.getByRole('button', { name: 'Tukar Voucher', exact: true }).click();
    const card = page.getByRole('listitem').filter({ hasText: title });
    await card.getByRole('link', { name: 'Mulai belajar' }).waitFor();
    await page.goto(`/belajar/program/${topic.programId}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    // Everything after the pre-test waits for it, with the reason on the row.
    await activityRow('Pre Test Keuangan').waitFor();
    await page
      .getByText('Selesaikan aktivitas "Pre Test Keuangan" terlebih dahulu')
      .first()
      .waitFor();
    await checkScreen(page, 'program-detail');
    await checkTextScale(page, 'program-detail');
  });

  it('takes the pre-test first (the rest is locked until then) and sees its result', async () => {
    await openActivity('Pre Test Keuangan');
    await checkScreen(page, 'pre-test');
    await checkTextScale(page, 'pre-test');
    await takeTest('Pre Test Keuangan');
  });

  it('plays the video and answers its pop-up, scored by the server', async () => {
    await openActivity('Video Mencatat Kas Harian');
    await page.locator('video').waitFor();
    await checkScreen(page, 'video');
    // Where the pop-ups are is not told ahead of time (the staff preview's timeline).
    expect(await page.getByText('Posisi pop up quiz').count()).toBe(0);
    await checkTextScale(page, 'video');
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.play());
    const popup = page.getByRole('dialog', { name: 'Pop up quiz' });
    await popup.getByText('Jawab pertanyaan berikut.').waitFor();
    await checkScreen(page, 'video-popup');
    await popup.getByRole('button', { name: /Pengeluaran/ }).click();
    await popup.getByText('Benar! +10 poin').waitFor();
    await popup.getByRole('button', { name: 'Lihat hasil' }).click();
    await popup.getByRole('button', { name: 'Lanjutkan Video' }).click();
    await popup.waitFor({ state: 'detached' });
    // No button: the server counts the seconds played and completes it at the end.
    expect(await page.getByRole('button', { name: 'Selesai menonton' }).count()).toBe(0);
    await page.getByText(/^Ditonton 100 % · selesai$/).waitFor({ timeout: 30_000 });
    await page.getByText('Selesai', { exact: true }).first().waitFor();
  });

  it('takes the quiz and sees its result', async () => {
    await openActivity('Kuis Buku Kas');
    await takeTest('Kuis Buku Kas');
  });

  it('uploads the practice work', async () => {
    await openActivity('Praktek Membuat Buku Kas');
    await checkScreen(page, 'praktek');
    await checkTextScale(page, 'praktek');
    await page
      .getByLabel('File tugas')
      .setInputFiles(tmpFile('buku-kas-dewi.png', png(24, 24, [200, 180, 40])));
    await page.getByLabel('Catatan (opsional)').fill('Buku kas pekan pertama');
    await page.getByRole('button', { name: 'Unggah Tugas', exact: true }).click();
    await page.getByRole('heading', { name: 'Tugas terkirim' }).waitFor();
    await page.getByText('buku-kas-dewi.png').waitFor();
    await checkScreen(page, 'praktek-terkirim');
  });

  it('checks in to the meeting with Presensi', async () => {
    await openActivity('Diskusi Daring Pekan 1');
    await page.getByText(/^Presensi dibuka untuk jadwal/).waitFor();
    await checkScreen(page, 'pertemuan');
    await checkTextScale(page, 'pertemuan');
    await page.getByRole('button', { name: 'Presensi', exact: true }).click();
    await page.getByText('Presensi berhasil').waitFor();
  });

  it('takes the post-test and sees its result', async () => {
    await openActivity('Post Test Keuangan');
    await takeTest('Post Test Keuangan');
  });

  it('finishes the program and downloads the certificate PDF', async () => {
    await page.goto(`/belajar/program/${topic.programId}`);
    await expect
      .poll(() => page.getByRole('progressbar').first().getAttribute('aria-valuenow'))
      .toBe('100');
    // The pop-up's points, as the server scored them, on the video's row.
    await activityRow('Video Mencatat Kas Harian').getByText('Menonton Video · Skor 100').waitFor();
    await page.getByRole('button', { name: 'Sertifikat', exact: true }).click();
    await page.getByRole('heading', { name: 'Sertifikat' }).waitFor();
    await checkScreen(page, 'program-selesai');
    await checkTextScale(page, 'program-selesai');
    const pdf = page.waitForResponse((r) => r.url().endsWith('/certificate/pdf'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh Sertifikat (PDF)' }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^sertifikat-.*\.pdf$/);
    expect(
      fs
        .readFileSync((await saved.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('the admin sees that progress, those scores and that work in Kelola Nilai', async () => {
    const admin = (await signedInPage(app.browser, app.server.url, { width: 1366, height: 860 }))
      .page;
    await admin.goto(`/kelola-nilai?q=${encodeURIComponent(stamp)}`);
    const programRow = admin.getByRole('row').filter({ hasText: title });
    await programRow.getByRole('link', { name: 'Beri Nilai' }).click();
    await admin.getByRole('table', { name: 'Daftar Peserta' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: participant.fullname });
    await row.getByText('100%').waitFor();
    await row.getByRole('button', { name: /Detail Aktivitas/ }).click();
    const dialog = admin.getByRole('dialog', { name: /Detail Aktivitas/ });
    const work = dialog.getByRole('listitem', { name: 'Praktek Membuat Buku Kas' });
    await work.getByText('buku-kas-dewi.png').waitFor();
    await work.getByText('Catatan peserta: Buku kas pekan pertama').waitFor();
    for (const name of ['Pre Test Keuangan', 'Kuis Buku Kas', 'Post Test Keuangan'])
      await dialog.getByRole('listitem', { name }).getByText(/100/).first().waitFor();
  });
});

describe('Ajar Belajar: a quiz answered offline', () => {
  it('keeps the answer offline and sends it exactly once back online', async () => {
    const other = await joinProgram(app, staff, topic.programId, `Bayu Pratama ${stamp}`, {
      n: 1,
    });
    const offlinePhone = await learnerPage(app.browser, app.server.url);
    page = offlinePhone.page;
    await page.goto('/belajar/masuk');
    await learnerSignIn(page, other.email, 'Rahasia123');
    await page.waitForURL('**/belajar/');
    // The pre-test: the program's first activity, the one a new participant can open.
    await openActivity('Pre Test Keuangan');
    await page.getByRole('button', { name: 'Mulai', exact: true }).click();
    await page.getByRole('heading', { name: 'Soal Pre Test Keuangan' }).waitFor();

    await offlinePhone.context.setOffline(true);
    await page.getByRole('radio', { name: 'Buku kas', exact: true }).check();
    await page.getByRole('button', { name: 'Kirim Jawaban' }).click();
    await page.getByText('Tersimpan, akan dikirim saat online').waitFor();
    await checkScreen(page, 'kuis-offline');

    await offlinePhone.context.setOffline(false);
    const detail = () =>
      other.member<{ history: { submitted_at: string | null; score: number | null }[] }>(
        'GET',
        `/member/v1/program/${topic.programId}/activity/${ids.pre}`,
      );
    await expect
      .poll(async () => (await detail()).history.filter((h) => h.submitted_at !== null).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const { history } = await detail();
    expect(history).toHaveLength(1);
    expect(history[0]!.score).toBe(100);
  });
});
