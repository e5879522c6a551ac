import { describe, expect, it } from 'vitest';
import { apiClient } from './support/api';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createProgramWithTopic } from './support/data';
import { fieldLabel, radio, settle, text as snackbar } from './support/locators';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const programTitle = `Kelas Notifikasi ${stamp}`;
const title = `Sesi live ${stamp}`;
const message = 'Sesi tanya jawab dimulai pukul 19.00 WIB.';

describe('notifications to participants', () => {
  let member: ReturnType<typeof apiClient>;

  it('a member joins a published program over the API', async () => {
    const topic = await createProgramWithTopic(
      app.api,
      {
        title: programTitle,
        benefits: '<p>Belajar bersama fasilitator.</p>',
        competence: 'Menyusun rencana kerja',
        sellingPrice: 100000,
      },
      'Pengantar',
    );
    await app.api('PUT', `/program/v1/company/update-status/${topic.programId}`, {
      status: 'publish',
    });
    const batch = await app.api<{ codes: string[] }>(
      'POST',
      `/program/v1/company/voucher/${topic.programId}/generate`,
      { count: 1 },
    );
    const registered = await apiClient(app.server.url)<{ token: string }>(
      'POST',
      '/member/v1/register',
      {
        fullname: `Rina Lestari ${stamp}`,
        email: `rina-${stamp}@contoh.id`,
        phone: `62817${String(Date.now()).slice(-8)}`,
        password: 'Rahasia123',
        consent: true,
      },
    );
    member = apiClient(app.server.url, registered.token);
    await member('POST', '/member/v1/redeem', {
      license: batch.codes[0],
      pmo_code: `PMO${stamp.toUpperCase()}`,
    });
  });

  it('the admin sends a notification by program from /notifikasi; the member gets it', async () => {
    const { page } = app.admin;
    await page.goto('/notifikasi');
    await page.getByRole('button', { name: 'Notifikasi Baru' }).waitFor();
    await settle(page);
    await snap(page, 'notifications-list');

    await page.getByRole('button', { name: 'Notifikasi Baru' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notifikasi Baru' });
    await radio(dialog, 'Target', 'Berdasarkan program/progress').check();
    await dialog.getByRole('combobox', { name: fieldLabel('Program') }).click();
    await page.getByRole('option', { name: programTitle, exact: true }).click();
    await dialog.getByText('Akan dikirim ke 1 peserta').waitFor();
    await dialog.getByRole('textbox', { name: fieldLabel('Judul') }).fill(title);
    await dialog.getByRole('textbox', { name: fieldLabel('Pesan') }).fill(message);
    await dialog.getByRole('textbox', { name: 'Link (opsional)' }).fill('https://contoh.id/live');
    await settle(page);
    await snap(page, 'notifications-create-dialog');
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    await snackbar(page, 'Successfully send notification').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    const cells = await row.textContent();
    expect(cells).toContain('Berdasarkan program/progress');
    expect(cells).toContain(programTitle);
    expect(cells).toContain('1 peserta');
    await settle(page);
    await snap(page, 'notifications-sent');

    const mine = await member<{ list: { title: string; description: string; read: boolean }[] }>(
      'GET',
      '/member/v1/notification/list',
    );
    expect(mine.list[0]).toMatchObject({ title, description: message, read: false });
  });
});
