import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient } from './support/api';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createProgramWithTopic } from './support/data';
import { settle, text as snackbar } from './support/locators';
import { demo, signedInPage } from './support/session';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const title = `Ekspor Peserta Kopi ${stamp}`;
const participant = {
  fullname: `Sari Ekspor ${stamp}`,
  email: `sari-${stamp}@contoh.id`,
  phone: `62812${String(Date.now()).slice(-8)}`,
  password: 'Rahasia123',
};

/**
 * A published program of our own with one participant who joined through the member API:
 * register, then redeem a voucher the staff issued (the real flow, not seed rows).
 */
async function programWithParticipant() {
  const { programId } = await createProgramWithTopic(
    app.api,
    {
      title,
      benefits: '<p>Menyeduh kopi manual.</p>',
      competence: 'Menyeduh kopi',
      sellingPrice: 100000,
    },
    'Pengenalan',
  );
  await app.api('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });
  const batch = await app.api<{ codes: string[] }>(
    'POST',
    `/program/v1/company/voucher/${programId}/generate`,
    { count: 1 },
  );
  const member = await apiClient(app.server.url)<{ token: string }>('POST', '/member/v1/register', {
    ...participant,
    consent: true,
  });
  await apiClient(app.server.url, member.token)('POST', '/member/v1/redeem', {
    license: batch.codes[0],
    pmo_code: `PMO${stamp.toUpperCase()}`,
  });
  return { programId, license: batch.codes[0]! };
}

async function readDownloadedSheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(path) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push(
      Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value ?? null),
    );
  });
  return rows;
}

async function searchProgram(page: Page, name: string) {
  const search = page.getByLabel('Cari program', { exact: true });
  await search.fill(name);
  await search.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === name);
}

describe('exports', () => {
  let programId = '';
  let license = '';

  it('lists programs for grading and exports one through the dialog as a real .xlsx', async () => {
    ({ programId, license } = await programWithParticipant());
    const { page } = app.admin;

    // The menu entry Kelola Nilai > Daftar Program opens the grading list.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Kelola Nilai' }).click();
    await page.getByRole('link', { name: 'Daftar Program' }).click();
    await page.waitForURL('**/kelola-nilai');
    await page.getByRole('row').nth(1).getByRole('link', { name: 'Beri Nilai' }).waitFor();
    await snap(page, 'grading-program-list');

    await searchProgram(page, title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('1');
    expect(await row.getByRole('link', { name: 'Beri Nilai' }).getAttribute('href')).toBe(
      `/program/users/${programId}`,
    );

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Export TPM & UK' }).waitFor();
    await settle(page);
    await snap(page, 'grading-export-menu');
    await page.getByRole('menuitem', { name: 'Export Program' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Program' });
    await dialog.waitFor();
    await settle(page);
    await snap(page, 'grading-export-dialog');

    // No program chosen: the dialog says so and makes no call.
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByText('Program tidak boleh kosong').waitFor();

    const programs = dialog.getByRole('combobox', { name: 'Program' });
    await programs.fill(stamp);
    await page.getByRole('option', { name: title }).click();
    await page.keyboard.press('Escape');
    expect(
      await dialog.getByRole('textbox', { name: 'Tanggal Mulai' }).getAttribute('placeholder'),
    ).toBe('dd/mm/yyyy');
    await dialog.getByRole('textbox', { name: 'Tanggal Mulai' }).fill('01/01/2020');
    await dialog.getByRole('radio', { name: 'All' }).check();
    await dialog.getByRole('radio', { name: 'Tanggal Redeem' }).check();
    await settle(page);
    await snap(page, 'grading-export-dialog-filled');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    await snackbar(page, 'Successfully export data').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await snap(page, 'grading-export-done');
    expect(download.suggestedFilename()).toMatch(/^peserta-\d{8}-\d{4}\.xlsx$/);

    const rows = await readDownloadedSheet((await download.path())!);
    expect(rows[0]).toEqual([
      'No',
      'Kode Voucher',
      'Kode Redeem',
      'Nama Peserta',
      'Email',
      'Nomor Whatsapp',
      'Jenjang Pendidikan',
      'Program',
      'Progress (%)',
      'Nilai Pre Test',
      'Nilai Post Test',
      'Tanggal Redeem',
      'Tanggal Mulai',
      'Tanggal Penyelesaian',
      'Reseller',
      'Kode Referral',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 9)).toEqual([
      1,
      license,
      `PMO${stamp.toUpperCase()}`,
      participant.fullname,
      participant.email,
      participant.phone,
      // Registered without an education level.
      null,
      title,
      0,
    ]);
    expect(rows[1]![11]).toBeInstanceOf(Date);
  });

  it("downloads one program's participants from its row, and TPM & UK from the menu", async () => {
    const { page } = app.admin;
    await page.goto(`/kelola-nilai?q=${encodeURIComponent(title)}`);
    const row = page.getByRole('row').filter({ hasText: title });
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Export peserta ${title}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^peserta-ekspor-peserta-kopi-.*\.xlsx$/);
    const rows = await readDownloadedSheet((await download.path())!);
    expect(rows.slice(1).map((r) => r[1])).toEqual([license]);

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Export TPM & UK' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export TPM & UK' });
    await dialog.getByRole('combobox', { name: 'Program' }).fill(stamp);
    await page.getByRole('option', { name: title }).click();
    await page.keyboard.press('Escape');
    // Only finished participants: ours has not finished, so there is nothing to export. The
    // screen says so instead of downloading an empty file.
    await dialog.getByRole('radio', { name: '100%' }).check();
    await dialog.getByRole('radio', { name: 'Tanggal Penyelesaian' }).check();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await snackbar(
      page,
      'Tidak ada data untuk diekspor. Ubah pilihan atau filter, lalu coba lagi.',
    ).waitFor();
    await snap(page, 'grading-export-empty');
    expect(await dialog.isVisible()).toBe(true);
  });

  it('shows a trainer only assigned programs', async () => {
    const trainer = await signedInPage(
      app.browser,
      app.server.url,
      { width: 1366, height: 900 },
      demo.trainer,
    );
    try {
      const { page } = trainer;
      const trainerApi = apiClient(
        app.server.url,
        (
          await apiClient(app.server.url)<{ token: string }>(
            'POST',
            '/trainer/v1/login',
            demo.trainer,
          )
        ).token,
      );
      const assigned = await trainerApi<{ list: { title: string }[]; total: number }>(
        'GET',
        '/program/v1/company/list?limit=-1',
      );
      await page.goto('/kelola-nilai');
      await page.getByText(`dari ${assigned.total}`).waitFor();
      await snap(page, 'grading-program-list-trainer');
      // The admin's new program is not assigned to the trainer.
      await searchProgram(page, title);
      await page.getByText('Tidak ada program').waitFor();

      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Export Program' }).click();
      await page
        .getByRole('dialog', { name: 'Export Program' })
        .getByRole('combobox', { name: 'Program' })
        .click();
      const options = page.getByRole('option');
      await expect.poll(() => options.count()).toBe(assigned.list.length);
      expect((await options.allTextContents()).sort()).toEqual(
        assigned.list.map((p) => p.title).sort(),
      );
    } finally {
      await trainer.context.close();
    }
  });
});
