import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure, type OpenPage } from './support/browser';
import {
  choiceQuestion,
  createActivity,
  createProgramWithTopic,
  createQuizWithQuestions,
  type TopicRef,
} from './support/data';
import { checkScreen, learnerPage, learnerSignIn } from './support/learner';
import { joinProgram } from './support/members';
import { createVideoWithPopups } from './support/popup-quiz';

// Ajar Belajar at 390 px: learning from mistakes. A participant takes a quiz whose settings show
// the answers and lands on the score with the staff's explanations; a quiz that hides them shows
// none. A video's pop-up tells its explanation only when 'Tampilkan Pembahasan' is on. The
// program screen counts what is done per topic, and 'Nilai' lists every scored activity.

const app = useApp();
let staff: Api;
let topic: TopicRef;
let lockedPageId = '';
let phone: OpenPage;
let page: Page;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const open = 'Kuis Dengan Pembahasan';
const closed = 'Kuis Tanpa Pembahasan';
const videoShown = 'Video Dengan Pembahasan';
const videoHidden = 'Video Tanpa Pembahasan';
const required = 'Kuis Wajib';
const lockedPage = 'Halaman Penutup';
const questions = [
  { text: 'Uang usaha dicatat di mana?', right: 'Buku kas', wrong: 'Ingatan saja' },
  { text: 'Uang keluar disebut?', right: 'Pengeluaran', wrong: 'Pemasukan' },
  { text: 'Kapan kas dihitung?', right: 'Setiap hari', wrong: 'Setahun sekali' },
];

/** Timer 15 minutes, one retake, 60 passes; 'Skip' on, so nothing after it is locked. */
const quizSettings = (isShowAnswer: 0 | 1) => ({
  estimated_duration: 10,
  is_show_score: 1,
  is_show_answer: isShowAnswer,
  is_skip: 1,
  timer: 15,
  opportunity_repeat_test: 1,
  set_minimum_value: { is_set: 1, minimum_value: 60 },
});

function createQuiz(name: string, isShowAnswer: 0 | 1) {
  const activity = { name, type: 'quiz', settings: quizSettings(isShowAnswer) };
  return createQuizWithQuestions(
    staff,
    topic,
    activity,
    { name: 'Soal Kas', min_score: 0 },
    questions.map((q) =>
      choiceQuestion(q, {
        correct: `<p>Tepat: <strong>${q.right}</strong>.</p>`,
        wrong: `<p>Kurang tepat, jawabannya ${q.right}.</p>`,
      }),
    ),
  );
}

const popup = (text: string) => ({
  second: 1,
  instruction: 'Jawab pertanyaan berikut.',
  gameplay: {
    type: 'multiple_choice',
    question: { text: 'Catatan uang keluar disebut?' },
    point: 10,
    time: 60,
    options: [{ text: 'Pengeluaran' }, { text: 'Pemasukan' }],
    correct_answers: ['Pengeluaran'],
    explanation: { text },
  },
});

beforeAll(async () => {
  staff = await signedInApi(app.server.url);
  topic = await createProgramWithTopic(
    staff,
    {
      title: `Belajar Dari Kesalahan ${stamp}`,
      benefits: '<p>Mencatat kas.</p>',
      competence: 'Mencatat keuangan usaha',
      sellingPrice: 100000,
    },
    'Pencatatan Kas',
  );
  await createQuiz(open, 1);
  await createQuiz(closed, 0);
  await createVideoWithPopups(
    staff,
    topic,
    videoShown,
    { skip: 0, minimum_score: 0, show_explanation: 1, show_answer_explanation: 0 },
    [popup('Uang keluar dicatat sebagai pengeluaran.')],
  );
  await createVideoWithPopups(
    staff,
    topic,
    videoHidden,
    { skip: 0, minimum_score: 0, show_explanation: 0, show_answer_explanation: 0 },
    [popup('Penjelasan yang tidak boleh tampil.')],
  );
  // A quiz that must be completed ('Skip' off) locks the page after it.
  await createActivity(staff, topic, {
    name: required,
    type: 'quiz',
    settings: { is_show_score: 1, is_skip: 0, opportunity_repeat_test: 0 },
  });
  lockedPageId = await createActivity(staff, topic, { name: lockedPage, type: 'general' });
  await staff('PUT', `/program/v1/company/update-status/${topic.programId}`, {
    status: 'publish',
  });
  const joined = await joinProgram(app, staff, topic.programId, 'Peserta Belajar');
  phone = await learnerPage(app.browser, app.server.url);
  page = phone.page;
  await page.goto('/belajar/masuk');
  await learnerSignIn(page, joined.email, 'Rahasia123');
  await page.waitForURL('**/belajar/');
}, 180_000);

