import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Small locators and steps the screens under test share. */

type Scope = Page | Locator;

/** The first element with exactly this text (a snackbar, a message). */
export const text = (scope: Scope, value: string) =>
  scope.getByText(value, { exact: true }).first();

/** A choice of a named radio group. */
export const radio = (scope: Scope, group: string, choice: string) =>
  scope.getByRole('radiogroup', { name: group, exact: true }).getByRole('radio', { name: choice });

/** A field by its label; a required field's label ends with an asterisk. */
export const fieldLabel = (value: string) => new RegExp(`^${value}\\s*\\*?$`);

/**
 * Waits until the page is still for a screenshot: two frames rendered (so a transition that a
 * click just caused has started) and then no finite animation or CSS transition running (MUI's
 * fades and slides). Endless ones (spinners, skeleton pulses) are not waited for.
 */
export async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** Opens a tab and waits until it is the selected one. */
export async function openTab(page: Page, name: string, options: { exact?: boolean } = {}) {
  await page.getByRole('tab', { name, ...options }).click();
  await page.getByRole('tab', { name, ...options, selected: true }).waitFor();
}

/** Types into a rich text editor (TipTap) found by its label. */
export async function typeRich(scope: Scope, label: string, value: string) {
  const editor = scope.getByRole('textbox', { name: label, exact: true });
  await editor.click();
  await editor.page().keyboard.type(value);
}

/**
 * In the confirmation dialog titled `title` (showing `message`, when given), presses `button` and
 * waits until the dialog closes.
 */
export async function confirmDialog(
  page: Page,
  title: string,
  { button = 'Hapus', message }: { button?: string; message?: string } = {},
) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  if (message !== undefined) {
    expect(await dialog.getByText(message, { exact: true }).isVisible()).toBe(true);
  }
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

// ---- the quiz's 'Pertanyaan' tab ----

export const section = (scope: Scope, n: number) =>
  scope.getByRole('region', { name: `Section ${n}`, exact: true });
export const question = (scope: Scope, n: number) =>
  scope.getByRole('region', { name: `Nomor ${n}`, exact: true });

/** Opens an activity's edit screen on its 'Pertanyaan' tab. */
export async function openQuestionsTab(page: Page, editPath: string) {
  await page.goto(editPath);
  await openTab(page, 'Pertanyaan');
}

// ---- a video's 'Pop up Quiz' tab ----

export const quizCard = (page: Page, n: number) => page.getByTestId('popup-quiz').nth(n - 1);

/** The frame strip of an expanded pop-up quiz, once the video's length is known. */
export async function readyStrip(card: Locator): Promise<Locator> {
  const strip = card.getByRole('slider');
  await expect.poll(() => strip.getAttribute('aria-disabled'), { timeout: 20_000 }).toBe('false');
  // Mouse coordinates are the viewport's: the strip must be on screen.
  await strip.scrollIntoViewIfNeeded();
  // The accordions animate open and closed: wait until the strip stops moving.
  let last = '';
  for (let i = 0; i < 40; i += 1) {
    const box = JSON.stringify(await strip.boundingBox());
    if (box === last) break;
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return strip;
}

// ---- the activity screen's unsaved-changes guard ----

export const guard = (page: Page) => page.getByRole('dialog', { name: 'Perubahan belum disimpan' });

export const breadcrumbPrograms = (page: Page) =>
  page
    .getByRole('navigation', { name: 'breadcrumb' })
    .getByRole('link', { name: 'Daftar Program', exact: true });

/**
 * The guard shows (with `message`, when given); its 'Batal' keeps the screen at `stayPath` as it
 * was.
 */
export async function expectGuardAndStay(page: Page, stayPath: string, message?: string) {
  const dialog = guard(page);
  await dialog.waitFor();
  if (message !== undefined) expect(await dialog.getByText(message).isVisible()).toBe(true);
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toBe(stayPath);
}

/** Leaving goes straight to the program list, without the guard. */
export async function expectLeaveFreely(page: Page) {
  await breadcrumbPrograms(page).click();
  await page.waitForURL((url) => url.pathname === '/program' || url.pathname === '/program/');
  expect(await guard(page).count()).toBe(0);
}
