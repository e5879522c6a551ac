import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfPagesBytes } from '../apps/server/src/test/factories/media-bytes';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic, type TopicRef } from './support/data';
import { checkScreen, learnerPage, learnerSignIn } from './support/learner';
import { joinProgram, type JoinedMember } from './support/members';

// Ajar Belajar at 390 px on the real built server: an e-book's PDF drawn in the app by pdf.js
// (page by page, zoomable) and completed as before; a YouTube activity whose embed never answers
// (this machine has no internet: the embed is blocked by nature) offers YouTube's own page.

const app = useApp();
let staff: Api;
let topic: TopicRef;
let joined: JoinedMember;
let ebookId = '';
let youtubeId = '';
let page: Page | undefined;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const youtubeUrl = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

beforeAll(async () => {
  staff = await signedInApi(app.server.url);
  topic = await createProgramWithTopic(
    staff,
    {
      title: `Membaca di Ponsel ${stamp}`,
      benefits: '<p>Materi yang terbuka di ponsel.</p>',
      competence: 'Membaca modul',
      sellingPrice: 0,
    },
    'Modul Bacaan',
  );
  const form = new FormData();
  form.append(
    'payload',
    JSON.stringify({
      name: 'E-book Pembukuan',
      type: 'membaca-e-book',
      content: { description: '<p>Baca modul berikut.</p>' },
    }),
  );
  // Four A4 pages: at 390 px the last is out of the viewer's reach until scrolled to.
  const pdf = pdfPagesBytes(
    ['Bab 1 Kas Harian', 'Bab 2 Stok Barang', 'Bab 3 Laba Rugi', 'Bab 4 Pajak'],
    { size: [595, 842] },
  );
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'modul.pdf');
  ebookId = await createActivity(staff, topic, form);
  youtubeId = await createActivity(staff, topic, {
    name: 'Video Pembukuan',
    type: 'embed_youtube',
    content: { embed_youtube: [{ title: 'Mencatat kas', url: youtubeUrl }] },
  });
  await staff('PUT', `/program/v1/company/update-status/${topic.programId}`, {
    status: 'publish',
  });
  joined = await joinProgram(app, staff, topic.programId, `Sari Wulandari ${stamp}`);
}, 180_000);

/** A new phone page signed in as the member. */
async function signedInPhone(install?: (page: Page) => Promise<void>): Promise<Page> {
  const phone = await learnerPage(app.browser, app.server.url);
  page = phone.page;
  await install?.(page);
  await page.goto('/belajar/masuk');
  await learnerSignIn(page, joined.email, 'Rahasia123');
  await page.waitForURL('**/belajar/');
  return page;
}

/** Whether page `n` of the viewer is drawn, and how many of its canvas pixels are dark (ink). */
function pageInk(p: Page, label: string) {
  return p.evaluate((name) => {
    const holder = document.querySelector(`[role="img"][aria-label="${name}"]`);
    const canvas = holder?.querySelector('canvas');
    if (!holder || !canvas || holder.getAttribute('data-drawn') !== 'true') return -1;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
    return dark;
  }, label);
}

/** The CSS width of the box of page `label`. */
const pageWidth = (p: Page, label: string) =>
  p.getByRole('img', { name: label }).evaluate((el) => el.getBoundingClientRect().width);

describe('Ajar Belajar on a phone: PDFs and YouTube', () => {
  it('draws an e-book’s PDF in the app page by page, zooms it, and completes the activity', async () => {
    const p = await signedInPhone();
    await p.goto(`/belajar/program/${topic.programId}/activity/${ebookId}`);
    await p.getByRole('heading', { name: 'E-book Pembukuan', level: 1 }).waitFor();

    // The first page is drawn with ink on it; the last, out of reach, is not drawn yet.
    await expect
      .poll(() => pageInk(p, 'Halaman 1 dari 4'), { timeout: 30_000 })
      .toBeGreaterThan(50);
    expect(await pageInk(p, 'Halaman 4 dari 4')).toBe(-1);
    expect(await p.locator('canvas').count()).toBeLessThan(4);
    await p.getByRole('link', { name: /Buka PDF/ }).waitFor();
    // Fitted to the width, and the page itself does not scroll sideways.
    const fitted = await pageWidth(p, 'Halaman 1 dari 4');
    expect(fitted).toBeGreaterThan(300);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await checkScreen(p, 'e-book-pdf');

    // Scrolled to the end of the viewer, the last page is drawn.
    await p.getByRole('img', { name: 'Halaman 4 dari 4' }).scrollIntoViewIfNeeded();
    await expect
      .poll(() => pageInk(p, 'Halaman 4 dari 4'), { timeout: 30_000 })
      .toBeGreaterThan(50);

    // Zoom in twice: larger pages, drawn again, scrolled sideways inside the viewer only.
    const toolbar = p.getByRole('toolbar', { name: 'Tampilan PDF' });
    await toolbar.getByRole('button', { name: 'Perbesar' }).click();
    await toolbar.getByRole('button', { name: 'Perbesar' }).click();
    await toolbar.getByText('156 %').waitFor();
    expect(await pageWidth(p, 'Halaman 4 dari 4')).toBeCloseTo(fitted * 1.5625, 0);
    await expect
      .poll(() => pageInk(p, 'Halaman 4 dari 4'), { timeout: 30_000 })
      .toBeGreaterThan(50);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await checkScreen(p, 'e-book-pdf-zoom');
    await toolbar.getByRole('button', { name: 'Sesuaikan lebar' }).click();
    await toolbar.getByText('100 %').waitFor();
    expect(await pageWidth(p, 'Halaman 4 dari 4')).toBeCloseTo(fitted, 0);

    // pdf.js fetched the file through the opening address: the server recorded the opening, so
    // the e-book completes as it did with the browser's own viewer.
    await p.getByRole('button', { name: 'Selesai membaca' }).click();
    await p.getByText('Selesai', { exact: true }).first().waitFor();
    const activity = await joined.member<{ is_complete: boolean }>(
      'GET',
      `/member/v1/program/${topic.programId}/activity/${ebookId}`,
    );
    expect(activity.is_complete).toBe(true);
    await p.context().close();
  });

  it('offers YouTube’s own page when the embed does not answer', async () => {
    // The page's clock is the test's: time is moved on instead of waited for.
    const p = await signedInPhone((fresh) => fresh.clock.install());
    await p.goto(`/belajar/program/${topic.programId}/activity/${youtubeId}`);
    await p.getByRole('heading', { name: 'Video Pembukuan', level: 1 }).waitFor();
    await p.locator('iframe.video-frame').waitFor();
    const fallback = p.getByRole('link', { name: 'Tonton di YouTube' });
    expect(await fallback.isVisible()).toBe(false);
    // The wait starts once the frame is on screen: time moves on (a minute, far more than the
    // few seconds the embed has) until the fallback shows.
    await expect
      .poll(
        async () => {
          await p.clock.fastForward('01:00');
          return fallback.isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await fallback.getAttribute('href')).toBe(youtubeUrl);
    await p.getByText(/video harus ditonton di sini sampai 90 %/).waitFor();
    await checkScreen(p, 'youtube-fallback');
    await p.context().close();
  });
});