const option = (n: number, text: string) =>
  page
    .getByRole('radiogroup', { name: `Jawaban nomor ${n}` })
    .getByRole('radio', { name: text, exact: true });

async function openActivity(name: string) {
  await page.goto(`/belajar/program/${topic.programId}`);
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** Two right answers of three (66,67), submitted. */
async function takeQuiz(name: string) {
  await openActivity(name);
  await page.getByRole('button', { name: 'Mulai', exact: true }).click();
  await page.getByText('0 dari 3 soal terjawab').waitFor();
  await option(1, questions[0]!.right).check();
  await option(2, questions[1]!.right).check();
  await option(3, questions[2]!.wrong).check();
  await page.getByRole('button', { name: 'Kirim Jawaban' }).click();
  return page.getByRole('region', { name: 'Hasil kuis' });
}

/** Nothing on the page is wider than the phone. */
const pageFits = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('Ajar Belajar: explanations, the score in view, progress per topic and Nilai', () => {
  it('tells what the quiz is in plain words before it starts', async () => {
    await openActivity(open);
    const intro = page.getByRole('region', { name: 'Tentang kuis ini' });
    await intro.getByText('Kuis ini terdiri dari 3 soal.').waitFor();
    await intro
      .getByText('Waktu mengerjakan 15 menit, dihitung sejak Anda menekan Mulai.')
      .waitFor();
    await intro.getByText('Sisa kesempatan mengerjakan: 2 kali.').waitFor();
    await intro.getByText('Anda lulus dengan nilai minimal 60 (dari 100).').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/Skip|Acak Soal|Section|Minimal Score/);
    await checkScreen(page, 'kuis-pengantar');
  });

  it('lands on the score after submitting, with the explanations the settings allow', async () => {
    const result = await takeQuiz(open);
    await result.waitFor();
    expect(await result.getByLabel('Skor', { exact: true }).textContent()).toBe('66,67');
    // The score is in view (below the app bar) and has the focus.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const box = document.querySelector('.quiz-result')!.getBoundingClientRect();
          const bar = document.querySelector('.app-bar')!.getBoundingClientRect();
          return box.top >= bar.bottom - 1 && box.top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('quiz-result');
    await checkScreen(page, 'kuis-hasil');

    // The result table stays inside the phone's width.
    expect(await pageFits()).toBe(true);
    const table = result.getByRole('table', { name: 'Skor per bagian' });
    expect(await table.evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0))).toBe(
      true,
    );

    const right = page.getByRole('complementary', { name: 'Pembahasan nomor 1' });
    await right.getByText('Tepat: Buku kas.').waitFor();
    expect(await right.locator('strong').textContent()).toBe('Buku kas');
    await page
      .getByRole('complementary', { name: 'Pembahasan nomor 3' })
      .getByText('Kurang tepat, jawabannya Setiap hari.')
      .waitFor();
    await page.getByRole('complementary', { name: 'Pembahasan nomor 3' }).scrollIntoViewIfNeeded();
    await checkScreen(page, 'kuis-pembahasan');
  });

  it("shows no explanation when 'Tampilkan Jawaban' is off", async () => {
    const result = await takeQuiz(closed);
    expect(await result.getByLabel('Skor', { exact: true }).textContent()).toBe('66,67');
    expect(await page.getByRole('region', { name: 'Pembahasan jawaban' }).count()).toBe(0);
    expect(await page.getByText(/Kurang tepat|Tepat:/).count()).toBe(0);
  });

  it("shows a pop-up's explanation with 'Tampilkan Pembahasan', and none without", async () => {
    await openActivity(videoShown);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.play());
    let dialog = page.getByRole('dialog', { name: 'Pop up quiz' });
    await dialog.getByRole('button', { name: /Pemasukan/ }).click();
    await dialog
      .getByRole('complementary', { name: 'Pembahasan' })
      .getByText('Uang keluar dicatat sebagai pengeluaran.')
      .waitFor();
    // Right or wrong is the correction setting's, which is off.
    expect(await dialog.getByText('Jawaban salah.').count()).toBe(0);
    await checkScreen(page, 'popup-pembahasan');
    await dialog.getByRole('button', { name: 'Lihat hasil' }).click();
    await dialog.getByRole('button', { name: 'Lanjutkan Video' }).click();
    await dialog.waitFor({ state: 'detached' });

    await openActivity(videoHidden);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.play());
    dialog = page.getByRole('dialog', { name: 'Pop up quiz' });
    await dialog.getByRole('button', { name: /Pemasukan/ }).click();
    await dialog.getByRole('button', { name: 'Lanjutkan Video' }).waitFor();
    expect(await dialog.getByRole('complementary', { name: 'Pembahasan' }).count()).toBe(0);
    expect(await page.getByText('Penjelasan yang tidak boleh tampil.').count()).toBe(0);
  });

  it('counts what is done per topic on the program screen', async () => {
    await page.goto(`/belajar/program/${topic.programId}`);
    // Both quizzes passed (66,67 ≥ 60); the videos are not watched to the end.
    await page
      .getByRole('progressbar', { name: 'Progres Pencatatan Kas: 2 dari 6 aktivitas selesai' })
      .waitFor();
    await page.getByText('2 dari 6 aktivitas selesai').waitFor();
    await checkScreen(page, 'program-progres-topik');
  });

  it("lists every scored activity on 'Nilai'", async () => {
    await page.getByRole('link', { name: 'Nilai', exact: true }).click();
    await page.getByRole('heading', { name: 'Nilai', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Nilai Pencatatan Kas' });
    const card = list.getByRole('listitem').filter({ hasText: open }).first();
    expect(await card.getByLabel(`Nilai ${open}`).textContent()).toBe('66,67');
    await card.getByText('Lulus', { exact: true }).waitFor();
    await card.getByText('1 dari 2 kesempatan terpakai').waitFor();
    await card.getByText('Nilai minimal untuk lulus: 60').waitFor();
    expect(await list.getByRole('link').allTextContents()).toEqual([open, closed, required]);
    expect(await pageFits()).toBe(true);
    await checkScreen(page, 'nilai');
    await card.getByRole('link', { name: open }).click();
    await page.getByRole('heading', { name: open, level: 1 }).waitFor();
  });

  it('explains a locked activity, tapped on the list or opened by its address', async () => {
    await page.goto(`/belajar/program/${topic.programId}`);
    const card = page.getByRole('button', { name: new RegExp(lockedPage) });
    await card.getByText(`Selesaikan aktivitas "${required}" terlebih dahulu`).waitFor();
    expect(await card.getAttribute('aria-expanded')).toBe('false');
    await card.click();
    expect(await card.getAttribute('aria-expanded')).toBe('true');
    const note = page.locator(`#${await card.getAttribute('aria-controls')}`);
    await note
      .getByText(`Aktivitas ini belum terbuka. Selesaikan "${required}" terlebih dahulu.`)
      .waitFor();
    await note.getByRole('link', { name: `Buka ${required}` }).waitFor();
    await checkScreen(page, 'kartu-terkunci');

    // Opened by its address: the same explanation, not an error to retry.
    await page.goto(`/belajar/program/${topic.programId}/activity/${lockedPageId}`);
    const locked = page.getByRole('region', { name: 'Aktivitas ini belum terbuka' });
    await locked.getByText(`Selesaikan aktivitas "${required}" terlebih dahulu`).waitFor();
    expect(await page.getByRole('button', { name: 'Coba lagi' }).count()).toBe(0);
    await checkScreen(page, 'aktivitas-terkunci');
    await locked.getByRole('link', { name: `Buka ${required}` }).click();
    await page.getByRole('heading', { name: required, level: 1 }).waitFor();
    // 'Berikutnya' never leads to the locked page: the list instead.
    const nav = page.getByRole('navigation', { name: 'Aktivitas lain' });
    await nav.getByRole('link', { name: 'Daftar aktivitas' }).waitFor();
    expect(await nav.getByRole('link', { name: /Berikutnya/ }).count()).toBe(0);
  });
});
