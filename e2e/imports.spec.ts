import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { tmpFile } from './support/files';
import { settle, text as snackbar } from './support/locators';
import { joinProgram } from './support/members';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
let programId = '';

/** A member who joins the program through the member API; their voucher code. */
async function join(fullname: string, n: number): Promise<string> {
  const joined = await joinProgram(app, app.api, programId, fullname, {
    n,
    dateOfBirth: '1996-03-12',
  });
  return joined.license;
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import Nilai');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function chooseFile(page: Page, file: string) {
  // The hidden picker inside the drop zone (both carry the label).
  await page
    .getByRole('group', { name: 'File import nilai' })
    .getByLabel('File import nilai')
    .setInputFiles(file);
}

describe('score import', () => {
  let rina = '';
  let budi = '';

  it('imports UK scores: good and bad rows, and the result filters', async () => {
    const topic = await createProgramWithTopic(
      app.api,
      {
        title: `Desain Konten Media Sosial ${stamp}`,
        benefits: '<p>Membuat konten yang menarik.</p>',
        competence: 'Merancang konten',
        sellingPrice: 120000,
      },
      'Praktik Desain',
    );
    programId = topic.programId;
    // Activity numbers: 1 = the practice (TPM), 2 = its evaluation (UK).
    await createActivity(app.api, topic, {
      name: 'Praktek Desain Poster',
      type: 'praktek_mandiri',
    });
    await createActivity(app.api, topic, {
      name: 'Uji Keterampilan Desain',
      type: 'evaluasi_praktek_mandiri',
    });
    await app.api('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });
    rina = await join(`Rina Anggraini ${stamp}`, 1);
    budi = await join(`Budi Santoso ${stamp}`, 2);

    const { page } = app.admin;
    await page.goto('/import');
    await page.getByRole('heading', { name: 'Import Nilai UK' }).first().waitFor();
    expect(
      await page.getByRole('link', { name: 'Download template import' }).getAttribute('href'),
    ).toBe('/file/template-import.xlsx');

    // Saving without a file.
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('File Tidak Boleh Kosong').waitFor();
    await snap(page, 'import-uk-empty');

    const file = tmpFile(
      `nilai-uk-${stamp}.xlsx`,
      await xlsx([
        ['license', 'activity_number', 'score', 'feedback'],
        [rina, 2, 88, 'Komposisi poster sudah rapi'],
        [budi, 2, 75, 'Perbaiki pilihan warna'],
        [rina, 1, 90, 'Ini aktivitas TPM'],
        ['TIDAK-ADA-123', 2, 80, 'Voucher salah'],
        [budi, 2, 150, 'Nilai kelewat'],
      ]),
    );
    await chooseFile(page, file);
    await page.getByText(`nilai-uk-${stamp}.xlsx`).waitFor();
    await snap(page, 'import-uk-file-chosen');
    await page.getByRole('button', { name: 'Simpan' }).click();

    const dialog = page.getByRole('dialog', { name: 'Hasil Import Nilai UK' });
    await dialog.waitFor();
    await dialog.getByText('3/5 data belum berhasil diimport.', { exact: false }).waitFor();
    // Both saved scores are for work the participants never did: saved, with a warning.
    await dialog.getByText('2 data tersimpan dengan peringatan.', { exact: false }).waitFor();
    expect(
      await dialog
        .getByText('Peringatan: Nilai disimpan, tetapi peserta belum mengerjakan aktivitas ini')
        .count(),
    ).toBe(2);
    const bodyRows = dialog.getByRole('table', { name: 'Hasil import' }).locator('tbody tr');
    expect(await bodyRows.count()).toBe(5);
    await settle(page);
    await snap(page, 'import-uk-result-all');

    await dialog.getByRole('button', { name: /^Sukses/ }).click();
    expect(await bodyRows.count()).toBe(2);
    expect(await bodyRows.filter({ hasText: rina }).getByText('Berhasil').count()).toBe(1);
    await settle(page);
    await snap(page, 'import-uk-result-success');

    await dialog.getByRole('button', { name: /^Gagal/ }).click();
    expect(await bodyRows.count()).toBe(3);
    expect(await dialog.getByText('Kode voucher tidak ditemukan').count()).toBe(1);
    expect(
      await dialog.getByText('Aktivitas nomor 1 bukan aktivitas Uji Keterampilan (UK)').count(),
    ).toBe(1);
    expect(await dialog.getByText('Nilai harus berupa angka bulat 0 sampai 100').count()).toBe(1);
    await settle(page);
    await snap(page, 'import-uk-result-failed');

    await dialog.getByRole('button', { name: /^Semua/ }).click();
    expect(await bodyRows.count()).toBe(5);
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('refuses a renamed file with the server message and clears the file', async () => {
    const { page } = app.admin;
    const renamed = tmpFile(`bukan-excel-${stamp}.xlsx`, 'license,activity_number,score\nX,2,80\n');
    await chooseFile(page, renamed);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByRole('alert').filter({ hasText: 'File harus berformat .xlsx' }).waitFor();
    expect(await page.getByText(`bukan-excel-${stamp}.xlsx`).count()).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await settle(page);
    await snap(page, 'import-uk-refused');
  });

  it('imports TPM scores and says so when every row went in', async () => {
    const { page } = app.admin;
    await page.goto('/import-feedback');
    await page.getByRole('heading', { name: 'Import Nilai TPM' }).first().waitFor();
    await snap(page, 'import-tpm');
    const file = tmpFile(
      `nilai-tpm-${stamp}.xlsx`,
      await xlsx([
        ['license', 'activity_number', 'score', 'feedback'],
        [rina, 1, 92, 'Tugas lengkap'],
        [budi, 1, 81, null],
      ]),
    );
    await chooseFile(page, file);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await snackbar(page, 'Import nilai berhasil dilakukan').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Hasil Import Nilai TPM' });
    await dialog.getByText('2/2 data berhasil diimport.').waitFor();
    await settle(page);
    await snap(page, 'import-tpm-result');
  });
});
