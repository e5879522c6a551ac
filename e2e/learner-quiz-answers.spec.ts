import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure, type OpenPage } from './support/browser';
import {
  choiceQuestion,
  createProgramWithTopic,
  createQuizWithQuestions,
  type TopicRef,
} from './support/data';
import { checkScreen, learnerPage, learnerSignIn } from './support/learner';

// Ajar Belajar at 390 px: the answers of a running quiz are never lost. A demo participant
// answers two questions, reloads, goes back and forward, and sees them each time; then answers
// a third offline, comes back online and submits once: the server holds one submitted attempt
// with all three answers.

const app = useApp();
let staff: Api;
let member: Api;
let topic: TopicRef;
let quizId = '';
let phone: OpenPage;
let page: Page;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const demoEmail = 'peserta7@ajar.test';
const name = 'Kuis Jawaban Aman';
const questions = [
  { text: 'Uang usaha dicatat di mana?', right: 'Buku kas', wrong: 'Ingatan saja' },
  { text: 'Uang keluar disebut?', right: 'Pengeluaran', wrong: 'Pemasukan' },
  { text: 'Kapan kas dihitung?', right: 'Setiap hari', wrong: 'Setahun sekali' },
];

beforeAll(async () => {
  staff = await signedInApi(app.server.url);
  topic = await createProgramWithTopic(
    staff,
    {
      title: `Jawaban Tidak Hilang ${stamp}`,
      benefits: '<p>Mencatat kas.</p>',
      competence: 'Mencatat keuangan usaha',
      sellingPrice: 100000,
    },
    'Pencatatan Kas',
  );
  quizId = await createQuizWithQuestions(
    staff,
    topic,
    {
      name,
      type: 'quiz',
      settings: {
        estimated_duration: 10,
        is_show_score: 1,
        is_skip: 1,
        is_show_timer: 1,
        timer: 10,
        opportunity_repeat_test: 0,
      },
    },
    { name: 'Soal Kas', min_score: 0 },
    questions.map((q) => choiceQuestion(q)),
  );
  await staff('PUT', `/program/v1/company/update-status/${topic.programId}`, {
    status: 'publish',
  });
  // The demo participant joins the program with a voucher the admin made.
  const batch = await staff<{ codes: string[] }>(
    'POST',
    `/program/v1/company/voucher/${topic.programId}/generate`,
    { count: 1 },
  );
  const signedIn = await apiClient(app.server.url)<{ token: string }>('POST', '/member/v1/login', {
    email: demoEmail,
    password: 'Rahasia123',
  });
  member = apiClient(app.server.url, signedIn.token);
  await member('POST', '/member/v1/redeem', {
    license: batch.codes[0]!,
    pmo_code: `PMO${stamp.toUpperCase()}`,
  });

  phone = await learnerPage(app.browser, app.server.url);
  page = phone.page;
  // Leaving the running quiz by a reload asks the browser's own question: the test says yes.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/belajar/masuk');
  await learnerSignIn(page, demoEmail, 'Rahasia123');
  await page.waitForURL('**/belajar/');
}, 180_000);

const group = (n: number) => page.getByRole('radiogroup', { name: `Jawaban nomor ${n}` });
const option = (n: number, text: string) =>
  group(n).getByRole('radio', { name: text, exact: true });

/** The answers the server holds for the running attempt (a resume of it answers them). */
async function serverAnswers() {
  const start = await member<{ answers: Record<string, number> }>(
    'POST',
    `/member/v1/program/${topic.programId}/activity/${quizId}/quiz/start`,
  );
  return Object.keys(start.answers).length;
}

async function seesTwoAnswers() {
  await page.getByText('2 dari 3 soal terjawab').waitFor();
  expect(await option(1, questions[0]!.right).isChecked()).toBe(true);
  expect(await option(2, questions[1]!.right).isChecked()).toBe(true);
  expect(await option(3, questions[2]!.right).isChecked()).toBe(false);
}

describe('Ajar Belajar: quiz answers are never lost', () => {
  it('keeps two answers through a reload', async () => {
    await page.goto(`/belajar/program/${topic.programId}`);
    await page.getByRole('link', { name: new RegExp(name) }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Mulai', exact: true }).click();
    await page.getByText('0 dari 3 soal terjawab').waitFor();
    await option(1, questions[0]!.right).check();
    await option(2, questions[1]!.right).check();
    await expect.poll(serverAnswers, { timeout: 15_000 }).toBe(2);

    await page.reload();
    await seesTwoAnswers();
    await checkScreen(page, 'kuis-dilanjutkan');
  });

  it('asks before leaving, and keeps the answers through back and forward', async () => {
    await page.goBack({ waitUntil: 'commit' });
    const ask = page.getByRole('alertdialog', { name: 'Tinggalkan kuis?' });
    await ask.waitFor();
    await checkScreen(page, 'kuis-tinggalkan');
    await ask.getByRole('button', { name: 'Tinggalkan' }).click();
    await page.getByRole('link', { name: new RegExp(name) }).waitFor();
    await page.goForward({ waitUntil: 'commit' });
    await seesTwoAnswers();
  });

  it('answers offline, comes back and submits once', async () => {
    await phone.context.setOffline(true);
    await option(3, questions[2]!.right).check();
    await page.getByText('3 dari 3 soal terjawab').waitFor();
    await phone.context.setOffline(false);
    // The answer kept offline arrives by itself once the connection is back.
    await expect.poll(serverAnswers, { timeout: 30_000 }).toBe(3);
    await page.getByRole('button', { name: 'Kirim Jawaban' }).click();
    const result = page.getByRole('region', { name: /Hasil/ }).first();
    await result.getByText('100').first().waitFor();

    const detail = await member<{ history: { submitted_at: string | null; score: number }[] }>(
      'GET',
      `/member/v1/program/${topic.programId}/activity/${quizId}`,
    );
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]!.submitted_at).not.toBeNull();
    expect(detail.history[0]!.score).toBe(100);
  });
});
