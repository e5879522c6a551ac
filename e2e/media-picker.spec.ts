import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { findSeededActivity, uploadMediaThroughApi } from './support/data';
import { gradientPng, tmpFile, toneWav } from './support/files';
import { openQuestionsTab, question, settle } from './support/locators';

/**
 * The media picker 'Sisipkan image/audio' (spec 02 §2), driven from a question of a quiz
 * activity's 'Pertanyaan' tab: history with paging, upload with 'Information media', the
 * wrong-kind refusal, the audio list, and the picked media saved with the question.
 */

interface ApiMedia {
  id: string;
  public_url: string;
  title: string | null;
  caption: string | null;
  alt: string | null;
  description: string | null;
}

const app = useAdminApp({ width: 1366, height: 900 });

let editPath: string;

const stamp = Date.now().toString(36);
const seededImages = 11;
const seededAudio = 6;
/** The demo seed's program covers are images of the library too (apps/server/src/seed/covers.seed.ts). */
const demoCovers = 8;
const libraryImages = seededImages + demoCovers;
/** Shown after one 'More': two pages of 9. */
const afterMore = Math.min(18, libraryImages);

const uploadThroughApi = (name: string, bytes: Buffer, mime: string, title: string) =>
  uploadMediaThroughApi<ApiMedia>(app.api, { name, bytes, mime }, title);

/** A seeded quiz activity with questions, as `/program/{program}/{topic}/{id}/edit`. */
async function quizActivityWithQuestions(): Promise<string> {
  const found = await findSeededActivity(
    app.api,
    'no seeded quiz activity with questions',
    async ({ programId, topicId }, activity) => {
      if (activity.type !== 'quiz') return false;
      const packets = await app.api<{ list: { total_question: number }[] }>(
        'GET',
        `/v1/packet/${programId}/${topicId}/${activity.id}/list`,
      );
      return Boolean(packets.list[0]?.total_question);
    },
  );
  return `/program/${found.programId}/${found.topicId}/${found.activityId}/edit`;
}

const picker = (page: Page) => page.getByRole('dialog', { name: 'Sisipkan image/audio' });
/** The first question of the first section of the first packet. */
const firstQuestion = (page: Page) => question(page, 1).first();

async function openQuestions(page: Page) {
  await openQuestionsTab(page, editPath);
  await firstQuestion(page).waitFor();
}

async function openPicker(field: Locator) {
  await field.getByRole('button', { name: /^(Sisipkan image\/audio|Ganti)$/ }).click();
}

beforeAll(async () => {
  // More than one page of each kind (9 images, 5 audio per page), oldest first.
  for (let i = 1; i <= seededImages; i++) {
    await uploadThroughApi(
      `latihan-${i}.png`,
      gradientPng(160, 120, i),
      'image/png',
      `Gambar ${i}`,
    );
  }
  for (let i = 1; i <= seededAudio; i++) {
    await uploadThroughApi(`nada-${i}.wav`, toneWav(300 + i * 60), 'audio/wav', `Nada ${i}`);
  }
  editPath = await quizActivityWithQuestions();
});

snapOnFailure(() => app.admin?.page);

