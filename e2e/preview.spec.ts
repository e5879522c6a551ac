import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { useAdminApp } from './support/app';
import { snap } from './support/browser';
import { createActivity, createProgramWithTopic, showActivity } from './support/data';
import { createVideoWithPopups } from './support/popup-quiz';
import { question } from './support/locators';

/**
 * 'Pratinjau': a quiz packet and a video with pop-up quizzes of all four types, played as a
 * participant in the browser. Setup goes through the API (the authoring screens have their own
 * tests); nothing the preview does may be written to the server.
 */

const app = useAdminApp({ width: 1366, height: 900 });

let programId: string;
let topicId: string;
let quizId: string;
let videoId: string;

const stamp = Date.now().toString(36);

const mcQuestion = (
  text: string,
  options: [string, number?][],
  right: string,
  point: number,
  explanation: string,
) => ({
  type: 'multiple_choice',
  question: { text: `<p>${text}</p>`, media: null },
  options: options.map(([option, p]) => ({ text: option, media: null, point: p ?? 0 })),
  correct_answer: [right],
  point,
  explanation: {
    correct: { text: `<p>Tepat. ${explanation}</p>`, media: null },
    wrong: { text: `<p>Kurang tepat. ${explanation}</p>`, media: null },
  },
});

/** Everything the preview reads, to compare before and after playing. */
async function snapshotOfData() {
  const [program, quiz, video, packets] = await Promise.all([
    app.api<{ total_participants: number; updated_at: string }>(
      'GET',
      `/program/v1/company/detail/${programId}`,
    ),
    showActivity<{ updated_at: string }>(app.api, { programId, topicId }, quizId),
    showActivity<{ updated_at: string; quiz: { quizzes: { gameplays: string[] }[] } }>(
      app.api,
      { programId, topicId },
      videoId,
    ),
    app.api<{ list: { id: string; total_question: number; updated_at: string }[] }>(
      'GET',
      `/v1/packet/${programId}/${topicId}/${quizId}/list`,
    ),
  ]);
  const groups = await app.api<{ list: unknown[] }>(
    'GET',
    `/v1/group/${programId}/${topicId}/${quizId}/${packets.list[0]!.id}/list`,
  );
  const ids = video.quiz.quizzes.flatMap((q) => q.gameplays);
  const gameplays = await app.api<unknown[]>('GET', `/gameplay/v1/show_multi?ids=${ids.join(',')}`);
  return { program, quiz, video, packets, groups, gameplays };
}

