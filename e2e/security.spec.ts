import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { newPage, snapOnFailure } from './support/browser';
import { learnerPage, learnerSignIn } from './support/learner';
import { login } from './support/session';

// The apps under their Content-Security-Policy on the real built server: no page reports a
// violation (zod builds its schemas without run-time code), and the page may open sockets to its
// own origin only.

const app = useApp();
let current: Page | undefined;
snapOnFailure(() => current);

type Watched = Window & { cspViolations?: string[] };

/**
 * Records every CSP violation of the context's pages, from before their first script on: the
 * `securitypolicyviolation` events and the browser's console reports of them.
 */
async function watchViolations(context: BrowserContext, page: Page): Promise<() => string[]> {
  await context.addInitScript(() => {
    const watched = window as Watched;
    watched.cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => watched.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`),
      true,
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return () => console;
}

const violationsOf = async (page: Page, console: () => string[]) => [
  ...(await page.evaluate(() => (window as Watched).cspViolations ?? [])),
  ...console(),
];

describe('Content-Security-Policy', () => {
  it('connect-src is the page origin only', async () => {
    const res = await fetch(`${app.server.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.split(/;\s*/)).toContain("connect-src 'self'");
  });

  it('the back office signs in with no violation, and sockets reach only its origin', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    current = page;
    const console = await watchViolations(context, page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await violationsOf(page, console), 'sign-in page').toEqual([]);
    await login(page);
    expect(await violationsOf(page, console), 'after signing in').toEqual([]);

    // 'self' covers the page's own ws: origin; a socket to any other address is refused.
    const own = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const url = `${location.origin.replace(/^http/, 'ws')}/api/socket.io/?EIO=4&transport=websocket`;
          const socket = new WebSocket(url);
          socket.onopen = () => {
            socket.close();
            resolve('open');
          };
          socket.onerror = () => resolve('error');
        }),
    );
    expect(own).toBe('open');
    expect(await violationsOf(page, console)).toEqual([]);
    await page.evaluate(() => {
      try {
        new WebSocket('ws://127.0.0.2:9/');
      } catch {
        // Some browsers throw; the violation is reported either way.
      }
    });
    await expect
      .poll(async () => (await violationsOf(page, console)).join('\n'))
      .toMatch(/connect-src/);
    await context.close();
  });

  it('the first screen of Ajar Belajar opens with no violation', async () => {
    const { context, page } = await learnerPage(app.browser, app.server.url);
    current = page;
    const console = await watchViolations(context, page);
    await page.goto('/belajar/');
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    expect(await violationsOf(page, console), 'Masuk').toEqual([]);
    await learnerSignIn(page, 'peserta1@ajar.test', 'Rahasia123');
    await page.waitForURL((url) => !url.pathname.endsWith('/masuk'));
    await page.getByRole('navigation').first().waitFor();
    expect(await violationsOf(page, console), 'after signing in').toEqual([]);
    await context.close();
  });
});
