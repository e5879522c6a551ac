import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './support/app';
import { newPage, snap } from './support/browser';
import { demo, login } from './support/session';
import { settle } from './support/locators';

const app = useApp();

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' });

describe('shell', () => {
  it('shows the 404 page on an unknown path, signed out and signed in', async () => {
    const { page, context } = await newPage(app.browser, app.server.url);
    await page.goto('/tidak-ada-halaman-ini');
    await page.getByRole('heading', { name: 'Error 404 - Page not found' }).waitFor();
    await snap(page, 'shell-404-guest');
    await page.getByRole('link', { name: 'Kembali ke halaman login' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await login(page);
    await page.goto('/program/tidak/ada/sama/sekali');
    await page.getByRole('heading', { name: 'Error 404 - Page not found' }).waitFor();
    // Signed in, the 404 keeps the menu.
    await menu(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.waitForFunction(
      () => document.title === 'Error 404 - Content Management System Trainer',
    );
    await snap(page, 'shell-404-signed-in');
    await page.getByRole('link', { name: 'Kembali ke Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('titles the document with the breadcrumb trail', async () => {
    const { page, context } = await newPage(app.browser, app.server.url);
    await page.goto('/');
    await page.waitForFunction(
      () => document.title === 'Login - Content Management System Trainer',
    );
    await login(page);
    await page.waitForFunction(
      () => document.title === 'Dashboard - Content Management System Trainer',
    );
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Dashboard').waitFor();
    await page.goto('/update-password');
    await page.waitForFunction(
      () => document.title === 'Ubah Password - Content Management System Trainer',
    );
    await context.close();
  });

  it('shows the admin the whole menu, grouped as in the spec', async () => {
    const { page, context } = await newPage(app.browser, app.server.url);
    await login(page);
    const nav = menu(page);
    for (const name of ['Dashboard', 'Program', 'Notifikasi', 'Reseller', 'Presensi']) {
      await nav.getByRole('link', { name, exact: true }).waitFor();
    }
    await nav.getByRole('button', { name: 'Kelola Nilai' }).click();
    await nav.getByRole('link', { name: 'Import Nilai UK' }).waitFor();
    await nav.getByRole('link', { name: 'Import Nilai TPM' }).waitFor();
    await nav.getByRole('button', { name: 'Diskusi' }).click();
    await nav.getByRole('link', { name: 'Diskusi Private' }).waitFor();
    await nav.getByRole('link', { name: 'Diskusi Publik' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await snap(page, 'shell-admin-menu');
    await context.close();
  });

  it('hides Reseller and Notifikasi from a trainer', async () => {
    const { page, context } = await newPage(app.browser, app.server.url);
    await login(page, demo.trainer);
    const nav = menu(page);
    await nav.getByRole('link', { name: 'Presensi' }).waitFor();
    await nav.getByRole('button', { name: 'Kelola Nilai' }).waitFor();
    await nav.getByRole('button', { name: 'Diskusi' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Reseller' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Notifikasi' }).count()).toBe(0);
    await page.getByText('Trainer', { exact: true }).first().waitFor();
    await snap(page, 'shell-trainer');
    await context.close();
  });

  it('opens the drawer from the menu button on a narrow screen and navigates', async () => {
    const { page, context } = await newPage(app.browser, app.server.url, {
      width: 375,
      height: 740,
    });
    await login(page);
    // The drawer is closed: no menu until the button is pressed.
    expect(await menu(page).count()).toBe(0);
    await snap(page, 'shell-narrow-dashboard');
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await menu(page).getByRole('link', { name: 'Presensi' }).waitFor();
    await snap(page, 'shell-narrow-drawer');
    await menu(page).getByRole('button', { name: 'Diskusi' }).click();
    // The group is open and its Collapse has finished growing before its link is pressed.
    await menu(page).getByRole('button', { name: 'Diskusi', expanded: true }).waitFor();
    await settle(page);
    await menu(page).getByRole('link', { name: 'Diskusi Publik' }).click();
    await page.waitForURL('**/discussion/public');
    // The drawer closes after choosing.
    await page.waitForFunction(
      () => !document.querySelector('nav[aria-label="Menu utama"]')?.checkVisibility(),
    );
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await menu(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    await context.close();
  });
});
