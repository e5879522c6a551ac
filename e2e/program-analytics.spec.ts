import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ProgramAnalytics } from '@ajar/shared/analytics/program-analytics.schemas';
import { useAdminApp } from './support/app';
import { seriousViolations } from './support/axe';
import { snap, snapOnFailure } from './support/browser';
import { settle, text as snackbar } from './support/locators';
import { joinProgram } from './support/members';

/**
 * 'Analitik Program' on the demo data: opened from the program's page, its figures are the
 * API's, the education level filters them, a section downloads as .xlsx, and axe finds nothing
 * serious.
 */

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const id = (n: number) => new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 }).format(n);

async function firstSheetRow(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(path) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  return (sheet.getRow(1).values as unknown[]).slice(1);
}

describe('program analytics', () => {
  it('shows a program’s learning gain, funnel and videos, filters by education level and downloads', async () => {
    // The seeded program whose participants took both tests most.
    const programs = await app.api<{ list: { id: string; title: string }[] }>(
      'GET',
      '/program/v1/company/list?limit=-1',
    );
    let best: ProgramAnalytics | null = null;
    for (const p of programs.list) {
      const report = await app.api<ProgramAnalytics>('GET', `/v1/analytics/program/${p.id}`);
      if (!best || report.gain.paired > best.gain.paired) best = report;
    }
    const report = best!;
    expect(report.gain.paired).toBeGreaterThan(0);
    const programId = report.program.id;

    // A participant who says they are at SD: the only one the filter keeps.
    const rina = await joinProgram(app, app.api, programId, 'Rina Jenjang SD');
    await rina.member('PUT', '/member/v1/profile', {
      fullname: rina.fullname,
      phone: '6281399990001',
      education_level: 'sd',
    });

    const { page } = app.admin;
    await page.goto(`/program/${programId}`);
    await page.getByRole('link', { name: 'Analitik Program' }).click();
    await page.getByRole('heading', { name: /Analitik Program/, level: 1 }).waitFor();
    const gain = page.getByRole('region', { name: 'Peningkatan Belajar' });
    await gain.getByText('Peserta dengan kedua nilai').waitFor();
    await gain.getByText(id(report.gain.paired), { exact: true }).first().waitFor();
    await page
      .getByText(`${report.program.title} · ${id(report.participants + 1)} peserta`)
      .waitFor();
    const funnel = page.getByRole('region', { name: 'Corong Aktivitas' });
    const steps = funnel.getByRole('table', { name: /Corong aktivitas/ }).getByRole('row');
    expect(await steps.count()).toBe(report.funnel.length + 1);
    if (report.funnel.some((s) => s.largest_drop)) {
      await funnel
        .getByText(/Penurunan terbesar/)
        .first()
        .waitFor();
    }
    if (report.videos.length > 0) {
      await page
        .getByRole('region', { name: 'Video' })
        .getByRole('heading', { name: report.videos[0]!.activity_name })
        .waitFor();
    }
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'program-analytics');

    const downloading = page.waitForEvent('download');
    await gain.getByRole('button', { name: 'Unduh Excel: Peningkatan Belajar' }).click();
    const download = await downloading;
    await snackbar(page, 'Berkas analitik siap diunduh').waitFor();
    expect(download.suggestedFilename()).toMatch(/^analitik-program-.*-gain-.*\.xlsx$/);
    expect(await firstSheetRow((await download.path())!)).toEqual([
      'No',
      'Nama',
      'Pre Test',
      'Post Test',
      'Gain',
      'Gain Ternormalisasi',
    ]);

    // 'Jenjang Pendidikan': SD keeps Rina alone, who has taken no test yet.
    await page.getByRole('combobox', { name: 'Jenjang Pendidikan' }).click();
    await page.getByRole('option', { name: 'SD', exact: true }).click();
    await page.getByText(`${report.program.title} · 1 peserta`).waitFor();
    await gain.getByText('Belum ada peserta yang mengerjakan Pre Test dan Post Test.').waitFor();
    expect(new URL(page.url()).searchParams.get('jenjang')).toBe('sd');
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
