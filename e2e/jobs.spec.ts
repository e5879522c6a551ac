import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';

/**
 * The certificate zip as a job, watched in 'Unduhan' (the back office's downloads panel), cancelled there ('Batalkan'),
 * and confirmed before it starts when it is large. The members register from addresses of their
 * own behind the trusted local proxy: one address may register only 20 in a quarter of an hour,
 * and the zip needs many more certificates, so that it runs for seconds. A zip past 50
 * certificates counts as large on this server (`ZIP_CONFIRM_ABOVE`; 2,000 by default), so the
 * confirmation is seen without thousands of members.
 */
const app = useAdminApp(
  { width: 1366, height: 900 },
  { env: { TRUST_PROXY: '127.0.0.1', ZIP_CONFIRM_ABOVE: '50' } },
);
snapOnFailure(() => app.admin?.page);

/**
 * Enough certificates for the zip to run for seconds on an idle machine (about 20 PDFs/s on one
 * thread, 40 on two): the panel is open long before it ends, and past its first second it says
 * the time left.
 */
const certificates = 80;
const stamp = Date.now().toString(36);
const title = `Fotografi Produk ${stamp}`;
let programId = '';
const phoneBase = String(Date.now()).slice(-4);

/** Runs `work` over `items`, `width` at a time. */
async function inPool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

