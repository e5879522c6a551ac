import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient } from './support/api';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createProgramWithTopic } from './support/data';
import { fieldLabel, settle, text as snackbar } from './support/locators';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const resellerName = `Wulan Sari ${stamp}`;
const resellerEmail = `wulan-${stamp}@mitra.id`;
const memberName = `Joko Prasetyo ${stamp}`;
const memberPhone = `62815${String(Date.now()).slice(-8)}`;

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const field = (page: Page, label: string) => page.getByLabel(fieldLabel(label));

async function readDownloadedSheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(path) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

async function searchReseller(page: Page, q: string) {
  const search = page.getByLabel('Cari nama, e-mail atau kode referral', { exact: true });
  await search.fill(q);
  await search.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === q);
}

describe('resellers', () => {
  let code = '';
  let license = '';

  it('adds a reseller through the form, with the messages of spec 01 §5', async () => {
    const { page } = app.admin;
    await page.goto('/daftar-reseller');
    await page.getByRole('table', { name: 'Daftar Reseller' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await snap(page, 'reseller-list');

    await page.getByRole('link', { name: 'Reseller Baru' }).click();
    await page.waitForURL('**/create-reseller');
    await page.getByRole('heading', { name: 'Tambah Reseller' }).first().waitFor();
    await page.getByText('Ganti angka 0 di depan dengan 62, contoh 6281234567890').waitFor();
    await snap(page, 'reseller-create-empty');

    await page.getByRole('button', { name: 'Simpan' }).click();
    await snackbar(page, 'Data cannot be empty, Please check your data').waitFor();
    for (const message of [
      'Nama Lengkap tidak boleh kosong',
      'E-mail tidak boleh kosong',
      'Domisili tidak boleh kosong',
      'No WA tidak boleh kosong',
      'Provider Komisi tidak boleh kosong',
      'No Handphone tidak boleh kosong',
      'Password tidak boleh kosong',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await snap(page, 'reseller-create-errors');

    await field(page, 'Nama Lengkap').fill(resellerName);
    await field(page, 'E-mail').fill('bukan-email');
    await field(page, 'Domisili').fill('Yogyakarta');
    await field(page, 'No WA').fill('081234567890');
    await field(page, 'Provider Komisi').fill('Bank Mandiri');
    await field(page, 'No Handphone').fill('081234567890');
    await field(page, 'Password').fill('Mitra2025');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('E-mail tidak valid', { exact: true }).waitFor();
    await page
      .getByText('No WA harus diawali 62 dan terdiri dari 10 sampai 15 angka', { exact: true })
      .waitFor();

    await field(page, 'E-mail').fill(resellerEmail);
    await field(page, 'No WA').fill('6281234567890');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await snackbar(page, 'Successfully added data reseller').waitFor();
    await settle(page);
    await snap(page, 'reseller-create-saved');
    // Spec 01 §9: the list opens 3 seconds later.
    await page.waitForURL('**/daftar-reseller', { timeout: 10_000 });

    await searchReseller(page, resellerEmail);
    const listed = row(page, resellerName);
    await listed.waitFor();
    code = (await listed.getByRole('cell').nth(1).textContent())!.trim();
    expect(code).toMatch(/^WULA[A-Z2-9]{4}$/);
    expect(await listed.getByRole('link').textContent()).toBe('0');
  });

  it('counts a member who redeems with the referral code, and toggles the gift', async () => {
    const topic = await createProgramWithTopic(
      app.api,
      {
        title: `Kelas Menjahit ${stamp}`,
        benefits: '<p>Menjahit pakaian sendiri.</p>',
        competence: 'Menjahit pola dasar',
        sellingPrice: 250000,
      },
      'Pola Dasar',
    );
    await app.api('PUT', `/program/v1/company/update-status/${topic.programId}`, {
      status: 'publish',
    });
    const batch = await app.api<{ codes: string[] }>(
      'POST',
      `/program/v1/company/voucher/${topic.programId}/generate`,
      { count: 1 },
    );
    license = batch.codes[0]!;
    const registered = await apiClient(app.server.url)<{ token: string }>(
      'POST',
      '/member/v1/register',
      {
        fullname: memberName,
        email: `joko-${stamp}@contoh.id`,
        phone: memberPhone,
        password: 'Rahasia123',
        consent: true,
      },
    );
    await apiClient(app.server.url, registered.token)('POST', '/member/v1/redeem', {
      license,
      pmo_code: `PMO${stamp.toUpperCase()}`,
      referral_code: code.toLowerCase(),
    });

    const { page } = app.admin;
    await page.goto(`/daftar-reseller?q=${encodeURIComponent(resellerEmail)}`);
    const total = row(page, resellerName).getByRole('link');
    await expect.poll(() => total.textContent()).toBe('1');
    await snap(page, 'reseller-list-counted');

    await total.click();
    await page.waitForURL(`**/list-referal/${code}`);
    const redeem = row(page, memberName);
    await redeem.waitFor();
    expect(await redeem.textContent()).toContain(license);
    expect(await redeem.textContent()).toContain(`Kelas Menjahit ${stamp}`);
    expect(await redeem.textContent()).toContain(memberPhone);
    // The page title is the referral code (spec 01 §2).
    await expect.poll(() => page.title()).toContain(code);
    await snap(page, 'reseller-users');

    const gift = page.getByRole('switch', { name: `Hadiah ${memberName}` });
    expect(await gift.isChecked()).toBe(false);
    await gift.click();
    await snackbar(page, 'Successfully change status gift').waitFor();
    await expect.poll(() => gift.isChecked()).toBe(true);
    await settle(page);
    await snap(page, 'reseller-users-gift');
    const stored = await app.api<{ list: { meta: { gift: string } }[] }>(
      'GET',
      `/reseller/v1/list-user?reseller_code=${code}`,
    );
    expect(stored.list[0]!.meta.gift).toBe('true');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    await snackbar(page, 'Successfully export data').waitFor();
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^pengguna-reseller-${code}-.*\\.xlsx$`),
    );
    const rows = await readDownloadedSheet((await download.path())!);
    expect(rows[0]).toContain('Kode Voucher');
    expect(rows[1]).toContain(license);
    expect(rows[1]).toContain('Sudah');
  });

  it('exports several resellers from the list dialog', async () => {
    const { page } = app.admin;
    await page.goto('/daftar-reseller');
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Pengguna Reseller' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Export' }).click();
    await dialog.getByText('Pilih minimal satu reseller', { exact: true }).waitFor();
    await dialog.getByLabel('Reseller').fill(stamp);
    await page.getByRole('option', { name: new RegExp(resellerName) }).click();
    await page.keyboard.press('Escape');
    // dd/mm/yyyy, today in WIB.
    const today = new Date(Date.now() + 7 * 3600_000)
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('/');
    await dialog.getByLabel('Tanggal Mulai').fill('01/01/2024');
    await dialog.getByLabel('Tanggal Akhir').fill(today);
    await settle(page);
    await snap(page, 'reseller-export-dialog');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    await snackbar(page, 'Successfully export data').waitFor();
    const rows = await readDownloadedSheet((await download.path())!);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(license);
  });

  it('edits a reseller in the Update Reseller dialog, the e-mail read-only', async () => {
    const { page } = app.admin;
    await page.goto(`/daftar-reseller?q=${encodeURIComponent(resellerEmail)}`);
    await row(page, resellerName)
      .getByRole('button', { name: `Edit ${resellerName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Update Reseller' });
    await dialog.waitFor();
    const email = dialog.getByLabel(fieldLabel('E-mail'));
    await expect.poll(() => email.inputValue()).toBe(resellerEmail);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByLabel(fieldLabel('Password')).count()).toBe(0);
    await dialog.getByLabel(fieldLabel('Domisili')).fill('Surakarta');
    await dialog.getByLabel(fieldLabel('Nama Lengkap')).fill('');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Nama Lengkap tidak boleh kosong', { exact: true }).waitFor();
    await dialog.getByLabel(fieldLabel('Nama Lengkap')).fill(`${resellerName} Baru`);
    await settle(page);
    await snap(page, 'reseller-update-dialog');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await snackbar(page, 'Successfully update data reseller').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, `${resellerName} Baru`).waitFor();
    const stored = await app.api<{ list: { meta: { domicile: string; gift: string } }[] }>(
      'GET',
      `/reseller/v1/list?q=${encodeURIComponent(resellerEmail)}`,
    );
    expect(stored.list[0]!.meta).toMatchObject({ domicile: 'Surakarta', gift: 'false' });

    await page.goto('/daftar-reseller?q=tidak-ada-reseller-ini');
    await page.getByText('Tidak ada reseller', { exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/daftar-reseller');
    await page.getByRole('row').nth(1).waitFor();
    await snap(page, 'reseller-list-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});
