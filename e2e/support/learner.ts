import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe';
import { newPage, snap, type OpenPage } from './browser';

/** The reference phone of the participants' app. */
export const phoneScreen = { width: 390, height: 844 };

/** A new phone-sized page (own context, so its own storage) on the server. */
export function learnerPage(browser: Browser, baseURL: string): Promise<OpenPage> {
  return newPage(browser, baseURL, phoneScreen);
}

/** Whether the page is wider than the screen (text cut off or a sideways scroll). */
function overflows(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/**
 * The screen as it is now passes axe-core without a serious or critical violation; with
 * E2E_SCREENSHOTS a picture of it is kept under `learner-<name>`.
 */
export async function checkScreen(page: Page, name: string) {
  await snap(page, `learner-${name}`);
  expect(await seriousViolations(page), `axe on '${name}'`).toEqual([]);
}

/**
 * With the text at 200 % the screen still fits the phone's width (WCAG 1.4.4: nothing cut off,
 * no sideways scroll); the picture is `learner-<name>-200`.
 */
export async function checkTextScale(page: Page, name: string) {
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  try {
    await snap(page, `learner-${name}-200`);
    expect(await overflows(page), `'${name}' at 200 % text`).toBe(false);
  } finally {
    await page.evaluate(() => (document.documentElement.style.fontSize = ''));
  }
}

/** axe-core and 200 % text: what every screen of the shell passes. */
export async function checkScreenFully(page: Page, name: string) {
  await checkScreen(page, name);
  await checkTextScale(page, name);
}

/** Signs in on 'Masuk' as a participant would. */
export async function learnerSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

/** A phone page of a member (password `Rahasia123`) signed in through 'Masuk', on 'Program Saya'. */
export async function signedInLearnerPage(
  browser: Browser,
  baseURL: string,
  email: string,
): Promise<OpenPage> {
  const phone = await learnerPage(browser, baseURL);
  await phone.page.goto('/belajar/masuk');
  await learnerSignIn(phone.page, email, 'Rahasia123');
  await phone.page.waitForURL('**/belajar/');
  return phone;
}

/** Fills 'Daftar' as a participant would, ticking the consent to the privacy notice. */
export async function learnerRegister(
  page: Page,
  person: { fullname: string; email: string; phone: string; password: string },
) {
  await page.getByLabel('Nama Lengkap').fill(person.fullname);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Nomor Whatsapp').fill(person.phone);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel(/Saya telah membaca dan menyetujui/).check();
  await page.getByRole('button', { name: 'Daftar', exact: true }).click();
}
