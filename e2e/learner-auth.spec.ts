import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure, type OpenPage } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { checkScreenFully, learnerPage, learnerSignIn } from './support/learner';

// Ajar Belajar at 390 × 844 on the real built server: a new participant registers,
// redeems a voucher the admin made, signs out and in again; the session survives a reload and
// its end sends them to 'Masuk'; every screen passes axe-core.

const app = useApp();
let staff: Api;
let phone: OpenPage;
let page: Page;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const title = `Public Speaking untuk Pemula ${stamp}`;
const participant = {
  fullname: `Rina Kartika ${stamp}`,
  email: `rina-${stamp}@contoh.id`,
  phone: '6281234567890',
  password: 'Belajar2026',
};
let vouchers: string[] = [];

beforeAll(async () => {
  staff = await signedInApi(app.server.url);
  const topic = await createProgramWithTopic(
    staff,
    {
      title,
      benefits: '<p>Berbicara di depan umum dengan percaya diri.</p>',
      competence: 'Menyampaikan presentasi singkat',
      sellingPrice: 150000,
    },
    'Mengenal Audiens',
  );
  await createActivity(staff, topic, { name: 'Membaca Panduan Presentasi', type: 'general' });
  await staff('PUT', `/program/v1/company/update-status/${topic.programId}`, {
    status: 'publish',
  });
  const batch = await staff<{ codes: string[] }>(
    'POST',
    `/program/v1/company/voucher/${topic.programId}/generate`,
    { count: 1 },
  );
  vouchers = batch.codes;
  phone = await learnerPage(app.browser, app.server.url);
  page = phone.page;
});

/** The message shown under a field (its accessible description). */
async function fieldError(label: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
  return page.locator(`[id="${errorId}"]`).innerText();
}

describe('Ajar Belajar: account and voucher', () => {
  it('sends a guest to Masuk, and registers a new participant there', async () => {
    await page.goto('/belajar/');
    await page.waitForURL('**/belajar/masuk');
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    await checkScreenFully(page, 'masuk');

    await page.getByRole('link', { name: 'Daftar' }).click();
    await page.getByRole('heading', { name: 'Daftar' }).waitFor();
    // Empty fields are refused here with the server's own rules.
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    expect(await fieldError('Nama Lengkap')).toBe('Nama Lengkap tidak boleh kosong');
    await checkScreenFully(page, 'daftar-kosong');

    // A field refused by the server shows under that field: the demo participant's e-mail.
    await page.getByLabel('Nama Lengkap').fill(participant.fullname);
    await page.getByLabel('Email', { exact: true }).fill('peserta1@ajar.test');
    await page.getByLabel('Nomor Whatsapp').fill(participant.phone);
    await page.getByLabel('Password', { exact: true }).fill(participant.password);
    // The consent to the privacy notice is required too, with its own message.
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    await page.getByText('Anda harus menyetujui Kebijakan Privasi untuk mendaftar').waitFor();
    await page.getByLabel(/Saya telah membaca dan menyetujui/).check();
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    expect(await fieldError('Email')).toBe('Email sudah terdaftar');

    await page.getByLabel('Email', { exact: true }).fill(participant.email);
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await page.getByText('Belum ada program').waitFor();
    await checkScreenFully(page, 'program-saya-kosong');
  });

  it('refuses a bad voucher with the server message, then redeems the admin’s voucher', async () => {
    await page.getByRole('link', { name: 'Tukar Voucher' }).first().click();
    await page.getByRole('heading', { name: 'Tukar Voucher' }).waitFor();
    await checkScreenFully(page, 'tukar-voucher');

    await page.getByLabel('Kode voucher').fill('BUKAN-VOUCHER-9');
    await page.getByLabel('Kode redeem').fill(`PMO${stamp}`.toUpperCase());
    await page.getByRole('button', { name: 'Tukar Voucher', exact: true }).click();
    expect(await fieldError('Kode voucher')).toBe('Kode voucher tidak ditemukan');
    await checkScreenFully(page, 'tukar-voucher-ditolak');

    await page.getByLabel('Kode voucher').fill(vouchers[0]!.toLowerCase());
    await page.getByRole('button', { name: 'Tukar Voucher', exact: true }).click();
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await page.getByText(`Voucher berhasil digunakan: ${title}`).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect.poll(() => card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await card.getByRole('link', { name: 'Mulai belajar' }).waitFor();
    await checkScreenFully(page, 'program-saya');

    // The same code again: used.
    await page.getByRole('link', { name: 'Tukar Voucher' }).click();
    await page.getByLabel('Kode voucher').fill(vouchers[0]!);
    await page.getByLabel('Kode redeem').fill(`PMO${stamp}`.toUpperCase());
    await page.getByRole('button', { name: 'Tukar Voucher', exact: true }).click();
    expect(await fieldError('Kode voucher')).toBe('Kode voucher sudah digunakan');
  });

  it('keeps the session across a reload', async () => {
    await page.getByRole('link', { name: 'Program Saya' }).click();
    await page.getByRole('listitem').filter({ hasText: title }).waitFor();
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/belajar/');
    await checkScreenFully(page, 'program-saya-reload');
  });

  it('shows the profile and signs out with Keluar', async () => {
    await page.getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('heading', { name: 'Profil' }).waitFor();
    await expect
      .poll(() => page.getByLabel('Nama Lengkap').inputValue())
      .toBe(participant.fullname);
    await checkScreenFully(page, 'profil');
    await page.getByRole('link', { name: 'Ubah password' }).click();
    await page.getByRole('heading', { name: 'Ubah password' }).waitFor();
    await checkScreenFully(page, 'ubah-password');
    await page.getByRole('button', { name: 'Kembali' }).click();
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ajar_member_auth'))).toBeNull();
  });

  it('brings a guest back to the page they wanted after signing in, by keyboard', async () => {
    await page.goto('/belajar/profil');
    await page.waitForURL('**/belajar/masuk?kembali=%2Fprofil');
    await learnerSignIn(page, participant.email, 'Salah12345');
    expect(await fieldError('Email')).toBe('Email atau password salah');
    await checkScreenFully(page, 'masuk-ditolak');
    // Focus is on the field in error; Tab reaches the password, Enter sends the form.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('email');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(participant.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Profil' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/belajar/profil');
  });

  it('returns to Masuk with a message when the server ends the session', async () => {
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('ajar_member_auth') ?? '{}') as object;
      localStorage.setItem(
        'ajar_member_auth',
        JSON.stringify({ ...stored, token: 'sesi-yang-sudah-berakhir' }),
      );
    });
    await page.goto('/belajar/');
    await page.getByText('Sesi Anda berakhir, silakan masuk lagi').waitFor();
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    await learnerSignIn(page, participant.email, participant.password);
    await page.getByRole('listitem').filter({ hasText: title }).waitFor();
  });
});

