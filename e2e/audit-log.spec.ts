import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';

/**
 * 'Log Aktivitas' (the audit trail) as the demo superadmin: a staff account created through the
 * API shows as an entry, the action filter narrows the list, the entry opens with its values
 * after the change, and the filtered list downloads as an .xlsx.
 */
const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const fullname = `Trainer Audit ${stamp}`;

beforeAll(async () => {
  await app.api('POST', '/users/v1/staff/create', {
    fullname,
    email: `audit-${stamp}@contoh.id`,
    phone: '6281234509876',
    role: 'trainer',
    password: 'Rahasia-Kuat-123',
  });
});

describe('Log Aktivitas', () => {
  it('lists, filters, opens an entry and exports', async () => {
    const { page } = app.admin;
    await page.getByRole('link', { name: 'Log Aktivitas' }).click();
    await page.waitForURL('**/log-aktivitas');
    const table = page.getByRole('table', { name: 'Log Aktivitas' });
    // The sign-in of the page itself is on the list.
    await expect
      .poll(() => table.getByText('Staf masuk').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    await page.getByRole('combobox', { name: 'Aksi' }).click();
    await page.getByRole('option', { name: 'Akun staf dibuat' }).click();
    await page.waitForURL(/action=user\.created/);
    await expect.poll(() => table.getByText('Staf masuk').count()).toBe(0);
    const row = table.getByRole('row').filter({ hasText: 'Akun staf dibuat' }).first();
    await row.click();

    const dialog = page.getByRole('dialog', { name: 'Akun staf dibuat' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText(fullname).count()).toBeGreaterThan(0);
    expect(await dialog.getByText('Sesudah').count()).toBe(1);
    await snap(page, 'audit-log-entry');
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^log-aktivitas-.*\.xlsx$/);
  });
});
