import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient, type Api } from './support/api';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { confirmDialog, settle, text as snackbar } from './support/locators';
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
        consent: true,
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
  it("edits a topic's title, deletes an activity and a topic from the program's discussion", async () => {
    const { page } = app.admin;
    const own = await createProgramWithTopic(
      app.api,
      {
        title: `Kelas Negosiasi ${stamp}`,
        benefits: '<p>Bernegosiasi dengan tenang.</p>',
        competence: 'Menyusun tawaran',
        sellingPrice: 120000,
      },
      'Persiapan Negosiasi',
    );
    const activity = (name: string) =>
      createActivity(app.api, own, { name, type: 'general', settings: { is_show_discussion: 2 } });
    await activity('Diskusi Tawaran Pertama');
    await activity('Diskusi Batas Harga');
    const second = await app.api<{ id: string }>('POST', '/topic/v1/create', {
      name: 'Penutupan Negosiasi',
      status: 'publish',
      program_id: own.programId,
    });
    await createActivity(
      app.api,
      { programId: own.programId, topicId: second.id },
      { name: 'Diskusi Penutupan', type: 'general', settings: { is_show_discussion: 2 } },
    );

    await page.goto(`/discussion/public/program/${own.programId}`);
    await page.getByRole('button', { name: 'Edit judul topik Persiapan Negosiasi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Topik' });
    await dialog.getByLabel(/Judul Topik/).fill('Persiapan Negosiasi Gaji');
    await settle(page);
    await snap(page, 'discussion-program-edit-topic');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await snackbar(page, 'Topik berhasil diubah').waitFor();
    await page.getByText('Topik 1: Persiapan Negosiasi Gaji').waitFor();

    await page.getByRole('button', { name: 'Hapus aktivitas Diskusi Batas Harga' }).click();
    await settle(page);
    await snap(page, 'discussion-program-delete-activity');
    await confirmDialog(page, 'Hapus Aktivitas');
    await snackbar(page, 'Aktivitas berhasil dihapus.').waitFor();
    await page
      .getByRole('cell', { name: 'Diskusi Batas Harga', exact: true })
      .waitFor({ state: 'detached' });
    expect(
      await page.getByRole('cell', { name: 'Diskusi Tawaran Pertama', exact: true }).count(),
    ).toBe(1);

    await page.getByRole('button', { name: 'Hapus topik Penutupan Negosiasi' }).click();
    await confirmDialog(page, 'Hapus Topik');
    await snackbar(page, 'Topik berhasil dihapus').waitFor();
    await page.getByText('Topik 2: Penutupan Negosiasi').waitFor({ state: 'detached' });
    await snap(page, 'discussion-program-after-deletes');
    const topics = await app.api<{ list: { name: string }[] }>(
      'GET',
      `/topic/v1/list?program_id=${own.programId}&limit=-1`,
    );
    expect(topics.list.map((t) => t.name)).toEqual(['Persiapan Negosiasi Gaji']);

    // The message box counts up to 2,000 characters and says the limit past it, without cutting.
    await page.getByRole('link', { name: 'Lihat diskusi Diskusi Tawaran Pertama' }).click();
    const box = page.getByRole('textbox', { name: 'Tulis pesan' });
    await box.fill('Halo');
    await page.getByText('4/2000').waitFor();
    await box.fill('a'.repeat(2001));
    await page
      .getByText('Pesan harus kurang dari atau sama dengan 2000 karakter. (2001/2000)')
      .waitFor();
    expect(await box.inputValue()).toHaveLength(2001);
    await snap(page, 'discussion-thread-too-long');
  });
});
