import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './support/app';
import { newPage, snap } from './support/browser';
import { demo, login } from './support/session';

// info level: without SMTP the server writes the reset link to its log.
const app = useApp({ env: { LOG_LEVEL: 'info' } });

async function freshPage(width?: number): Promise<Page> {
  const { page } = await newPage(app.browser, app.server.url, { width });
  return page;
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu pengguna' }).click();
}

describe('sign in and out', () => {
  it('signs in with the demo admin and lands on the dashboard', async () => {
    const page = await freshPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await snap(page, 'auth-login');
    await login(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    await page.getByText('Admin Ajar', { exact: true }).first().waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('ytc_auth'));
    expect(JSON.parse(stored ?? '{}').user.email).toBe(demo.admin.email);
    await snap(page, 'auth-dashboard');
    await page.context().close();
  });

  it("loads the dashboard's code while the user types, not when the sign-in page opens", async () => {
    const page = await freshPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const dashboardCode = () => scripts.filter((p) => /\/dashboard-page-[\w-]+\.js$/.test(p));
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(dashboardCode()).toEqual([]);
    await page.getByLabel('Email').fill(demo.admin.email);
    await expect.poll(() => dashboardCode().length).toBe(1);
    await page.getByLabel('Password').fill(demo.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    // Loaded once: the router found it loaded.
    expect(dashboardCode()).toHaveLength(1);
    await page.context().close();
  });

  it('shows the server message on the email field for a wrong password', async () => {
    const page = await freshPage();
    await page.goto('/');
    await page.getByLabel('Email').fill(demo.admin.email);
    await page.getByLabel('Password').fill('salah-sekali-1');
    await page.getByRole('button', { name: 'Login' }).click();
    const email = page.getByLabel('Email');
    await page.getByText('Email atau password salah').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('Email atau password salah');
    expect(new URL(page.url()).pathname).toBe('/');
    await snap(page, 'auth-login-error');
    await page.context().close();
  });

  it('signs in when notifications are allowed but no push service answers', async () => {
    const { page, context } = await newPage(app.browser, app.server.url);
    await context.grantPermissions(['notifications']);
    await login(page);
    // The service worker is in place for pushes; the failed subscription did not block login.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
      return worker?.scriptURL ?? null;
    });
    expect(worker).toBe(`${app.server.url}/sw.js`);
    await context.close();
  });

  it('validates empty fields with the shared messages before calling', async () => {
    const page = await freshPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email tidak boleh kosong').waitFor();
    await page.getByText('Password tidak boleh kosong').waitFor();
    await page.context().close();
  });

  it('sends a guest to / and back to the wanted page after login', async () => {
    const page = await freshPage();
    await page.goto('/update-password');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/update-password');
    await page.getByLabel('Email').fill(demo.admin.email);
    await page.getByLabel('Password').fill(demo.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/update-password');
    await page.getByRole('heading', { name: 'Ubah Password', level: 2 }).waitFor();
    // A signed-in user opening a guest screen goes to the dashboard.
    await page.goto('/forgot-password');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('logs out to / and guards the signed-in routes again', async () => {
    const page = await freshPage();
    await login(page);
    await openUserMenu(page);
    await snap(page, 'auth-user-menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/' && !url.search);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ytc_auth'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.context().close();
  });

  it('goes to /login when the server answers 401 (revoked session)', async () => {
    const page = await freshPage();
    await login(page);
    // End the session behind the page's back, then make the page call the server.
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('ytc_auth') ?? '{}') as { token: string }).token,
    );
    // Leave the app first: the dashboard's own calls, still arriving after the revocation, would
    // meet the 401 there and clear the stored session before the reload this test is about.
    await page.goto('about:blank');
    const res = await fetch(`${app.server.url}/api/trainer/v1/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    // The shell checks the restored session with the server (GET /me) and meets the 401.
    await page.goto('/update-password');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/update-password');
    expect(await page.evaluate(() => localStorage.getItem('ytc_auth'))).toBeNull();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.context().close();
  });
});

describe('passwords', () => {
  it('changes the own password, refuses a wrong current one, then signs in with the new one', async () => {
    const page = await freshPage();
    await login(page, demo.trainer);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Ubah Password' }).click();
    await page.waitForURL('**/update-password');

    // Client-side rules first (shared schema).
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Password saat ini tidak boleh kosong').waitFor();

    // Wrong current password: the server's message, new-password fields cleared.
    await page.getByLabel('Password saat ini').fill('BukanIni123');
    await page.getByLabel('Password baru', { exact: true }).fill('Pelatih2025');
    await page.getByLabel('Konfirmasi password baru').fill('Pelatih2025');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Password gagal diubah: Password saat ini salah').waitFor();
    expect(await page.getByLabel('Password baru', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Konfirmasi password baru').inputValue()).toBe('');
    await snap(page, 'auth-update-password-failed');

    await page.getByLabel('Password saat ini').fill(demo.trainer.password);
    await page.getByLabel('Password baru', { exact: true }).fill('Pelatih2025');
    await page.getByLabel('Konfirmasi password baru').fill('Pelatih2025');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Password berhasil diubah').waitFor();
    expect(await page.getByLabel('Password saat ini').inputValue()).toBe('');

    // This session stays signed in; the new password works on the next sign-in.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel('Email').fill(demo.trainer.email);
    await page.getByLabel('Password').fill(demo.trainer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email atau password salah').waitFor();
    await page.getByLabel('Password').fill('Pelatih2025');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('sends a reset link and sets a new password with it', async () => {
    const page = await freshPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Lupa password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The login page, with its own Email field, stays until the next page's code has loaded.
    await page.getByRole('heading', { name: 'Lupa Password' }).waitFor();
    await page.getByLabel('Email').fill(demo.admin.email);
    await page.getByRole('button', { name: 'Kirim link ke email' }).click();
    await page.getByText('Link berhasil dikirim').waitFor();
    await page
      .getByText(
        'Cek email anda kemudian buka link yang telah kami kirimkan untuk melanjutkan proses',
      )
      .waitFor();
    await snap(page, 'auth-forgot-sent');

    // No SMTP here: the server logs the link.
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i += 1) {
      link = app.server
        .logs()
        .match(/https?:\/\/[^\s"\\]+\/password-reset\?token=[A-Za-z0-9_%-]+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeDefined();
    const token = new URL(link as string).searchParams.get('token');

    // A bad token: the server's message.
    await page.goto('/password-reset?token=tidak-valid');
    await page.getByRole('button', { name: 'Ya, buat password baru' }).click();
    await page.getByLabel('Password baru', { exact: true }).fill('Rahasia789');
    await page.getByLabel('Konfirmasi password baru').fill('Rahasia789');
    await page.getByRole('button', { name: 'Simpan Password' }).click();
    await page.getByText('Link reset password tidak valid atau sudah kedaluwarsa').waitFor();

    await page.goto(`/password-reset?token=${encodeURIComponent(token ?? '')}`);
    await snap(page, 'auth-reset-confirm');
    // The request log does not repeat the live token (only the mail without SMTP carries it).
    expect(app.server.logs().split(token ?? '').length - 1).toBe(1);
    expect(app.server.logs()).toContain('/password-reset?token=[redacted]');
    await page.getByRole('button', { name: 'Ya, buat password baru' }).click();
    await page.getByText('Password minimal 8 karakter', { exact: false }).first().waitFor();
    await page.getByLabel('Password baru', { exact: true }).fill('Rahasia789');
    await page.getByLabel('Konfirmasi password baru').fill('Rahasia788');
    await page.getByRole('button', { name: 'Simpan Password' }).click();
    await page.getByText('Konfirmasi password baru tidak sama').waitFor();
    await page.getByLabel('Konfirmasi password baru').fill('Rahasia789');
    await snap(page, 'auth-reset-form');
    await page.getByRole('button', { name: 'Simpan Password' }).click();
    await page.waitForURL('**/password-changed');
    await page.getByText('Password berhasil diperbarui').waitFor();
    await snap(page, 'auth-password-changed');
    await page.getByRole('link', { name: 'Login' }).click();
    await login(page, { email: demo.admin.email, password: 'Rahasia789' });
    await page.context().close();
  });
});