beforeAll(async () => {
  const topic = await createProgramWithTopic(
    app.api,
    {
      title: `Pelatihan Budidaya Lele ${stamp}`,
      benefits: '<p>Belajar budidaya lele dan pembukuan usaha.</p>',
      competence: 'Budidaya',
      sellingPrice: 150000,
    },
    'Usaha Perikanan',
  );
  ({ programId, topicId } = topic);

  // A quiz: one packet, two sections, multiple choice (one with an option point) and a survey.
  quizId = await createActivity(app.api, topic, {
    name: 'Kuis Dasar Usaha',
    type: 'quiz',
    settings: {
      estimated_duration: 15,
      is_show_answer: 1,
      is_show_score: 1,
      is_skip: 0,
      is_show_timer: 1,
      timer: 10,
      opportunity_repeat_test: 1,
      set_minimum_value: { is_set: 1, minimum_value: 60 },
    },
  });
  const packet = await app.api<{ id: string }>(
    'POST',
    `/v1/packet/${programId}/${topicId}/${quizId}/create`,
    {},
  );
  const sectionPath = `/v1/packet/${programId}/${topicId}/${quizId}/${packet.id}/save-section`;
  await app.api('PUT', sectionPath, {
    section: { name: 'Pengetahuan Dasar', min_score: 50 },
    questions: [
      mcQuestion(
        'Apa kepanjangan UMKM?',
        [['Usaha Mikro, Kecil, dan Menengah'], ['Usaha Milik Kota']],
        'Usaha Mikro, Kecil, dan Menengah',
        5,
        'UMKM adalah Usaha Mikro, Kecil, dan Menengah.',
      ),
      mcQuestion(
        'Berapa tarif PPh final UMKM?',
        [['0,5%', 10], ['10%']],
        '0,5%',
        5,
        'Tarifnya 0,5% dari omzet.',
      ),
      {
        type: 'single_choice_survey',
        question: { text: '<p>Seberapa paham anda tentang pajak UMKM?</p>', media: null },
        options: [
          { text: 'Paham', media: null },
          { text: 'Belum paham', media: null },
        ],
        correct_answer: [],
      },
    ],
  });
  await app.api('PUT', sectionPath, {
    section: { name: 'Studi Kasus', min_score: 60 },
    questions: [
      mcQuestion(
        'Modal awal usaha sebaiknya dicatat di mana?',
        [['Buku kas'], ['Ingatan saja']],
        'Buku kas',
        10,
        'Catat setiap uang masuk dan keluar di buku kas.',
      ),
    ],
  });

  // A video with the real 12-second fixture and pop-up quizzes of the four types.
  videoId = await createVideoWithPopups(
    app.api,
    topic,
    'Video Panen Lele',
    { skip: 1, minimum_score: 70 },
    [
      {
        second: 1,
        instruction: 'Jawab pertanyaan berikut.',
        gameplay: {
          type: 'multiple_choice',
          question: { text: 'Ikan lele bernapas dengan alat tambahan bernama?' },
          point: 10,
          time: 60,
          options: [{ text: 'Labirin' }, { text: 'Arborescent' }, { text: 'Paru-paru' }],
          correct_answers: ['Arborescent'],
          explanation: { text: 'Lele punya organ arborescent untuk mengambil udara.' },
        },
      },
      {
        second: 3,
        instruction: 'Letakkan jawaban yang tepat.',
        gameplay: {
          type: 'jigsaw',
          question: { text: 'Lele termasuk ikan air tawar.' },
          point: 10,
          time: 60,
          options: [{ text: 'Benar' }, { text: 'Salah' }],
          correct_answers: ['Benar'],
          explanation: { text: 'Lele hidup di kolam dan sungai air tawar.' },
        },
      },
      {
        second: 5,
        instruction: 'Pasangkan ikan dengan cirinya.',
        gameplay: {
          type: 'matching_word',
          point: 20,
          time: 120,
          options: [{ text: 'Lele' }, { text: 'Nila' }, { text: 'Gurame' }],
          matching_options: [
            { text: 'Berkumis' },
            { text: 'Bersisik halus' },
            { text: 'Bertubuh pipih lebar' },
          ],
        },
      },
      {
        second: 7,
        instruction: 'Temukan kata-kata berikut.',
        gameplay: {
          type: 'finding_word',
          point: 10,
          duration: 180,
          options: [{ text: 'Kolam' }, { text: 'Pakan' }, { text: 'Panen' }, { text: 'Bibit' }],
        },
      },
    ],
  );
});

/** Every call the page makes to the API, to prove the preview only reads. */
function recordApiCalls(page: Page): { calls: string[]; stop: () => void } {
  const calls: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', onRequest);
  return { calls, stop: () => page.off('request', onRequest) };
}

async function choose(page: Page, n: number, option: string) {
  await question(page, n).getByRole('radio', { name: option, exact: true }).check();
}