describe('media picker', () => {
  const uploadedTitle = `Diagram Alur ${stamp}`;

  it("pages the image history with 'More' and highlights a pick", async () => {
    const { page } = app.admin;
    await openQuestions(page);
    const imageField = firstQuestion(page).getByRole('group', { name: 'Gambar soal' });
    await openPicker(imageField);

    const dialog = picker(page);
    await dialog.getByRole('tab', { name: 'Riwayat', selected: true }).waitFor();
    const grid = dialog.getByRole('list', { name: 'Riwayat gambar' });
    await dialog.getByText(`Showing 9 from ${libraryImages}`, { exact: true }).waitFor();
    expect(await grid.getByRole('listitem').count()).toBe(9);
    // Newest first.
    expect(await grid.getByRole('button').first().getAttribute('aria-label')).toBe(
      `Gambar ${seededImages}`,
    );

    const pick = grid.getByRole('button', { name: 'Gambar 4', exact: true });
    await dialog.getByRole('button', { name: 'More' }).click();
    await dialog.getByText(`Showing ${afterMore} from ${libraryImages}`, { exact: true }).waitFor();
    expect(await grid.getByRole('listitem').count()).toBe(afterMore);
    expect(await dialog.getByRole('button', { name: 'More' }).count()).toBe(
      afterMore < libraryImages ? 1 : 0,
    );

    expect(await dialog.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(true);
    await pick.click();
    expect(await pick.getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Gambar 4');
    expect(await dialog.getByRole('button', { name: 'Lanjut' }).isEnabled()).toBe(true);
    await settle(page);
    await snap(page, 'media-picker-history');

    // Keyboard: Escape closes without choosing.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await imageField.getByRole('img').count()).toBe(0);
  });

  it('refuses a file of the wrong kind, then uploads an image with its information', async () => {
    const { page } = app.admin;
    const imageField = firstQuestion(page).getByRole('group', { name: 'Gambar soal' });
    await openPicker(imageField);
    const dialog = picker(page);
    await dialog.getByRole('tab', { name: 'Dari komputer' }).click();
    const lanjut = dialog.getByRole('button', { name: 'Lanjut' });

    await dialog.getByLabel('File gambar').setInputFiles(tmpFile('nada.wav', toneWav(440)));
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Please select image file format' })
      .waitFor();
    expect(await lanjut.isDisabled()).toBe(true);
    await settle(page);
    await snap(page, 'media-picker-wrong-kind');

    await dialog
      .getByLabel('File gambar')
      .setInputFiles(tmpFile('diagram.png', gradientPng(320, 200, 7)));
    await dialog.getByText('diagram.png').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByLabel('Title').fill(uploadedTitle);
    await dialog.getByLabel('Caption').fill('Alur pemesanan dari pelanggan');
    await dialog.getByLabel('Alt').fill('Diagram alur pemesanan');
    await dialog.getByLabel('Description').fill('Dipakai pada soal nomor 1.');
    await snap(page, 'media-picker-upload');
    await lanjut.click();
    await dialog.waitFor({ state: 'hidden' });

    const shown = imageField.getByRole('img', { name: 'Gambar soal' });
    await shown.waitFor();
    const src = await shown.getAttribute('src');
    expect(src).toMatch(/\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    // The browser really loads it.
    await expect
      .poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(320);

    const found = await app.api<{ list: ApiMedia[] }>(
      'GET',
      `/storage/v1/media/company/list?type=image&q=${encodeURIComponent(uploadedTitle)}`,
    );
    expect(found.list).toHaveLength(1);
    expect(found.list[0]).toMatchObject({
      public_url: src,
      title: uploadedTitle,
      caption: 'Alur pemesanan dari pelanggan',
      alt: 'Diagram alur pemesanan',
      description: 'Dipakai pada soal nomor 1.',
    });

    // The upload now leads the history, with its information shown read-only.
    await openPicker(imageField);
    await dialog.getByText(`Showing 9 from ${libraryImages + 1}`, { exact: true }).waitFor();
    const first = dialog.getByRole('list', { name: 'Riwayat gambar' }).getByRole('button').first();
    expect(await first.getAttribute('aria-label')).toBe(uploadedTitle);
    await first.click();
    expect(await dialog.getByLabel('Caption').inputValue()).toBe('Alur pemesanan dari pelanggan');
    expect(await dialog.getByLabel('Alt').getAttribute('readonly')).not.toBeNull();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lists audio five at a time with players and picks one', async () => {
    const { page } = app.admin;
    const audioField = firstQuestion(page).getByRole('group', { name: 'Audio soal' });
    await openPicker(audioField);
    const dialog = picker(page);
    const list = dialog.getByRole('list', { name: 'Riwayat audio' });
    await dialog.getByText(`Showing 5 from ${seededAudio}`, { exact: true }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(5);
    expect(await list.locator('audio[controls]').count()).toBe(5);
    await list.getByRole('button', { name: `Nada ${seededAudio}` }).click();
    await settle(page);
    await snap(page, 'media-picker-audio');

    // The wrong kind on the audio side too.
    await dialog.getByRole('tab', { name: 'Dari komputer' }).click();
    await dialog.getByLabel('File audio').setInputFiles(tmpFile('foto.png', gradientPng(8, 8, 1)));
    await dialog.getByText('Please select audio file format', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Lanjut' }).isDisabled()).toBe(true);

    await dialog.getByRole('tab', { name: 'Riwayat' }).click();
    await list.getByRole('button', { name: `Nada ${seededAudio}`, pressed: true }).waitFor();
    await dialog.getByRole('button', { name: 'Lanjut' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const player = audioField.locator('audio');
    await player.waitFor();
    expect(await player.getAttribute('src')).toMatch(/\/media\/.+\.wav$/);
    // It plays: the browser reads its duration (one second).
    await expect
      .poll(() => player.evaluate((audio) => Math.round((audio as HTMLAudioElement).duration)))
      .toBe(1);
  });

  it('keeps the picked image and audio with the question after saving the section', async () => {
    const { page } = app.admin;
    const question = firstQuestion(page);
    const imageSrc = await question
      .getByRole('group', { name: 'Gambar soal' })
      .getByRole('img')
      .getAttribute('src');
    const audioSrc = await question
      .getByRole('group', { name: 'Audio soal' })
      .locator('audio')
      .getAttribute('src');
    await page.getByRole('button', { name: 'Simpan section' }).first().click();
    await page.getByText('Section berhasil disimpan').first().waitFor();
    await snap(page, 'media-picker-question-saved');

    await openQuestions(page);
    const reloaded = firstQuestion(page);
    await reloaded.getByRole('group', { name: 'Gambar soal' }).getByRole('img').waitFor();
    expect(
      await reloaded
        .getByRole('group', { name: 'Gambar soal' })
        .getByRole('img')
        .getAttribute('src'),
    ).toBe(imageSrc);
    expect(
      await reloaded
        .getByRole('group', { name: 'Audio soal' })
        .locator('audio')
        .getAttribute('src'),
    ).toBe(audioSrc);

    // Removing takes it off the question.
    await reloaded.getByRole('button', { name: 'Hapus Gambar soal' }).click();
    expect(
      await reloaded.getByRole('group', { name: 'Gambar soal' }).getByRole('img').count(),
    ).toBe(0);
    await reloaded
      .getByRole('group', { name: 'Gambar soal' })
      .getByRole('button', { name: 'Sisipkan image/audio' })
      .waitFor();
  });
});
