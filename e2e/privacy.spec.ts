import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient } from './support/api';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { confirmDialog } from './support/locators';
import { checkScreenFully, learnerPage, learnerSignIn } from './support/learner';

// Ajar Belajar at 390 × 844: a participant's rights over their personal data
// (docs/personal-data.md).
const app = useAdminApp({ width: 1366, height: 900 });
let page: Page | undefined;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const participant = {
  fullname: `Rina Wulandari ${stamp}`,
  email: `rina-${stamp}@contoh.id`,
  phone: `62813${String(Date.now()).slice(-8)}`,
  password: 'Belajar2026',
};

describe('Ajar Belajar: the participant’s personal data', () => {
  it('prepares “Unduh data saya” and saves the zip once', async () => {
    await apiClient(app.server.url)('POST', '/member/v1/register', {
      ...participant,
      consent: true,
    });
    const opened = await learnerPage(app.browser, app.server.url);
    page = opened.page;
    await page.goto('/belajar/masuk');
    await learnerSignIn(page, participant.email, participant.password);
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await page.getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('heading', { name: 'Unduh data saya' }).waitFor();
    await checkScreenFully(page, 'profil-unduh-data');

    await page.getByRole('button', { name: 'Siapkan data saya' }).click();
    const save = page.getByRole('button', { name: 'Unduh file data' });
    await save.waitFor();
    await checkScreenFully(page, 'profil-unduh-data-siap');
    const downloading = page.waitForEvent('download');
    await save.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^data-saya-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = fs.readFileSync((await download.path())!);
    expect(saved.subarray(0, 2).toString()).toBe('PK');
    expect(saved.includes(Buffer.from('data/profil.json'))).toBe(true);

    // Once: the screen now offers a new copy, not the used one.
    await page.getByText('File data sudah diunduh.').waitFor();
    await page.getByRole('button', { name: 'Siapkan data saya' }).waitFor();
    await opened.context.close();
  });

  it('asks “Hapus akun” with the password, and staff confirm it', async () => {
    const opened = await learnerPage(app.browser, app.server.url);
    page = opened.page;
    await page.goto('/belajar/masuk');
    await learnerSignIn(page, participant.email, participant.password);
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await page.getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('button', { name: 'Hapus akun saya' }).click();
    await page.getByLabel('Password', { exact: true }).fill('bukan-password');
    await page.getByRole('button', { name: 'Konfirmasi hapus akun' }).click();
    await page.getByText('Password salah').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(participant.password);
    await page.getByRole('button', { name: 'Konfirmasi hapus akun' }).click();
    await page.getByText('Permintaan hapus akun sedang diproses').waitFor();
    await checkScreenFully(page, 'profil-hapus-akun-diminta');

    const staff = app.admin.page;
    await staff.goto('/permintaan-hapus-akun');
    const row = staff.getByRole('row').filter({ hasText: participant.email });
    await row.getByRole('button', { name: 'Hapus sekarang' }).click();
    await confirmDialog(staff, 'Hapus akun peserta?', { button: 'Hapus sekarang' });
    await staff.getByText('Akun peserta telah dihapus').waitFor();
    await staff.getByText('Tidak ada permintaan hapus akun').waitFor();
    await snap(staff, 'permintaan-hapus-akun');

    // The participant's session has ended: back to 'Masuk', and the password no longer opens it.
    await page.reload();
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    await learnerSignIn(page, participant.email, participant.password);
    await page.getByText('Email atau password salah').waitFor();
    await opened.context.close();
  });
});
