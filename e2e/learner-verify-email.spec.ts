import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { snapOnFailure } from './support/browser';
import { checkScreenFully, learnerPage, learnerRegister } from './support/learner';
import type { Page } from 'playwright-core';

// Ajar Belajar at 390 × 844: a new participant's address is not verified until they open the
// link of the verification e-mail. info level: without SMTP the server logs the mails.
const app = useApp({ env: { LOG_LEVEL: 'info' } });
let page: Page | undefined;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const participant = {
  fullname: `Dewi Lestari ${stamp}`,
  email: `dewi-${stamp}@contoh.id`,
  phone: '6281234500099',
  password: 'Belajar2026',
};

/** The verification links the server has logged so far, oldest first. */
function loggedLinks(): string[] {
  return [
    ...app.server
      .logs()
      .matchAll(/https?:\/\/[^\s"\\]+\/belajar\/verify-email\?token=[A-Za-z0-9_%-]+/g),
  ].map((m) => m[0]);
}

describe('Ajar Belajar: verifying the e-mail address', () => {
  it('shows “Verifikasi email Anda” after registration, sends again, and the link verifies', async () => {
    const opened = await learnerPage(app.browser, app.server.url);
    page = opened.page;
    await page.goto('/belajar/daftar');
    await page.getByRole('heading', { name: 'Daftar' }).waitFor();
    await learnerRegister(page, participant);
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();

    const banner = page.getByRole('region', { name: 'Verifikasi email Anda' });
    await banner.getByText(participant.email).waitFor();
    await expect.poll(() => loggedLinks().length).toBe(1);
    await checkScreenFully(page, 'verifikasi-email-banner');

    await banner.getByRole('button', { name: 'Kirim ulang' }).click();
    await banner.getByText('Link verifikasi telah dikirim ke email Anda').waitFor();
    await expect.poll(() => loggedLinks().length).toBe(2);
    await checkScreenFully(page, 'verifikasi-email-terkirim');

    // The newest link, opened on the phone.
    const link = new URL(loggedLinks()[1]!);
    await page.goto(link.pathname + link.search);
    await page.getByRole('heading', { name: 'Verifikasi email' }).waitFor();
    await checkScreenFully(page, 'verifikasi-email');
    await page.getByRole('button', { name: 'Verifikasi email' }).click();
    await page.getByText('Email berhasil diverifikasi').waitFor();
    await checkScreenFully(page, 'verifikasi-email-berhasil');

    await page.getByRole('link', { name: 'Buka Ajar Belajar' }).click();
    await page.getByRole('heading', { name: 'Program Saya' }).waitFor();
    await page.getByText('Belum ada program').waitFor();
    expect(await page.getByRole('region', { name: 'Verifikasi email Anda' }).count()).toBe(0);

    // The link is used up.
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Verifikasi email' }).click();
    await page.getByText('Link verifikasi tidak valid atau sudah kedaluwarsa').waitFor();
    await opened.context.close();
  });
});
