import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { signedInApi, type Api } from './api';
import {
  launchBrowser,
  startServer,
  type RunningServer,
  type ServerOptions,
} from '@ajar/test-support';
import type { OpenPage, Viewport } from './browser';
import { signedInPage } from './session';

export interface App {
  server: RunningServer;
  browser: Browser;
}

/** Start-up and sign-in on a loaded machine (the server's own start deadline is 120 s). */
const setUpTimeout = 180_000;

/**
 * Registers the `beforeAll` that starts the real server (on a copy of the database the global
 * setup seeded with the demo data, unless `options` say otherwise) and the browser side by side, and the `afterAll` that
 * closes the browser, stops the server and deletes its data. The fields of the returned object are
 * there from that `beforeAll` on; the file's own hooks, registered after this call, run after it
 * (and their `afterAll` before its).
 */
export function useApp(options: ServerOptions = {}): App {
  const app = {} as App;
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([
      startServer({ template: inject('seededDataDir'), ...options }),
      launchBrowser(),
    ]);
    // Whatever started is kept, for the afterAll to stop it.
    if (server.status === 'fulfilled') app.server = server.value;
    if (browser.status === 'fulfilled') app.browser = browser.value;
    for (const started of [server, browser])
      if (started.status === 'rejected') throw started.reason;
  }, setUpTimeout);
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}

export interface AdminApp extends App {
  /** The API, as the demo admin. */
  api: Api;
  /** A page signed in as the demo admin through the login screen. */
  admin: OpenPage;
}

/**
 * `useApp`, and the demo admin signed in through the API and on a page of `viewport`: the set-up
 * most browser test files share.
 */
export function useAdminApp(viewport: Viewport, options: ServerOptions = {}): AdminApp {
  const app = useApp(options) as AdminApp;
  beforeAll(async () => {
    app.api = await signedInApi(app.server.url);
    app.admin = await signedInPage(app.browser, app.server.url, viewport);
  }, setUpTimeout);
  return app;
}