describe('Ajar Belajar: the other guest screens', () => {
  let guest: Page;

  beforeAll(async () => {
    guest = (await learnerPage(app.browser, app.server.url)).page;
  });

  it('Lupa password, the reset link and an unknown address pass axe', async () => {
    await guest.goto('/belajar/masuk');
    await guest.getByRole('link', { name: 'Lupa password?' }).click();
    await guest.getByRole('heading', { name: 'Lupa password' }).waitFor();
    await checkScreenFully(guest, 'lupa-password');
    await guest.goto('/belajar/reset-password?token=contoh-token');
    await guest.getByRole('heading', { name: 'Atur ulang password' }).waitFor();
    await guest.getByLabel('Password baru', { exact: true }).fill('Baru12345');
    await guest.getByLabel('Ulangi password baru', { exact: true }).fill('Lain12345');
    await guest.getByRole('button', { name: 'Simpan password' }).click();
    await guest.getByText('Konfirmasi password tidak sama').waitFor();
    await checkScreenFully(guest, 'reset-password');
    await guest.goto('/belajar/tidak-ada-di-sini');
    await guest.getByRole('heading', { name: 'Halaman tidak ditemukan' }).waitFor();
    await checkScreenFully(guest, 'tidak-ditemukan');
  });

  it('shows the demo participant’s programs', async () => {
    await guest.goto('/belajar/masuk');
    await learnerSignIn(guest, 'peserta1@ajar.test', 'Rahasia123');
    await guest.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await guest
      .getByRole('list', { name: 'Daftar program' })
      .getByRole('listitem')
      .first()
      .waitFor();
    await checkScreenFully(guest, 'program-saya-demo');
  });
});

// Last: it stops the server.
describe('Ajar Belajar offline', () => {
  it('opens from the service worker’s cache and says it is offline', async () => {
    await page.goto('/belajar/');
    await page.getByRole('listitem').filter({ hasText: title }).waitFor();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    // Read once more with the worker in control: it keeps the screen's answer.
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: title }).waitFor();

    await app.server.stop();
    await phone.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'Anda sedang offline. Data terbaru akan muncul saat koneksi kembali.' })
      .waitFor();
    // The programs as last seen (learner-offline.spec.ts covers the rest of the seen screens).
    await page.getByRole('listitem').filter({ hasText: title }).waitFor();
    await checkScreenFully(page, 'offline');

    // A deep link opens too (the cached index.html), with what the phone knows.
    await page.goto('/belajar/profil');
    await page.getByRole('heading', { name: 'Profil' }).waitFor();
    await expect
      .poll(() => page.getByLabel('Nama Lengkap').inputValue())
      .toBe(participant.fullname);
  });
});
