import { describe, expect, it } from 'vitest';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { settle } from './support/locators';

/** Finding one's way: the loading bar, the menu and the breadcrumbs, names as links. */

interface ApiTopic {
  id: string;
  name: string;
  activities: { id: string; name: string }[];
}

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const crumbs = () => app.admin.page.getByRole('navigation', { name: 'breadcrumb' });
const menu = () => app.admin.page.getByRole('navigation', { name: 'Menu utama' });

async function demoProgram() {
  const data = await app.api<{ list: { id: string; title: string }[] }>(
    'GET',
    '/program/v1/company/list?limit=-1',
  );
  const program = data.list.find((p) => p.title === 'Digital Marketing untuk UMKM');
  if (!program) throw new Error('seeded program is missing');
  const topics = await app.api<{ list: ApiTopic[] }>(
    'GET',
    `/topic/v1/list?program_id=${program.id}&sort=seq&sort_type=asc&limit=-1&with_activities=1`,
  );
  return { program, topic: topics.list[0]! };
}

describe('navigation', () => {
  it('shows a thin bar along the top while a lazy screen loads', async () => {
    const { page } = app.admin;
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    // The attendance screen's code is held back until the bar has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/attendance-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await menu().getByRole('link', { name: 'Presensi' }).click();
    const bar = page.getByTestId('navigation-progress');
    await bar.waitFor();
    expect(await bar.getAttribute('role')).toBe('progressbar');
    const box = (await bar.boundingBox())!;
    expect(box.y).toBe(0);
    expect(box.height).toBeLessThanOrEqual(4);
    await snap(page, 'navigation-progress');
    release();
    await page.getByRole('heading', { name: 'Presensi' }).first().waitFor();
    await bar.waitFor({ state: 'detached' });
    await page.unroute('**/assets/attendance-page-*.js');
  });

  it('keeps Kelola Nilai > Daftar Program lit on Daftar Peserta, with a crumb back to the grading list', async () => {
    const { page } = app.admin;
    const { program } = await demoProgram();
    await page.goto('/kelola-nilai');
    const row = page.getByRole('row').filter({ hasText: program.title });
    await row.getByRole('link', { name: 'Beri Nilai' }).click();
    await page.waitForURL(`**/program/users/${program.id}`);
    const lit = menu().locator('[aria-current="page"]');
    await expect.poll(() => lit.textContent()).toBe('Daftar Program');
    expect(await lit.getAttribute('href')).toBe('/kelola-nilai');
    await expect.poll(() => crumbs().innerText()).toMatch(/Daftar Program\s*\S?\s*Daftar Peserta/);
    await settle(page);
    await snap(page, 'navigation-daftar-peserta');
    await crumbs().getByRole('link', { name: 'Daftar Program' }).click();
    await page.waitForURL('**/kelola-nilai');
  });

  it("names the topic in the crumbs and the document title, and an activity's name opens it", async () => {
    const { page } = app.admin;
    const { program, topic } = await demoProgram();

    await page.goto(`/program/${program.id}/edit/${topic.id}`);
    await expect
      .poll(() => crumbs().innerText())
      .toMatch(new RegExp(`${program.title}\\s*\\S?\\s*${topic.name}$`));
    await expect.poll(() => page.title()).toContain(`${program.title} / ${topic.name}`);
    expect(await crumbs().innerText()).not.toMatch(/Topik/);

    await page.goto(`/program/${program.id}`);
    const activity = topic.activities[1]!;
    await page.getByRole('link', { name: activity.name, exact: true }).click();
    await page.waitForURL(`**/program/${program.id}/${topic.id}/${activity.id}/edit`);
    await expect
      .poll(() => crumbs().innerText())
      .toMatch(new RegExp(`${program.title}\\s*\\S?\\s*${topic.name}\\s*\\S?\\s*${activity.name}`));
    await expect.poll(() => page.title()).toContain(`${topic.name} / ${activity.name}`);
    expect(await crumbs().innerText()).not.toMatch(/\bTopik\b/);
    await settle(page);
    await snap(page, 'navigation-activity');
  });
});