beforeAll(async () => {
  const topic = await createProgramWithTopic(
    app.api,
    {
      title,
      benefits: '<p>Foto produk untuk toko daring.</p>',
      competence: 'Memotret produk dengan cahaya alami',
      sellingPrice: 50000,
    },
    'Cahaya dan Latar',
  );
  programId = topic.programId;
  const activityId = await createActivity(app.api, topic, {
    name: 'Menata Cahaya',
    type: 'general',
    content: { description: '<p>Menata cahaya foto produk.</p>' },
  });
  await app.api('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });
  const codes: string[] = [];
  while (codes.length < certificates) {
    const batch = await app.api<{ codes: string[] }>(
      'POST',
      `/program/v1/company/voucher/${programId}/generate`,
      { count: Math.min(100, certificates - codes.length) },
    );
    codes.push(...batch.codes);
  }
  // Each member registers, redeems a voucher and finishes the only activity: a graduate.
  await inPool(
    codes.map((license, n) => ({ license, n })),
    4,
    async ({ license, n }) => {
      const res = await fetch(`${app.server.url}/api/member/v1/register`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.19.${Math.floor(n / 200)}.${(n % 200) + 1}`,
        },
        body: JSON.stringify({
          fullname: `Peserta Foto ${n + 1}`,
          email: `foto-${n}-${stamp}@contoh.id`,
          phone: `62815${phoneBase}${String(n).padStart(4, '0')}`,
          password: 'Rahasia123',
          consent: true,
        }),
      });
      const body = (await res.json()) as { data: { token: string } };
      if (!res.ok) throw new Error(`register ${n}: ${res.status} ${JSON.stringify(body)}`);
      const member = apiClient(app.server.url, body.data.token);
      await member('POST', '/member/v1/redeem', {
        license,
        pmo_code: `PMO${n}${stamp.toUpperCase()}`,
      });
      // Served first: a reading completes once opened (docs/decisions.md, completion).
      await member('GET', `/member/v1/program/${programId}/activity/${activityId}`);
      await member('POST', `/member/v1/program/${programId}/activity/${activityId}/complete`);
    },
  );
}, 600_000);

describe('jobs', () => {
  it('follows a certificate zip in Unduhan, downloads it and hears of it in the bell', async () => {
    const { page } = app.admin;
    await page.goto(`/program/users/${programId}`);
    await page.getByRole('table', { name: 'Daftar Peserta' }).waitFor();
    // Every value the panel's progress bars show, and whether a time left was said, recorded in
    // the page as it changes (a poll could miss a short job's middle).
    await page.evaluate(() => {
      const w = window as unknown as { seenProgress: number[]; seenTimeLeft: string[] };
      w.seenProgress = [];
      w.seenTimeLeft = [];
      const record = () => {
        const list = document.querySelector('ul[aria-label="Unduhan"]');
        if (!list) return;
        for (const bar of Array.from(
          list.querySelectorAll('[role="progressbar"][aria-valuenow]'),
        )) {
          const value = Number(bar.getAttribute('aria-valuenow'));
          if (w.seenProgress.at(-1) !== value) w.seenProgress.push(value);
        }
        for (const p of Array.from(list.querySelectorAll('p'))) {
          const text = p.textContent ?? '';
          if (/ lagi$/.test(text) && w.seenTimeLeft.at(-1) !== text) w.seenTimeLeft.push(text);
        }
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });

    await page.getByRole('button', { name: 'Unduh Semua Sertifikat' }).click();
    await page.getByRole('menuitem', { name: 'Sertifikat Kelulusan' }).click();
    // A large zip: its size and estimate first; it starts once confirmed.
    const confirm = page.getByRole('dialog', { name: 'Lanjutkan?' });
    await confirm
      .getByText(
        `Zip ini berisi ${certificates} sertifikat dan perkiraan waktunya kurang dari 1 menit. Lanjutkan?`,
      )
      .waitFor();
    await snap(page, 'large-zip-confirm');
    await confirm.getByRole('button', { name: 'Lanjutkan' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Sedang diproses, lihat di Unduhan').waitFor();
    await expect
      .poll(() => page.getByRole('menuitem', { name: 'Sertifikat Kelulusan' }).count())
      .toBe(0);
    await page.getByRole('button', { name: 'Unduhan', exact: true }).click();
    const list = page.getByRole('list', { name: 'Unduhan' });
    const item = list.locator('li').first();
    await item.getByRole('progressbar').waitFor();
    await snap(page, 'downloads-panel-progress');
    await item.and(page.locator('[data-job-status="done"]')).waitFor({ timeout: 120_000 });

    const seen = await page.evaluate(() => {
      const w = window as unknown as { seenProgress: number[]; seenTimeLeft: string[] };
      return { progress: w.seenProgress, timeLeft: w.seenTimeLeft };
    });
    expect(
      seen.progress.some((v) => v > 0 && v < 100),
      JSON.stringify(seen),
    ).toBe(true);
    // It only ever went forward.
    expect(seen.progress).toEqual([...seen.progress].sort((a, b) => a - b));
    // Whatever time left was said (a fast run may end before its first second) reads right; the
    // rule itself is unit-tested in jobs.rules.test.ts.
    expect(
      seen.timeLeft.every((t) => /^(sekitar \d+ menit|kurang dari 1 menit) lagi$/.test(t)),
    ).toBe(true);

    const name = (await item.getAttribute('aria-label'))!;
    expect(name).toMatch(/^sertifikat-.+\.zip$/);
    const downloading = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Unduh', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    const entries = execFileSync('unzip', ['-Z1', (await download.path())!], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(entries).toHaveLength(certificates);
    expect(new Set(entries).size).toBe(certificates);
    expect(entries.every((e) => /^sertifikat-peserta-foto-\d+.*\.pdf$/.test(e))).toBe(true);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });

    // The bell says the job is done; its entry opens 'Unduhan' again.
    await page.getByRole('button', { name: /^Notifikasi: [1-9]\d* belum terbaca$/ }).click();
    const entry = page
      .getByRole('list', { name: 'Daftar notifikasi' })
      .getByRole('button', { name: 'Unduhan siap (belum terbaca)' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`${name} siap diunduh di Unduhan`);
    await snap(page, 'bell-job-done');
    await entry.click();
    await list.waitFor();
    expect(await list.locator('li').first().getAttribute('aria-label')).toBe(name);
    expect(new URL(page.url()).hash).toBe('');
  }, 180_000);

  it("stops a job with 'Batalkan' in Unduhan, and a large zip not confirmed never starts", async () => {
    const { page } = app.admin;
    await page.goto(`/program/users/${programId}`);
    await page.getByRole('table', { name: 'Daftar Peserta' }).waitFor();
    const panelItems = async () => {
      await page.getByRole('button', { name: 'Unduhan', exact: true }).click();
      const list = page.getByRole('list', { name: 'Unduhan' });
      await list.waitFor();
      const count = await list.locator('li').count();
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
      return count;
    };
    const before = await panelItems();
    const ask = async (kind: string) => {
      await page.getByRole('button', { name: 'Unduh Semua Sertifikat' }).click();
      await page.getByRole('menuitem', { name: kind }).click();
      const confirm = page.getByRole('dialog', { name: 'Lanjutkan?' });
      await confirm.waitFor();
      return confirm;
    };
    // Not confirmed ('Batal'): no job.
    const declined = await ask('Sertifikat Peserta');
    await declined.getByRole('button', { name: 'Batal' }).click();
    await declined.waitFor({ state: 'detached' });
    expect(await panelItems()).toBe(before);

    // Two zips: the second waits while the first runs (one job of a user at a time).
    for (const kind of ['Sertifikat Kelulusan', 'Sertifikat Peserta']) {
      const confirm = await ask(kind);
      await confirm.getByRole('button', { name: 'Lanjutkan' }).click();
      await confirm.waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Unduhan', exact: true }).click();
    const list = page.getByRole('list', { name: 'Unduhan' });
    await expect.poll(() => list.locator('li').count()).toBe(before + 2);
    const item = list.locator('li').first();
    const name = (await item.getAttribute('aria-label'))!;
    await item.getByRole('button', { name: `Batalkan ${name}` }).click();
    await item.and(page.locator('[data-job-status="cancelled"]')).waitFor();
    await item.getByText('Dibatalkan').waitFor();
    expect(await item.getByRole('button', { name: /^Batalkan/ }).count()).toBe(0);
    await snap(page, 'downloads-panel-cancelled');
    // The other one still ends with its file.
    await list
      .locator('li')
      .nth(1)
      .and(page.locator('[data-job-status="done"]'))
      .waitFor({ timeout: 120_000 });
    await expect.poll(() => item.getAttribute('data-job-status')).toBe('cancelled');
  }, 180_000);
});
