import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach } from 'vitest';

export interface Viewport {
  width?: number;
  height?: number;
  /** The browser's time zone (IANA), e.g. 'UTC'; the machine's when absent. */
  timezoneId?: string;
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  options: Viewport = {},
): Promise<OpenPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: 'id-ID',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

/** A screenshot for people to look at (not asserted): `E2E_SCREENSHOTS=dir`. */
export async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * A picture of the screen when a test of the current file or `describe` fails (with
 * E2E_SCREENSHOTS), to see what the user saw.
 */
export function snapOnFailure(page: () => Page | undefined) {
  afterEach(async (context) => {
    const current = page();
    if (current && context.task.result?.state === 'fail') {
      await snap(current, `failed-${context.task.name}`);
    }
  });
}
