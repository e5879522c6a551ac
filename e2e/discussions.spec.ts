import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient, type Api } from './support/api';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic, type TopicRef } from './support/data';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const programTitle = `Kelas Public Speaking ${stamp}`;
const topicName = 'Membuka Presentasi';
const activityName = `Tanya Jawab Pembukaan ${stamp}`;
const memberName = `Dewi Lestari ${stamp}`;

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('public discussion', () => {
  let topic: TopicRef;
  let activityId: string;
  let member: Api;

  it('a member posts in a Public activity over the API', async () => {
    topic = await createProgramWithTopic(
      app.api,
      {
        title: programTitle,
        benefits: '<p>Berbicara di depan umum dengan percaya diri.</p>',
        competence: 'Menyusun pembukaan presentasi',
        sellingPrice: 150000,
      },
      topicName,
    );
    activityId = await createActivity(app.api, topic, {
      name: activityName,
      type: 'general',
      settings: { is_show_discussion: 2 },
    });
    await app.api('PUT', `/program/v1/company/update-status/${topic.programId}`, {
      status: 'publish',
    });
    const batch = await app.api<{ codes: string[] }>(
      'POST',
      `/program/v1/company/voucher/${topic.programId}/generate`,
      { count: 1 },
    );
    const registered = await apiClient(app.server.url)<{ token: string }>(
      'POST',
      '/member/v1/register',
      {
        fullname: memberName,
        email: `dewi-${stamp}@contoh.id`,
        phone: `62817${String(Date.now()).slice(-8)}`,
        password: 'Rahasia123',
      },
    );
    member = apiClient(app.server.url, registered.token);
    await member('POST', '/member/v1/redeem', {
      license: batch.codes[0],
      pmo_code: `PMO${stamp.toUpperCase()}`,
    });
    const url = `/member/v1/program/${topic.programId}/activity/${activityId}/discussion`;
    await member('POST', url, { parent_id: null, content: 'Bagaimana cara membuka presentasi?' });
    await member('POST', url, { parent_id: null, content: 'Apakah boleh memakai humor?' });
  });

  it('the admin sees the unread count, answers in the thread, and the count goes to 0', async () => {
    const { page } = app.admin;
    await page.goto('/discussion/public');
    const search = page.getByLabel('Cari nama program', { exact: true });
    await search.fill(programTitle);
    await search.press('Enter');
    const listed = row(page, programTitle);
    await listed.getByLabel('2 pesan belum terbaca').waitFor();
    await snap(page, 'discussion-public-list');

    await listed.getByText(programTitle).click();
    await page.waitForURL(`**/discussion/public/program/${topic.programId}`);
    await page.getByRole('heading', { name: programTitle }).waitFor();
    const activityRow = row(page, activityName);
    await activityRow.getByLabel('2 pesan belum terbaca').waitFor();
    await snap(page, 'discussion-public-program');

    await activityRow.getByRole('link', { name: `Lihat diskusi ${activityName}` }).click();
    await page.getByText('Bagaimana cara membuka presentasi?').waitFor();

    // An empty message is refused without a call.
    await page.getByRole('button', { name: 'Kirim' }).click();
    await page.getByRole('alert').filter({ hasText: 'Pesan tidak boleh kosong' }).waitFor();

    const first = page.getByRole('listitem', { name: `Pesan dari ${memberName}` }).first();
    await first.getByRole('button', { name: 'Balas' }).click();
    await first.getByRole('button', { name: 'Batal' }).waitFor();
    await first.getByLabel(`Balas ${memberName}`).fill('Mulailah dengan cerita singkat.');
    await first.getByRole('button', { name: 'Kirim' }).click();
    await first.getByRole('button', { name: 'Tutup Balasan' }).waitFor();
    await page.getByText('Mulailah dengan cerita singkat.').waitFor();
    await snap(page, 'discussion-public-thread');
    await first.getByRole('button', { name: 'Tutup Balasan' }).click();
    await first.getByRole('button', { name: 'Lihat 1 Balasan' }).waitFor();

    // The member sees the answer under their message.
    const thread = await member<{ list: { content: string; parent_id: string | null }[] }>(
      'GET',
      `/member/v1/program/${topic.programId}/activity/${activityId}/discussion`,
    );
    const reply = thread.list.find((m) => m.content === 'Mulailah dengan cerita singkat.');
    expect(reply?.parent_id).toBeTruthy();

    await page.goto(`/discussion/public?q=${encodeURIComponent(programTitle)}`);
    await row(page, programTitle).getByText('0', { exact: true }).waitFor();
    expect(
      await row(page, programTitle)
        .getByLabel(/pesan belum terbaca/)
        .count(),
    ).toBe(0);
  });
});
