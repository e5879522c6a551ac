import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useAdminApp } from './support/app';
import { snap } from './support/browser';
import { findSeededActivity, showActivity } from './support/data';
import {
  breadcrumbPrograms,
  confirmDialog,
  expectGuardAndStay as expectGuardAndStayAt,
  expectLeaveFreely,
  guard,
  openTab,
  quizCard,
  radio,
  readyStrip,
  settle,
  text,
} from './support/locators';

/**
 * The 'Pop up Quiz' tab under the activity screen's unsaved-changes guard, on the demo video
 * with four pop-up quizzes: an edited question, a moved second, changed settings, the editor's
 * own 'Batal', saves that clear it and a delete that does not raise it.
 */

const app = useAdminApp({ width: 1366, height: 900 });

let programId: string;
let topicId: string;
let videoId: string;

interface StoredQuiz {
  setting: { skip: number };
  quizzes: { type: string; second: number; gameplays: string[] }[];
}

const showVideo = () =>
  showActivity<{ quiz: StoredQuiz | null }>(app.api, { programId, topicId }, videoId).then(
    (a) => a.quiz!,
  );

/** The demo seed's video with four pop-up quizzes (the first program's first video). */
async function findSeededVideo() {
  const found = await findSeededActivity(
    app.api,
    'the demo video with pop-up quizzes is missing',
    async (where, activity) => {
      if (activity.type !== 'menonton_video') return false;
      const shown = await showActivity<{ quiz: StoredQuiz | null }>(app.api, where, activity.id);
      return shown.quiz?.quizzes.length === 4;
    },
  );
  return { programId: found.programId, topicId: found.topicId, videoId: found.activityId };
}

const editPath = () => `/program/${programId}/${topicId}/${videoId}/edit`;
const expectGuardAndStay = (page: Page) => expectGuardAndStayAt(page, editPath());

async function openPopupQuizzes(page: Page, count = 4) {
  await page.goto(editPath());
  await openTab(page, 'Pop up Quiz', { exact: true });
  await page.getByRole('tab', { name: 'Pop Up Quiz', exact: true, selected: true }).waitFor();
  await expect.poll(() => page.getByTestId('popup-quiz').count()).toBe(count);
}

/** Deletes the one question of an expanded quiz card. */
async function deleteOnlyQuestion(page: Page, card: Locator) {
  await card.getByRole('button', { name: 'Hapus Soal 1' }).click();
  await confirmDialog(page, 'Hapus Soal');
  await text(page, 'Soal berhasil dihapus.').waitFor();
  await card.getByTestId('popup-question').waitFor({ state: 'detached' });
}

/** Expands a collapsed quiz card. */
async function expand(card: Locator) {
  await card.getByRole('button', { expanded: false }).first().click();
  await card.getByRole('textbox', { name: 'Instruksi' }).waitFor();
}

beforeAll(async () => {
  ({ programId, topicId, videoId } = await findSeededVideo());
}, 180_000);

