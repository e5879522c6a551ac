import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { checkScreenFully, learnerPage, learnerRegister, learnerSignIn } from './support/learner';

// Consent to the privacy notice (docs/decisions.md, "Consent to the privacy notice"): Ajar
// Belajar at 390 × 844 asks for it at registration and again after the superadmin saves a new
// version.
const app = useAdminApp({ width: 1366, height: 900 });
let page: Page | undefined;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const participant = {
  fullname: `Maya Anggraini ${stamp}`,
  email: `maya-${stamp}@contoh.id`,
  phone: `62814${String(Date.now()).slice(-8)}`,
  password: 'Belajar2026',
};
const newText = `Kebijakan Privasi baru ${stamp}\n\nKami kini juga menyimpan riwayat perangkat Anda.`;

describe('Ajar Belajar: consent to the privacy notice', () => {
  it('reads the notice signed out, and registration asks for the ticked consent', async () => {
    const opened = await learnerPage(app.browser, app.server.url);
    page = opened.page;
    await page.goto('/belajar/privasi');
    await page.getByRole('heading', { name: 'Kebijakan Privasi' }).waitFor();
    await page.getByText('Hak Anda').waitFor();
    await checkScreenFully(page, 'privasi');

    await page.goto('/belajar/daftar');
    await page.getByRole('heading', { name: 'Daftar' }).waitFor();
    const link = page.getByRole('link', { name: 'Kebijakan Privasi' });
    expect(await link.getAttribute('href')).toBe('/belajar/privasi');
    await page.getByLabel('Nama Lengkap').fill(participant.fullname);
    await page.getByLabel('Email', { exact: true }).fill(participant.email);
    await page.getByLabel('Nomor Whatsapp').fill(participant.phone);
    await page.getByLabel('Password', { exact: true }).fill(participant.password);
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    await page.getByText('Anda harus menyetujui Kebijakan Privasi untuk mendaftar').waitFor();
    await checkScreenFully(page, 'daftar-tanpa-persetujuan');

    await learnerRegister(page, participant);
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await opened.context.close();
    page = undefined;
  });

  it('publishes a new version in the back office; the participant agrees at next sign-in', async () => {
    const staff = app.admin.page;
    await staff.goto('/kebijakan-privasi');
    const field = staff.getByRole('textbox', { name: 'Isi Kebijakan Privasi' });
    await expect.poll(() => field.inputValue()).toContain('Hak Anda');
    await field.fill(newText);
    await staff.getByRole('button', { name: 'Simpan' }).click();
    await staff.getByText('Kebijakan Privasi disimpan sebagai versi 2').waitFor();
    const versions = staff.getByRole('table', { name: 'Versi Kebijakan Privasi' });
    await versions.getByRole('row').filter({ hasText: 'Admin Ajar' }).waitFor();
    await versions
      .getByRole('row')
      .filter({ hasText: 'Bawaan sistem' })
      .getByRole('button', { name: 'Lihat' })
      .click();
    await staff.getByRole('dialog').getByText('Hak Anda').waitFor();
    await snap(staff, 'kebijakan-privasi-versi');
    await staff.getByRole('button', { name: 'Tutup' }).click();

    const opened = await learnerPage(app.browser, app.server.url);
    page = opened.page;
    await page.goto('/belajar/masuk');
    await learnerSignIn(page, participant.email, participant.password);
    await page.waitForURL('**/belajar/persetujuan**');
    await page.getByText(`Kebijakan Privasi baru ${stamp}`).waitFor();
    await page.getByText('Versi 2', { exact: false }).waitFor();
    await checkScreenFully(page, 'persetujuan');

    // Nothing else opens meanwhile: the bottom navigation is not there, an address goes back.
    expect(await page.getByRole('link', { name: 'Profil' }).count()).toBe(0);
    await page.goto('/belajar/profil');
    await page.waitForURL('**/belajar/persetujuan**');
    await page.getByRole('button', { name: 'Setuju' }).click();
    await page.getByRole('heading', { name: 'Profil' }).waitFor();
    await page.goto('/belajar/');
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    expect(page.url()).not.toContain('persetujuan');
  });
});
