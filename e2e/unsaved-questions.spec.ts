import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useAdminApp } from './support/app';
import { snap } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import {
  breadcrumbPrograms,
  confirmDialog,
  expectGuardAndStay as expectGuardAndStayAt,
  expectLeaveFreely,
  fieldLabel,
  guard,
  openQuestionsTab,
  question,
  section,
  settle,
} from './support/locators';

/**
 * The 'Pertanyaan' tab under the activity screen's unsaved-changes guard: an edited question, a
 * new section, the footer 'Batal', a save that clears it and a delete that does not raise it.
 */

const app = useAdminApp({ width: 1280, height: 900 });

let programId: string;
let topicId: string;
let quizId: string;
let packetId: string;

const stamp = Date.now().toString(36);

interface GroupOut {
  section: { name: string } | null;
  list_question: { id: string; question: { text: string } }[];
}

const groups = () =>
  app
    .api<{ list: GroupOut[] }>(
      'GET',
      `/v1/group/${programId}/${topicId}/${quizId}/${packetId}/list`,
    )
    .then((d) => d.list);

const mcQuestion = (text: string, right: string, wrong: string) => ({
  type: 'multiple_choice',
  question: { text: `<p>${text}</p>`, media: null },
  options: [
    { text: right, media: null, point: 0 },
    { text: wrong, media: null, point: 0 },
  ],
  correct_answer: [right],
  point: 5,
  explanation: {
    correct: { text: '<p>Tepat.</p>', media: null },
    wrong: { text: '<p>Kurang tepat.</p>', media: null },
  },
});

const editPath = () => `/program/${programId}/${topicId}/${quizId}/edit`;
const questionText = (scope: Locator) =>
  scope.getByRole('textbox', { name: 'Pertanyaan', exact: true });

async function openQuestions(page: Page) {
  await openQuestionsTab(page, editPath());
  await question(section(page, 1), 1).waitFor();
}

/** The guard shows with its message; its 'Batal' keeps the screen as it was. */
const expectGuardAndStay = (page: Page) =>
  expectGuardAndStayAt(
    page,
    editPath(),
    'Perubahan pada aktivitas ini belum disimpan. Tinggalkan halaman ini?',
  );

beforeAll(async () => {
  const topic = await createProgramWithTopic(
    app.api,
    {
      title: `Pembukuan UMKM ${stamp}`,
      benefits: '<p>Belajar pembukuan sederhana.</p>',
      competence: 'Pembukuan',
      sellingPrice: 120000,
    },
    'Arus Kas',
  );
  ({ programId, topicId } = topic);
  quizId = await createActivity(app.api, topic, { name: 'Kuis Arus Kas', type: 'quiz' });
  packetId = (
    await app.api<{ id: string }>('POST', `/v1/packet/${programId}/${topicId}/${quizId}/create`, {})
  ).id;
  await app.api('PUT', `/v1/packet/${programId}/${topicId}/${quizId}/${packetId}/save-section`, {
    section: { name: 'Dasar Arus Kas', min_score: 50 },
    questions: [
      mcQuestion('Uang masuk dicatat sebagai?', 'Pemasukan', 'Pengeluaran'),
      mcQuestion('Membeli bahan baku termasuk?', 'Pengeluaran', 'Pemasukan'),
    ],
  });
}, 120_000);

describe('unsaved questions', () => {
  it('asks before leaving an edited question, until its section is saved', async () => {
    const page = app.admin.page;
    await openQuestions(page);
    const q1 = question(section(page, 1), 1);
    const editor = questionText(q1);
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' (kas)');
    await expect.poll(() => editor.innerText()).toBe('Uang masuk dicatat sebagai? (kas)');

    await breadcrumbPrograms(page).click();
    await guard(page).waitFor();
    await settle(page);
    await snap(page, 'unsaved-question-guard');
    await expectGuardAndStay(page);
    expect(await editor.innerText()).toBe('Uang masuk dicatat sebagai? (kas)');

    // The footer 'Batal' navigates too: the same question.
    await page.getByRole('button', { name: 'Batal', exact: true }).click();
    await expectGuardAndStay(page);
    expect(await editor.innerText()).toBe('Uang masuk dicatat sebagai? (kas)');

    await section(page, 1).getByRole('button', { name: 'Simpan section' }).click();
    await page.getByText('Section berhasil disimpan', { exact: true }).first().waitFor();
    await expectLeaveFreely(page);
    const [saved] = await groups();
    expect(saved!.list_question[0]!.question.text).toBe('<p>Uang masuk dicatat sebagai? (kas)</p>');
  });

  it('asks for a new section, and leaves it behind on "Tinggalkan"', async () => {
    const page = app.admin.page;
    await openQuestions(page);
    await page.getByRole('button', { name: 'Tambah section' }).click();
    await section(page, 2).waitFor();
    await breadcrumbPrograms(page).click();
    await guard(page).getByRole('button', { name: 'Tinggalkan' }).click();
    await page.waitForURL((url) => url.pathname === '/program' || url.pathname === '/program/');
    expect(await groups()).toHaveLength(1);
  });

  it('does not ask after deleting a saved question, nor for an edit typed back', async () => {
    const page = app.admin.page;
    await openQuestions(page);
    const s1 = section(page, 1);
    // Typed and typed back: nothing differs from the saved section.
    await section(page, 1).getByLabel(fieldLabel('Nama')).fill('Dasar Arus Kas!');
    await section(page, 1).getByLabel(fieldLabel('Nama')).fill('Dasar Arus Kas');
    await question(s1, 2).getByRole('button', { name: 'Hapus soal nomor 2' }).click();
    await confirmDialog(page, 'Hapus Soal');
    await question(s1, 2).waitFor({ state: 'detached' });
    await expect.poll(async () => (await groups())[0]!.list_question.length).toBe(1);
    await expectLeaveFreely(page);
  });
});