describe('unsaved pop-up quizzes', () => {
  it('asks before leaving an edited pop-up question, until it is saved', async () => {
    const { page } = app.admin;
    await openPopupQuizzes(page);
    const card = quizCard(page, 1);
    const field = card.getByLabel('Pertanyaan', { exact: true });
    const before = await field.inputValue();
    await field.fill(`${before} (UMKM)`);
    await card.getByText('Belum disimpan', { exact: true }).waitFor();

    await breadcrumbPrograms(page).click();
    await guard(page).waitFor();
    await settle(page);
    await snap(page, 'unsaved-popup-question-guard');
    await expectGuardAndStay(page);
    expect(await field.inputValue()).toBe(`${before} (UMKM)`);

    // The tab's own 'Batal' navigates too: the same question.
    await page.getByRole('button', { name: 'Batal', exact: true }).click();
    await expectGuardAndStay(page);
    expect(await field.inputValue()).toBe(`${before} (UMKM)`);

    await card.getByRole('button', { name: 'Simpan Soal' }).click();
    await text(page, 'Soal berhasil disimpan.').waitFor();
    await text(page, 'Data Pop Up Quiz berhasil diperbarui.').waitFor();
    await card.getByText('Tersimpan', { exact: true }).waitFor();
    await expectLeaveFreely(page);
    const quiz = await showVideo();
    const [saved] = await app.api<{ question: { text: string } | null }[]>(
      'GET',
      `/gameplay/v1/show_multi?ids=${quiz.quizzes[0]!.gameplays[0]}`,
    );
    expect(saved!.question!.text).toBe(`${before} (UMKM)`);
  }, 90_000);

  it('asks for a moved second until "Simpan Quiz"', async () => {
    const { page } = app.admin;
    await openPopupQuizzes(page);
    const card = quizCard(page, 2);
    await expand(card);
    const strip = await readyStrip(card);
    expect(await strip.getAttribute('aria-valuenow')).toBe('6');
    await strip.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => strip.getAttribute('aria-valuenow')).toBe('7');

    await breadcrumbPrograms(page).click();
    await expectGuardAndStay(page);
    expect(await strip.getAttribute('aria-valuenow')).toBe('7');

    await page.getByRole('button', { name: 'Simpan Quiz' }).click();
    await text(page, 'Data Pop Up Quiz berhasil diperbarui.').waitFor();
    await expectLeaveFreely(page);
    expect((await showVideo()).quizzes.map((q) => q.second)).toEqual([3, 7, 8, 10]);
  }, 90_000);

  it('asks for changed settings and leaves them behind on "Tinggalkan"', async () => {
    const { page } = app.admin;
    await openPopupQuizzes(page);
    await openTab(page, 'Pengaturan Pop Up Quiz', { exact: true });
    await radio(page, 'Skip', 'Ya').check();
    await breadcrumbPrograms(page).click();
    await guard(page).getByRole('button', { name: 'Tinggalkan' }).click();
    await page.waitForURL((url) => url.pathname === '/program' || url.pathname === '/program/');
    expect((await showVideo()).setting.skip).toBe(0);
  }, 60_000);

  it('does not ask after deleting a pop-up quiz', async () => {
    const { page } = app.admin;
    await openPopupQuizzes(page);
    const card = quizCard(page, 4);
    await expand(card);
    await card.getByRole('button', { name: 'Hapus Pop Up Quiz 4' }).click();
    await confirmDialog(page, 'Hapus Pop Up Quiz');
    await text(page, 'Pop Up Quiz berhasil dihapus.').waitFor();
    await expect.poll(() => page.getByTestId('popup-quiz').count()).toBe(3);
    await expectLeaveFreely(page);
    expect((await showVideo()).quizzes.map((q) => q.second)).toEqual([3, 7, 8]);
  }, 60_000);

  it('does not ask after deleting the only question of a quiz', async () => {
    const { page } = app.admin;
    await openPopupQuizzes(page, 3);
    const card = quizCard(page, 1);
    await deleteOnlyQuestion(page, card);
    await expectLeaveFreely(page);
    // The server drops a quiz left without questions.
    expect((await showVideo()).quizzes.map((q) => q.second)).toEqual([7, 8]);
  }, 60_000);

  it('asks for a new question in a quiz emptied by a delete, until it is saved', async () => {
    const { page } = app.admin;
    await openPopupQuizzes(page, 2);
    const card = quizCard(page, 1);
    const before = (await showVideo()).quizzes[0]!.gameplays;
    await deleteOnlyQuestion(page, card);
    await card.getByRole('button', { name: 'Tambah Soal' }).click();
    await card.getByText('Belum disimpan', { exact: true }).waitFor();
    await breadcrumbPrograms(page).click();
    await expectGuardAndStay(page);

    await card
      .getByLabel('Pertanyaan', { exact: true })
      .fill('Pemasaran digital hanya untuk perusahaan besar.');
    await card.getByRole('radio', { name: 'Jawaban benar: opsi 2' }).check();
    await card.getByLabel('Poin', { exact: true }).fill('5');
    await card.getByRole('button', { name: 'Simpan Soal' }).click();
    // The emptied quiz is stored again as a new one.
    await text(page, 'Data Pop Up Quiz berhasil diperbarui.').waitFor();
    await card.getByText('Tersimpan', { exact: true }).waitFor();
    await expectLeaveFreely(page);
    const after = await showVideo();
    expect(after.quizzes.map((q) => [q.second, q.type, q.gameplays.length])).toEqual([
      [7, 'jigsaw', 1],
      [8, 'matching_word', 1],
    ]);
    expect(after.quizzes[0]!.gameplays).not.toEqual(before);
  }, 60_000);
});
