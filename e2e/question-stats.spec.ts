import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionStats } from '@ajar/shared/analytics/question-stats.schemas';
import { questionFlagLabels } from '@ajar/shared/analytics/question-stats.rules';
import { apiClient, apiLogin } from './support/api';
import { useAdminApp } from './support/app';
import { seriousViolations } from './support/axe';
import { snap, snapOnFailure } from './support/browser';
import { settle } from './support/locators';
import { joinProgram } from './support/members';
import { demo } from './support/session';

/**
 * 'Statistik Soal': three participants take the demo pre-test (each choosing the first option of
 * every question, so every question is right for all or for none and carries a flag); the admin
 * opens the statistics from the program outline, reads the figures the API computed, filters, and
 * downloads the table.
 */
const app = useAdminApp({ width: 1366, height: 900 });
let programId: string;
let topicId: string;
let preTest: { id: string; name: string };
let stats: QuestionStats;

interface Served {
  sections: { questions: { id: string }[] }[];
  attempt: { id: string };
}

beforeAll(async () => {
  // The demo trainer's first published program: its pre-test opens to a new participant.
  const trainer = apiClient(app.server.url, (await apiLogin(app.server.url, demo.trainer)).token);
  const programs = await trainer<{ list: { id: string }[] }>(
    'GET',
    '/program/v1/trainer/list?status=publish&limit=-1',
  );
  const topics = await app.api<{
    list: { id: string; activities: { id: string; name: string; type: string }[] }[];
  }>(
    'GET',
    `/topic/v1/list?program_id=${programs.list[0]!.id}&sort=seq&sort_type=asc&limit=-1&with_activities=1`,
  );
  programId = programs.list[0]!.id;
  const topic = topics.list.find((t) => t.activities.some((a) => a.type === 'pre_test'))!;
  topicId = topic.id;
  preTest = topic.activities.find((a) => a.type === 'pre_test')!;
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
    await page.getByRole('heading', { name: /Statistik Soal/ }).waitFor();
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
