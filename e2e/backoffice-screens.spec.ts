import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { seriousViolations, type AxeViolation } from './support/axe';
import { snap, type OpenPage } from './support/browser';
import { settle } from './support/locators';
import { signedInPage } from './support/session';

/**
 * Every main back-office screen of the demo admin: axe-core finds no serious or
 * critical violation, and at 390 px wide the page does not scroll sideways and its primary
 * action is on screen.
 */

interface Screen {
  name: string;
  path: () => string;
  /** Shown once the screen's data is in. */
  ready: (page: Page) => Locator;
  /** The action a person comes to the list for, when it has one. */
  primary?: (page: Page) => Locator;
}

const app = useApp();
let api: Api;
let programId = '';
let referral = '';

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name }).first();
/** A button or a link of the screen's own area, by its exact name. */
const action = (name: string) => (page: Page) => {
  const main = page.getByRole('main');
  return main
    .getByRole('button', { name, exact: true })
    .or(main.getByRole('link', { name, exact: true }))
    .first();
};
const firstRow = (page: Page) => page.getByRole('main').getByRole('row').nth(1);

const screens: Screen[] = [
  { name: 'dashboard', path: () => '/dashboard', ready: heading('Dashboard') },
  {
    name: 'program',
    path: () => '/program',
    ready: firstRow,
    primary: action('Tambah Program'),
  },
  {
    name: 'program-detail',
    path: () => `/program/${programId}`,
    ready: (page) => page.getByTestId('topic').first(),
    primary: action('Topik Baru'),
  },
  {
    name: 'kelola-nilai',
    path: () => '/kelola-nilai',
    ready: (page) => page.getByRole('link', { name: 'Beri Nilai' }).first(),
    primary: (page) => page.getByRole('link', { name: 'Beri Nilai' }).first(),
  },
  {
    name: 'program-users',
    path: () => `/program/users/${programId}`,
    ready: firstRow,
    primary: action('Kode Voucher'),
  },
  { name: 'import', path: () => '/import', ready: heading('Import Nilai UK') },
  {
    name: 'discussion-private',
    path: () => '/discussion/private',
    ready: (page) => page.getByRole('main').getByRole('listitem').first(),
  },
  {
    name: 'discussion-public',
    path: () => '/discussion/public',
    ready: (page) => page.getByRole('main').getByRole('link').first(),
  },
  {
    name: 'discussion-public-program',
    path: () => `/discussion/public/program/${programId}`,
    ready: (page) => page.getByRole('main').getByRole('link').first(),
  },
  {
    name: 'notifikasi',
    path: () => '/notifikasi',
    ready: firstRow,
    primary: action('Notifikasi Baru'),
  },
  {
    name: 'daftar-reseller',
    path: () => '/daftar-reseller',
    ready: firstRow,
    primary: action('Reseller Baru'),
  },
  {
    name: 'list-referal',
    path: () => `/list-referal/${referral}`,
    ready: firstRow,
  },
  {
    name: 'presensi',
    path: () => '/presensi',
    ready: firstRow,
    primary: action('Export'),
  },
  {
    name: 'pengguna',
    path: () => '/pengguna',
    ready: firstRow,
    primary: action('Pengguna Baru'),
  },
];

beforeAll(async () => {
  api = await signedInApi(app.server.url);
  const programs = await api<{ list: { id: string; title: string }[] }>(
    'GET',
    '/program/v1/company/list?limit=-1',
  );
  programId = programs.list.find((p) => p.title === 'Digital Marketing untuk UMKM')!.id;
  const resellers = await api<{ list: { referral: { code: string } }[] }>(
    'GET',
    '/reseller/v1/list?limit=1',
  );
  referral = resellers.list[0]?.referral.code ?? '';
}, 120_000);

/** Opens the screen and waits for its data; answers what kept it from showing, if anything. */
async function open(page: Page, screen: Screen): Promise<string | null> {
  await page.goto(screen.path());
  try {
    await screen.ready(page).waitFor({ timeout: 20_000 });
  } catch {
    return `${screen.name}: never showed its data`;
  }
  await settle(page);
  return null;
}

describe('back-office screens', () => {
  let wide: OpenPage;
  let narrow: OpenPage;
  beforeAll(async () => {
    [wide, narrow] = await Promise.all([
      signedInPage(app.browser, app.server.url, { width: 1366, height: 900 }),
      signedInPage(app.browser, app.server.url, { width: 390, height: 844 }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await wide?.context.close();
    await narrow?.context.close();
  });

  it('axe-core finds no serious or critical violation on any of them', async () => {
    const found: Record<string, AxeViolation[] | string> = {};
    for (const screen of screens) {
      const failed = await open(wide.page, screen);
      if (failed) found[screen.name] = failed;
      const violations = await seriousViolations(wide.page);
      if (violations.length) found[screen.name] = violations;
    }
    // The bell's list and the user menu are open only on demand: checked open too.
    await open(wide.page, screens[0]!);
    await wide.page.getByRole('button', { name: /^Notifikasi: / }).click();
    await wide.page.getByRole('presentation').first().waitFor();
    await settle(wide.page);
    const bell = await seriousViolations(wide.page);
    if (bell.length) found['bell'] = bell;
    await wide.page.keyboard.press('Escape');
    expect(found).toEqual({});
  }, 300_000);

  it('at 390 px wide no list scrolls the page sideways and its primary action is on screen', async () => {
    const { page } = narrow;
    const problems: string[] = [];
    for (const screen of screens) {
      const failed = await open(page, screen);
      if (failed) problems.push(failed);
      await snap(page, `narrow-${screen.name}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) problems.push(`${screen.name}: the page is ${width} px wide`);
      if (!screen.primary) continue;
      const box = await screen
        .primary(page)
        .boundingBox({ timeout: 5000 })
        .catch(() => null);
      if (!box || box.x < 0 || box.x + box.width > 390) {
        problems.push(`${screen.name}: primary action at ${JSON.stringify(box)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
