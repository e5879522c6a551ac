import { describe, expect, it } from 'vitest';
import { useAdminApp } from './support/app';
import { seriousViolations } from './support/axe';
import { snap, snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { settle, text as snackbar } from './support/locators';
import { joinProgram } from './support/members';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);

/** A 'Tipe Terjadwal' reading whose only time range, by date, ended long ago. */
const pastSchedule = {
  meta_data: [
    { title: 'is_scheduled', content: '1' },
    { title: 'is_show_scheduled', content: '1' },
    {
      title: 'schedules_data',
      content: JSON.stringify({
        is_day: '2',
        days: [],
        dates: [{ date: '2026-01-05', times: [{ start_time: '08:00', end_time: '10:00' }] }],
      }),
    },
  ],
};

describe("'Perlu Perhatian'", () => {
  it('lists a participant behind the schedule and sends them a reminder', async () => {
    const topic = await createProgramWithTopic(
      app.api,
      {
        title: `Perhatian Batik ${stamp}`,
        benefits: '<p>Membatik.</p>',
        competence: 'Mencanting batik tulis',
        sellingPrice: 100000,
      },
      'Dasar Membatik',
    );
    const { programId } = topic;
    await createActivity(app.api, topic, {
      name: 'Sesi Membatik Terjadwal',
      type: 'general',
      content: pastSchedule,
    });
    await app.api('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });
    const sari = await joinProgram(app, app.api, programId, `Sari Wulandari ${stamp}`);

    const { page } = app.admin;
    // Reached from the program's screen.
    await page.goto(`${app.server.url}/program/${programId}`);
    await page.getByRole('link', { name: 'Perlu Perhatian' }).click();
    await page.waitForURL(`**/program/perhatian/${programId}`);
    const table = page.getByRole('table', { name: 'Daftar peserta yang perlu perhatian' });
    const row = table.getByRole('row').filter({ hasText: sari.fullname });
    await row.getByText('Tertinggal jadwal: 1 aktivitas belum selesai').waitFor();
    await expect(row.getByRole('cell').nth(4).textContent()).resolves.toBe('-');
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Kirim pengingat ke ${sari.fullname}` }).click();
    await snackbar(page, 'Pengingat terkirim ke 1 peserta').waitFor();
    // 'Terakhir Diingatkan' is filled from the audit trail once the list is read again.
    await row.getByRole('cell').nth(4).getByText(/WIB/).waitFor();
    await snap(page, 'attention-reminded');

    const inbox = await sari.member<{ list: { title: string; link: string }[] }>(
      'GET',
      '/member/v1/notification/list?limit=10',
    );
    expect(inbox.list.filter((n) => n.title === 'Yuk, lanjutkan belajarmu')).toEqual([
      expect.objectContaining({ link: `/belajar/program/${programId}` }),
    ]);
  });
});
