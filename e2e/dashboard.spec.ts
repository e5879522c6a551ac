import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DashboardSummary } from '@ajar/shared/dashboard/dashboard.schemas';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snap } from './support/browser';
import { demo, signedInPage, type Account } from './support/session';

/**
 * The dashboard on the demo data: the figures on screen are the API's, a trainer's are those of
 * their own programs, and a status card opens the program list on that status.
 */

const app = useApp();

const summary = (api: Api) => api<DashboardSummary>('GET', '/dashboard/v1/summary');

/** Programs of a status the program list gives this account (its own count, not the dashboard's). */
async function listedPrograms(api: Api, status: string) {
  return api<{ total: number; list: { id: string; title: string }[] }>(
    'GET',
    `/program/v1/company/list?status=${status}&limit=-1`,
  );
}

/** A page signed in as `account` through the login screen. */
async function signedIn(account: Account) {
  return (await signedInPage(app.browser, app.server.url, { width: 1280, height: 900 }, account))
    .page;
}

const id = (n: number) => new Intl.NumberFormat('id-ID').format(n);

/** Every stat card, read by its accessible name ('Program Publish 5'). */
async function expectCards(page: Page, data: DashboardSummary) {
  const links: [string, number][] = [
    ['Program Publish', data.programs.publish],
    ['Program Draft', data.programs.draft],
    ['Program Archive', data.programs.archive],
    ['Peserta', data.participants],
    ['Peserta Selesai', data.completions],
    ['Presensi Hari Ini', data.attendance_today],
    ['Menunggu Feedback', data.waiting_feedback],
    ['Diskusi Belum Dibaca', data.unread_discussions],
  ];
  const figures: [string, number][] = [
    ['Redeem 30 hari terakhir', data.redeems.last_30_days],
    ['Total Redeem', data.redeems.total],
    ['Topik', data.topics],
    ['Aktivitas', data.activities.total],
  ];
  for (const [label, value] of links) {
    // The name is all the card shows: label, value, then the hint.
    await page.getByRole('link', { name: new RegExp(`^${label} ${id(value)} `) }).waitFor();
  }
  for (const [label, value] of figures) {
    await page.getByRole('group', { name: `${label} ${id(value)}`, exact: true }).waitFor();
  }
}

/** The chart's table for screen readers: one row per day with the API's count. */
async function chartCounts(page: Page) {
  const table = page.getByRole('table', { name: 'Redeem per hari, 30 hari terakhir' });
  return table.locator('tbody td').allTextContents();
}

describe('dashboard', () => {
  it('shows the admin the seeded figures the API reports', async () => {
    const api = await signedInApi(app.server.url, demo.admin);
    const data = await summary(api);
    // The demo data has programs of every status, participants and reseller redeems.
    expect(data.scope).toBe('all');
    expect(data.programs.publish).toBeGreaterThan(0);
    expect(data.programs.draft).toBeGreaterThan(0);
    expect(data.participants).toBeGreaterThan(0);
    expect(data.redeems.last_30_days).toBeGreaterThan(0);
    expect(data.top_resellers!.length).toBeGreaterThan(0);
    // The dashboard agrees with the program list.
    for (const status of ['draft', 'publish', 'archive'] as const) {
      expect((await listedPrograms(api, status)).total).toBe(data.programs[status]);
    }

    const page = await signedIn(demo.admin);
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    await page.getByText('Selamat datang,').waitFor();
    await expectCards(page, data);

    expect(await chartCounts(page)).toEqual(data.redeems.per_day.map((d) => id(d.total)));

    const resellers = page.getByRole('list', { name: 'Reseller teratas' }).getByRole('listitem');
    expect(await resellers.allTextContents()).toEqual(
      data.top_resellers!.map((r) => `${r.fullname}${r.referral_code}${id(r.total)} redeem`),
    );

    const latest = page.getByRole('list', { name: 'Program terakhir diperbarui' });
    expect(await latest.getByRole('link').allTextContents()).toEqual(
      data.latest_programs.map((p) => p.title),
    );
    await page.getByRole('list', { name: 'Aktivitas per jenis' }).waitFor();
    await snap(page, 'dashboard-admin');

    // A program of the list opens its detail screen.
    const first = data.latest_programs[0]!;
    await latest.getByRole('link', { name: first.title }).click();
    await page.waitForURL(`**/program/${first.id}`);
    await page.context().close();
  });

  it("shows a trainer only their programs' figures, without resellers", async () => {
    const adminApi = await signedInApi(app.server.url, demo.admin);
    const api = await signedInApi(app.server.url, demo.trainer);
    const all = await summary(adminApi);
    const data = await summary(api);
    expect(data.scope).toBe('assigned');
    expect(data.top_resellers).toBeNull();
    // The demo trainer has some programs, not all of them.
    expect(data.programs.total).toBeGreaterThan(0);
    expect(data.programs.total).toBeLessThan(all.programs.total);
    expect(data.redeems.total).toBeLessThan(all.redeems.total);
    const assigned = new Set<string>();
    for (const status of ['draft', 'publish', 'archive'] as const) {
      const listed = await listedPrograms(api, status);
      expect(listed.total).toBe(data.programs[status]);
      for (const p of listed.list) assigned.add(p.id);
    }
    expect(data.latest_programs.every((p) => assigned.has(p.id))).toBe(true);

    const page = await signedIn(demo.trainer);
    await page
      .getByText('Angka di bawah dihitung dari program yang ditugaskan kepada Anda.')
      .waitFor();
    await expectCards(page, data);
    expect(await chartCounts(page)).toEqual(data.redeems.per_day.map((d) => id(d.total)));
    expect(await page.getByRole('heading', { name: 'Reseller Teratas' }).count()).toBe(0);
    expect(
      await page
        .getByRole('list', { name: 'Program terakhir diperbarui' })
        .getByRole('link')
        .allTextContents(),
    ).toEqual(data.latest_programs.map((p) => p.title));
    await snap(page, 'dashboard-trainer');
    await page.context().close();
  });

  it('opens the program list on the status of a card', async () => {
    const api = await signedInApi(app.server.url, demo.admin);
    const data = await summary(api);
    const drafts = await listedPrograms(api, 'draft');

    const page = await signedIn(demo.admin);
    await page
      .getByRole('link', { name: new RegExp(`^Program Draft ${id(data.programs.draft)} `) })
      .click();
    await page.waitForURL((url) => url.pathname === '/program' && url.search === '?status=draft');
    await page.getByRole('tab', { name: 'Draft', selected: true }).waitFor();
    for (const program of drafts.list)
      await page.getByText(program.title, { exact: true }).waitFor();

    // Back on the dashboard, Publish leads to the Publish tab.
    await page.goBack();
    await page.waitForURL('**/dashboard');
    await page
      .getByRole('link', { name: new RegExp(`^Program Publish ${id(data.programs.publish)} `) })
      .click();
    await page.waitForURL((url) => url.pathname === '/program' && url.search === '?status=publish');
    await page.getByRole('tab', { name: 'Publish', selected: true }).waitFor();
    await page.context().close();
  });
});
