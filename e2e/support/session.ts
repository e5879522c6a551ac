import type { Browser, Page } from 'playwright-core';
import { newPage, type OpenPage, type Viewport } from './browser';

export interface Account {
  email: string;
  password: string;
}

/** The demo accounts the seed creates. */
export const demo = {
  admin: { email: 'admin@ajar.test', password: 'Rahasia123' },
  trainer: { email: 'trainer@ajar.test', password: 'Rahasia123' },
} as const satisfies Record<string, Account>;

/** Signs in through the login screen, as a user would, and waits for the dashboard. */
export async function login(page: Page, account: Account = demo.admin) {
  await page.goto('/');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

/** A new page (own context) signed in through the login screen. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = {},
  account: Account = demo.admin,
): Promise<OpenPage> {
  const opened = await newPage(browser, baseURL, viewport);
  await login(opened.page, account);
  return opened;
}
