import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import type { Page } from 'playwright-core';
import { newPage, snap, snapOnFailure } from './support/browser';
import { demo } from './support/session';

// info level: without SMTP the server writes the sign-in link to its log. Behind a proxy on
// loopback, so the test can sign in "from" several addresses (X-Forwarded-For).
const app = useApp({ env: { LOG_LEVEL: 'info', TRUST_PROXY: 'loopback' } });
let current: Page | undefined;
snapOnFailure(() => current);

/** A wrong password for `email` from `address`, as an attacker elsewhere would send it. */
async function wrongSignIn(email: string, address: string) {
  const res = await fetch(`${app.server.url}/api/admin/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: 'Tebakan-salah-1' }),
  });
  // 400 (wrong password), then 429 once the account-wide delay holds every new address.
  expect([400, 429]).toContain(res.status);
}

describe('the account-wide sign-in delay and the e-mailed sign-in link', () => {
  it('offers “Kirim link masuk” when the account is held, and the link lets this browser in', async () => {
    const account = demo.trainer;
    // Four wrong passwords from each of three addresses: the account is held everywhere new for
    // a minute after the tenth (the refused ones do not count), long enough for this test.
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      for (let n = 0; n < 4; n += 1) await wrongSignIn(account.email, address);
    }

    const { page, context } = await newPage(app.browser, app.server.url);
    current = page;
    // The owner's browser, at an address the account has not signed in from.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.77' });
    await page.goto('/');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Terlalu banyak percobaan login yang gagal untuk akun ini').waitFor();
    await page.getByRole('button', { name: 'Kirim link masuk' }).click();
    await page.getByText('Jika email terdaftar, link masuk telah dikirim').waitFor();
    await snap(page, 'auth-login-link-sent');

    let link: string | undefined;
    await expect
      .poll(() => {
        link = app.server
          .logs()
          .match(/https?:\/\/[^\s"\\]+\/login-link\?token=[A-Za-z0-9_%-]+/)?.[0];
        return link;
      })
      .toBeDefined();
    const url = new URL(link as string);
    await page.goto(url.pathname + url.search);
    await page.getByRole('heading', { name: 'Link Masuk' }).waitFor();
    await page.getByRole('button', { name: 'Percayai browser ini' }).click();
    await page.getByText('Browser ini sudah dipercaya').waitFor();
    await snap(page, 'auth-login-link-trusted');
    await page.getByRole('link', { name: 'Login' }).click();

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    // The cookie is httpOnly: the page's scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('ajar_trusted_login');
    await context.close();
  });
});
