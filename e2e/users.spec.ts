import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiLogin } from './support/api';
import { useAdminApp } from './support/app';
import { newPage, snap, snapOnFailure } from './support/browser';
import { confirmDialog, fieldLabel, settle, text as snackbar } from './support/locators';
import { demo, login } from './support/session';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const trainerName = `Rudi Hartono ${stamp}`;
const trainerEmail = `rudi-${stamp}@pelatih.id`;
const trainerPassword = 'Pelatih123';

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' });

/** `GET /api/admin/v1/me` with a bearer token, over HTTP: its status. */
async function meStatus(token: string): Promise<number> {
  const res = await fetch(`${app.server.url}/api/admin/v1/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

async function search(page: Page, q: string) {
  const box = page.getByLabel('Cari nama atau email', { exact: true });
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === q);
}

describe('staff accounts', () => {
  let trainerToken = '';

  it('creates a trainer through the dialog and lists it', async () => {
    const { page } = app.admin;
    await menu(page).getByRole('link', { name: 'Pengguna' }).click();
    await page.waitForURL('**/pengguna');
    await page.getByRole('heading', { name: 'Daftar Pengguna' }).first().waitFor();
    // The demo trainer is listed with its assigned programs.
    await row(page, 'trainer@ajar.test').first().waitFor();
    await settle(page);
    await snap(page, 'users-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await snap(page, 'users-list-phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('button', { name: 'Pengguna Baru' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pengguna Baru' });
    await dialog.waitFor();
    await dialog
      .getByText('Password minimal 8 karakter, mengandung minimal 1 huruf dan 1 angka')
      .waitFor();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await snackbar(page, 'Data cannot be empty, Please check your data').waitFor();
    for (const message of [
      'Nama Lengkap tidak boleh kosong',
      'Email tidak boleh kosong',
      'Peran tidak boleh kosong',
      'Password tidak boleh kosong',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await settle(page);
    await snap(page, 'users-create-errors');

    await dialog.getByLabel(fieldLabel('Nama Lengkap')).fill(trainerName);
    // An e-mail already in use is refused on its field.
    await dialog.getByLabel(fieldLabel('Email')).fill(demo.trainer.email);
    await dialog.getByLabel(fieldLabel('No Handphone')).fill('081298765432');
    await dialog.getByRole('combobox', { name: 'Peran' }).click();
    await page.getByRole('option', { name: 'Trainer' }).click();
    await dialog.getByLabel(fieldLabel('Password')).fill(trainerPassword);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Email sudah digunakan oleh pengguna lain', { exact: true }).waitFor();

    await dialog.getByLabel(fieldLabel('Email')).fill(trainerEmail);
    await settle(page);
    await snap(page, 'users-create-filled');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await snackbar(page, 'Pengguna berhasil ditambahkan').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await search(page, trainerEmail);
    const created = row(page, trainerName);
    await created.waitFor();
    expect(await created.getByText('Trainer', { exact: true }).count()).toBe(1);
    expect(await created.getByText('Aktif', { exact: true }).count()).toBe(1);
  });

  it('deactivates the trainer: its open session ends at once; reactivating lets it in again', async () => {
    const { page } = app.admin;
    trainerToken = (
      await apiLogin(app.server.url, { email: trainerEmail, password: trainerPassword })
    ).token;
    expect(await meStatus(trainerToken)).toBe(200);

    await row(page, trainerName)
      .getByRole('button', { name: `Nonaktifkan ${trainerName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Nonaktifkan Pengguna' });
    await dialog.waitFor();
    await settle(page);
    await snap(page, 'users-deactivate-confirm');
    await confirmDialog(page, 'Nonaktifkan Pengguna', { button: 'Nonaktifkan' });
    await snackbar(page, 'Pengguna berhasil dinonaktifkan').waitFor();
    await row(page, trainerName).getByText('Nonaktif', { exact: true }).waitFor();
    await snap(page, 'users-deactivated');

    expect(await meStatus(trainerToken)).toBe(401);
    await expect(
      apiLogin(app.server.url, { email: trainerEmail, password: trainerPassword }),
    ).rejects.toThrow(/Akun anda tidak aktif/);

    await row(page, trainerName)
      .getByRole('button', { name: `Aktifkan ${trainerName}` })
      .click();
    await confirmDialog(page, 'Aktifkan Pengguna', { button: 'Aktifkan' });
    await snackbar(page, 'Pengguna berhasil diaktifkan').waitFor();
    await row(page, trainerName).getByText('Aktif', { exact: true }).waitFor();
    // The old session stays ended; a new login works.
    expect(await meStatus(trainerToken)).toBe(401);
    const again = await apiLogin(app.server.url, {
      email: trainerEmail,
      password: trainerPassword,
    });
    expect(await meStatus(again.token)).toBe(200);
  });

  it('edits the account and sends it a reset link', async () => {
    const { page } = app.admin;
    await row(page, trainerName)
      .getByRole('button', { name: `Edit ${trainerName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Pengguna' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(fieldLabel('Email')).inputValue()).toBe(trainerEmail);
    await dialog.getByLabel(fieldLabel('Nama Lengkap')).fill(`${trainerName} S.Pd`);
    await settle(page);
    await snap(page, 'users-edit');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await snackbar(page, 'Pengguna berhasil diperbarui').waitFor();
    await row(page, `${trainerName} S.Pd`).waitFor();

    await row(page, trainerName)
      .getByRole('button', { name: `Kirim Link Reset Password ${trainerName} S.Pd` })
      .click();
    await page.getByRole('dialog', { name: 'Kirim Link Reset Password' }).waitFor();
    await settle(page);
    await snap(page, 'users-reset-confirm');
    await confirmDialog(page, 'Kirim Link Reset Password', { button: 'Kirim' });
    await snackbar(page, 'Link reset password berhasil dikirim').waitFor();
  });

  it('cannot deactivate the signed-in superadmin', async () => {
    const { page } = app.admin;
    await search(page, demo.admin.email);
    const self = row(page, demo.admin.email);
    await self.waitFor();
    expect(await self.getByRole('button', { name: /^Nonaktifkan / }).isDisabled()).toBe(true);
  });

  it('hides the Pengguna menu from a trainer and refuses the screen', async () => {
    const { page, context } = await newPage(app.browser, app.server.url);
    await login(page, demo.trainer);
    const nav = menu(page);
    await nav.getByRole('link', { name: 'Presensi' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Pengguna' }).count()).toBe(0);
    await page.goto('/pengguna');
    await page.getByText('Anda tidak memiliki akses').first().waitFor();
    expect(await page.getByRole('table', { name: 'Daftar Pengguna' }).count()).toBe(0);
    await snap(page, 'users-trainer-refused');
    await context.close();
  });
});