/** Drags with small steps, as a hand would, so dnd-kit sees a real drag. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 4, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
  // dnd-kit swallows clicks for 50 ms after a drop (the click that ends a drag); a hand is
  // never that quick, a test is.
  await page.waitForTimeout(120);
}

const popup = (page: Page) => page.getByRole('dialog', { name: 'Pop up quiz' });
const videoTime = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
const videoPaused = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.paused);

/** Where a word sits on the letter grid, read from the cells' data attributes. */
async function locateWord(page: Page, word: string) {
  const cells = await page
    .getByRole('grid', { name: 'Kotak huruf' })
    .locator('[data-row]')
    .evaluateAll((els) =>
      els.map((el) => ({
        row: Number((el as HTMLElement).dataset.row),
        col: Number((el as HTMLElement).dataset.col),
        letter: (el as HTMLElement).dataset.letter ?? '',
      })),
    );
  const size = Math.max(...cells.map((c) => c.row)) + 1;
  const at = (r: number, c: number) => cells.find((x) => x.row === r && x.col === c)?.letter;
  const target = word.toUpperCase();
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      for (const [dr, dc] of [
        [0, 1],
        [1, 0],
        [1, 1],
        [-1, 1],
        [0, -1],
        [-1, 0],
        [-1, -1],
        [1, -1],
      ] as const) {
        let i = 0;
        while (i < target.length && at(row + dr * i, col + dc * i) === target[i]) i++;
        if (i === target.length) {
          return {
            start: { row, col },
            end: { row: row + dr * (target.length - 1), col: col + dc * (target.length - 1) },
          };
        }
      }
    }
  }
  throw new Error(`${word} is not on the grid`);
}

const cell = (page: Page, at: { row: number; col: number }) =>
  page.locator(`[role=grid] [data-row="${at.row}"][data-col="${at.col}"]`);

