import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionStats } from '@ajar/shared/analytics/question-stats.schemas';
import { questionFlagLabels } from '@ajar/shared/analytics/question-stats.rules';
import { useAdminApp } from './support/app';
import { seriousViolations } from './support/axe';
import { snap, snapOnFailure } from './support/browser';
import { choiceQuestion, createProgramWithTopic, createQuizWithQuestions } from './support/data';
import { settle } from './support/locators';
import { joinProgram } from './support/members';

/**
 * 'Statistik Soal': three participants take a new program's pre-test (each choosing the first,
 * right option of every question, so every question is right for all and carries a flag); the
 * admin opens the statistics from the program outline, reads the figures the API computed,
 * filters, and opens a question. The program is this file's own, so the demo data's attempts do
 * not count.
 */
const app = useAdminApp({ width: 1366, height: 900 });
const stamp = Date.now().toString(36);
let programId: string;
let topicId: string;
let preTest: { id: string; name: string };
let stats: QuestionStats;

interface Served {
  sections: { questions: { id: string }[] }[];
  attempt: { id: string };
}

const questions = [
  { text: 'Etalase ditata setinggi apa?', right: 'Setinggi mata', wrong: 'Di lantai' },
  { text: 'Barang baru diletakkan di mana?', right: 'Di depan', wrong: 'Di gudang' },
  { text: 'Harga ditulis bagaimana?', right: 'Jelas', wrong: 'Tersembunyi' },
];

beforeAll(async () => {
  const topic = await createProgramWithTopic(
    app.api,
    {
      title: `Statistik Etalase ${stamp}`,
      benefits: '<p>Menata etalase.</p>',
      competence: 'Menata etalase',
      sellingPrice: 100000,
    },
    'Pembukaan',
  );
  programId = topic.programId;
  topicId = topic.topicId;
  preTest = { name: 'Pre Test Etalase', id: '' };
  preTest.id = await createQuizWithQuestions(
    app.api,
    topic,
    {
      name: preTest.name,
      type: 'pre_test',
      settings: { is_show_score: 1, is_skip: 1, opportunity_repeat_test: 0 },
    },
    { name: 'Soal Etalase', min_score: 0 },
    questions.map((q) => choiceQuestion(q)),
  );
  await app.api('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });
  for (const n of [1, 2, 3]) {
    const joined = await joinProgram(app, app.api, programId, `Peserta Statistik ${n}`, { n });
    const path = `/member/v1/program/${programId}/activity/${preTest.id}/quiz`;
    const started = await joined.member<Served>('POST', `${path}/start`);
    const answers = Object.fromEntries(
      started.sections.flatMap((s) => s.questions.map((q) => [q.id, 0])),
    );
    await joined.member('POST', `${path}/${started.attempt.id}/submit`, { answers });
  }
  stats = await app.api<QuestionStats>(
    'GET',
    `/v1/analytics/question-stats/${programId}/${topicId}/${preTest.id}`,
  );
}, 180_000);

describe('Statistik Soal', () => {
  snapOnFailure(() => app.admin?.page);

  it('opens from the outline and shows the figures, the histogram table and the flags', async () => {
    const { page } = app.admin;
    expect(stats.summary.attempts).toBe(3);
    await page.goto(`/program/${programId}`);
    await page
      .getByRole('link', { name: `Statistik Soal ${preTest.name}` })
      .first()
      .click();
    await page.getByRole('heading', { name: `Statistik Soal: ${preTest.name}` }).waitFor();
    await settle(page);

    const rows = page.getByTestId('question-stat-row');
    expect(await rows.count()).toBe(stats.questions.length);
    const first = stats.questions[0]!;
    expect(first.flags.length).toBeGreaterThan(0);
    for (const flag of first.flags) {
      await rows.first().getByText(questionFlagLabels[flag], { exact: true }).waitFor();
    }
    await rows
      .first()
      .getByRole('link', { name: `Paket ${first.packet_no} · No. ${first.question_no}` })
      .waitFor();
    // The histogram's figures, as screen readers get them.
    const histogram = page.getByRole('table', { name: 'Sebaran nilai percobaan' });
    expect(await histogram.getByRole('row').count()).toBe(11);
    await page.getByText('Percobaan', { exact: true }).first().waitFor();

    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'statistik-soal');
  });

  it('filters by first attempts and by date, and refuses a reversed range in Indonesian', async () => {
    const { page } = app.admin;
    await page.getByLabel('Percobaan', { exact: true }).click();
    await page.getByRole('option', { name: 'Percobaan pertama saja' }).click();
    await page.getByLabel('Dari tanggal').fill('01/01/2099');
    await page.getByLabel('Sampai tanggal').fill('01/01/2098');
    await page.getByText('Tanggal Mulai tidak boleh setelah Tanggal Akhir').waitFor();
    await page.getByLabel('Sampai tanggal').fill('');
    // No attempt from 2099 on: the questions stay, without attempts or flags.
    await page.getByRole('heading', { name: /^Statistik Soal: / }).waitFor();
    await expect
      .poll(() => page.getByTestId('question-stat-row').first().textContent())
      .not.toMatch(/Terlalu/);
  });

  it('opens the question editor on the Pertanyaan tab from a row', async () => {
    const { page } = app.admin;
    const first = stats.questions[0]!;
    await page
      .getByRole('link', { name: `Paket ${first.packet_no} · No. ${first.question_no}` })
      .first()
      .click();
    await page.getByRole('tab', { name: /Pertanyaan/, selected: true }).waitFor();
  });
});