describe('preview as a participant', () => {
  it('plays a quiz packet, scores it per section and in total, and allows one retake', async () => {
    const { page } = app.admin;
    const before = await snapshotOfData();
    const recorder = recordApiCalls(page);

    await page.goto(`/program/${programId}/${topicId}/${quizId}/edit`);
    await page.getByRole('link', { name: 'Pratinjau' }).click();
    await page.waitForURL(`**/program/${programId}/${topicId}/${quizId}/preview`);
    await page.getByText('Mode pratinjau — jawaban tidak disimpan').waitFor();
    await page
      .getByRole('navigation', { name: 'breadcrumb' })
      .getByText('Pratinjau: Kuis Dasar Usaha')
      .waitFor();
    await page.getByRole('radio', { name: 'Paket Soal 1 (4 soal)' }).waitFor();
    await snap(page, 'preview-quiz-intro');
    await page.getByRole('button', { name: 'Mulai', exact: true }).click();

    // Section 1 of 2; skip is off, so every question must be answered before moving on.
    await page.getByRole('heading', { name: 'Pengetahuan Dasar' }).waitFor();
    await page.getByRole('timer').waitFor();
    // 'Tampilkan Timer' with a 10-minute timer: a countdown that runs.
    expect(await page.getByRole('timer').getAttribute('aria-label')).toMatch(
      /^Sisa waktu (10:00|09:5\d)$/,
    );
    await page.getByRole('timer', { name: /^Sisa waktu 09:5\d$/ }).waitFor();
    const next = page.getByRole('button', { name: 'Selanjutnya' });
    expect(await next.isDisabled()).toBe(true);
    await choose(page, 1, 'Usaha Mikro, Kecil, dan Menengah');
    await choose(page, 2, '0,5%');
    expect(await next.isDisabled()).toBe(true);
    await choose(page, 3, 'Belum paham');
    await snap(page, 'preview-quiz-section');
    await next.click();
    await page.getByRole('heading', { name: 'Studi Kasus' }).waitFor();
    await choose(page, 4, 'Buku kas');
    await page.getByRole('button', { name: 'Kirim Jawaban' }).click();

    // 5 + 10 (the option's own point) + 10 of 25 points.
    const result = page.getByRole('region', { name: 'Hasil kuis' });
    await result.waitFor();
    expect(await result.getByLabel('Skor', { exact: true }).textContent()).toBe('100');
    await result.getByText('Poin 25 dari 25').waitFor();
    await result.getByText('Lulus', { exact: true }).waitFor();
    const rows = result.getByRole('table', { name: 'Skor per bagian' }).getByRole('row');
    expect(await rows.nth(1).innerText()).toMatch(
      /Pengetahuan Dasar\s+15 \/ 15\s+100\s+50\s+Tercapai/,
    );
    expect(await rows.nth(2).innerText()).toMatch(/Studi Kasus\s+10 \/ 10\s+100\s+60\s+Tercapai/);
    // 'Tampilkan Jawaban' is on: explanations and right answers show.
    await page
      .getByRole('complementary', { name: 'Pembahasan nomor 2' })
      .getByText('Tepat. Tarifnya 0,5% dari omzet.')
      .waitFor();
    await result.getByText('Sisa kesempatan mengulang: 1').waitFor();
    await snap(page, 'preview-quiz-result');

    // The one retake: a weaker attempt fails the activity minimum and the first section.
    await result.getByRole('button', { name: 'Ulangi' }).click();
    await choose(page, 1, 'Usaha Mikro, Kecil, dan Menengah');
    await choose(page, 2, '10%');
    await choose(page, 3, 'Paham');
    await page.getByRole('button', { name: 'Selanjutnya' }).click();
    await choose(page, 4, 'Ingatan saja');
    await page.getByRole('button', { name: 'Kirim Jawaban' }).click();
    await result.waitFor();
    expect(await result.getByLabel('Skor', { exact: true }).textContent()).toBe('20');
    await result.getByText('Tidak Lulus', { exact: true }).waitFor();
    expect(await rows.nth(1).innerText()).toMatch(
      /Pengetahuan Dasar\s+5 \/ 15\s+33,33\s+50\s+Belum tercapai/,
    );
    await page
      .getByRole('complementary', { name: 'Pembahasan nomor 2' })
      .getByText('Kurang tepat. Tarifnya 0,5% dari omzet.')
      .waitFor();
    expect(await result.getByRole('button', { name: 'Ulangi' }).isDisabled()).toBe(true);
    await result.getByText('Tidak ada kesempatan mengulang').waitFor();

    recorder.stop();
    expect(recorder.calls.length).toBeGreaterThan(0);
    expect(recorder.calls.filter((c) => !c.startsWith('GET '))).toEqual([]);
    expect(await snapshotOfData()).toEqual(before);
  });

  it('plays the video and its pop-up quizzes of all four types, with the score', async () => {
    const { page } = app.admin;
    const before = await snapshotOfData();
    const recorder = recordApiCalls(page);

    await page.goto(`/program/${programId}/${topicId}/${videoId}/edit`);
    await page.getByRole('link', { name: 'Pratinjau' }).click();
    await page.waitForURL(`**/${videoId}/preview`);
    await page.getByText('Mode pratinjau — jawaban tidak disimpan').waitFor();
    const summary = page.getByRole('table', { name: 'Daftar pop up quiz' });
    await summary.getByText('Belum muncul').first().waitFor();
    await page.locator('video').evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          if (v.readyState >= 2) resolve();
          else v.addEventListener('loadeddata', () => resolve(), { once: true });
        }),
    );
    await snap(page, 'preview-video-start');

    // Second 1: multiple choice. The video stops at the quiz's second.
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.play());
    await popup(page).getByText('Jawab pertanyaan berikut.').waitFor();
    expect(await videoPaused(page)).toBe(true);
    const t1 = await videoTime(page);
    expect(t1).toBeGreaterThanOrEqual(1);
    expect(t1).toBeLessThan(2);
    await popup(page).getByRole('timer').waitFor();
    await snap(page, 'preview-popup-mc');
    await popup(page)
      .getByRole('button', { name: /Arborescent/ })
      .click();
    await popup(page).getByText('Benar! +10 poin').waitFor();
    await popup(page).getByText('Lele punya organ arborescent untuk mengambil udara.').waitFor();
    await popup(page).getByRole('button', { name: 'Lihat hasil' }).click();
    expect(await popup(page).getByTestId('popup-score').textContent()).toBe('100');
    await popup(page).getByRole('button', { name: 'Lanjutkan Video' }).click();
    // The video plays on after the quiz.
    await page.waitForFunction(() => document.querySelector('video')?.paused === false);

    // Second 3: jigsaw, by dragging the 'Benar' tile into the answer box.
    await popup(page).getByText('Letakkan jawaban yang tepat.').waitFor();
    expect(await videoTime(page)).toBeGreaterThanOrEqual(3);
    const tiles = popup(page).getByRole('group', { name: 'Kepingan jawaban' });
    await drag(
      page,
      tiles.getByRole('button', { name: 'Benar' }),
      popup(page).getByTestId('jigsaw-slot'),
    );
    await popup(page).getByRole('region', { name: 'Kotak jawaban' }).getByText('Benar').waitFor();
    await snap(page, 'preview-popup-jigsaw');
    await popup(page).getByRole('button', { name: 'Kirim Jawaban' }).click();
    await popup(page).getByText('Benar! +10 poin').waitFor();
    await popup(page).getByRole('button', { name: 'Lihat hasil' }).click();
    await popup(page).getByRole('button', { name: 'Lanjutkan Video' }).click();
    await summary.getByRole('row').nth(2).getByText('Lulus').waitFor();

    // Seeking past seconds 5 and 7 shows the earliest unanswered quiz: the matching one.
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 9;
    });
    await popup(page).getByText('Pasangkan ikan dengan cirinya.').waitFor();
    const left = popup(page).getByRole('group', { name: 'Opsi Kiri' });
    const right = popup(page).getByRole('group', { name: 'Opsi Kanan' });
    // One pair by dragging, two by clicking left then right.
    await drag(
      page,
      left.getByRole('button', { name: 'Lele' }),
      right.getByRole('button', { name: 'Berkumis' }),
    );
    await right.getByRole('button', { name: 'Berkumis (pasangan 1)' }).waitFor();
    await left.getByRole('button', { name: 'Nila', exact: true }).click();
    await right.getByRole('button', { name: 'Bersisik halus', exact: true }).click();
    await left.getByRole('button', { name: 'Gurame', exact: true }).click();
    await right.getByRole('button', { name: 'Bertubuh pipih lebar', exact: true }).click();
    await right.getByRole('button', { name: 'Bertubuh pipih lebar (pasangan 3)' }).waitFor();
    await snap(page, 'preview-popup-matching');
    await popup(page).getByRole('button', { name: 'Periksa Jawaban' }).click();
    await popup(page).getByText('Benar! +20 poin').waitFor();
    await popup(page).getByText('Semua pasangan benar').waitFor();
    await popup(page).getByRole('button', { name: 'Lihat hasil' }).click();
    await popup(page).getByRole('button', { name: 'Lanjutkan Video' }).click();

    // Second 7 was passed too: the word search follows at once.
    await popup(page).getByText('Temukan kata-kata berikut.').waitFor();
    const wordList = popup(page).getByRole('list', { name: 'Daftar kata' });
    // The first word by dragging across its letters, the others by clicking both ends.
    const kolam = await locateWord(page, 'KOLAM');
    await drag(page, cell(page, kolam.start), cell(page, kolam.end));
    await wordList.getByLabel('Kolam (ditemukan)').waitFor();
    await snap(page, 'preview-popup-words');
    for (const word of ['Pakan', 'Panen', 'Bibit']) {
      const at = await locateWord(page, word);
      await cell(page, at.start).click();
      await cell(page, at.end).click();
      await wordList.getByLabel(`${word} (ditemukan)`).waitFor();
    }
    expect(await wordList.locator('s').count()).toBe(4);
    await popup(page).getByText('Benar! +10 poin').waitFor();
    await popup(page).getByRole('button', { name: 'Lihat hasil' }).click();
    await popup(page).getByRole('button', { name: 'Lanjutkan Video' }).click();

    // The video plays on to its end; every quiz was answered right.
    await page.getByRole('status', { name: 'Skor video' }).waitFor({ timeout: 15_000 });
    await page.getByText('Skor seluruh pop up quiz: 100').waitFor();
    await page.getByText('Poin 50 dari 50 · 4 dari 4 pop up quiz dikerjakan').waitFor();
    await page.waitForFunction(() => document.querySelector('video')?.ended === true, undefined, {
      timeout: 15_000,
    });
    expect(await summary.getByText('Lulus', { exact: true }).count()).toBe(4);
    await snap(page, 'preview-video-done');

    recorder.stop();
    expect(recorder.calls.filter((c) => !c.startsWith('GET '))).toEqual([]);
    expect(recorder.calls).toContain('GET /api/gameplay/v1/show_multi');
    expect(await snapshotOfData()).toEqual(before);
  });
});
