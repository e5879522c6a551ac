import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { displayTimeZone, excelDateTimeFormat, formatDateTime } from '@ajar/shared/common/datetime';
import { apiClient } from './support/api';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { settle, text as snackbar } from './support/locators';

// A browser in UTC: the screen must still show WIB, as the export does.
const app = useAdminApp({ width: 1366, height: 900, timezoneId: 'UTC' });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const programTitle = `Kelas Diskusi ${stamp}`;
const topicName = 'Sesi Tatap Muka';
const memberName = `Sari Wulandari ${stamp}`;
const memberPhone = `62816${String(Date.now()).slice(-8)}`;

/** `YYYY-MM-DD` in WIB, `days` from today. */
const wibDay = (days: number) =>
  new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function readDownloadedSheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(path) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  const dateFormat = workbook.worksheets[0]!.getCell('G2').numFmt;
  return { rows, dateFormat };
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('attendance', () => {
  it('a member checks in to a running meeting over the API', async () => {
    const topic = await createProgramWithTopic(
      app.api,
      {
        title: programTitle,
        benefits: '<p>Berdiskusi langsung dengan fasilitator.</p>',
        competence: 'Berkomunikasi efektif',
        sellingPrice: 100000,
      },
      topicName,
    );
    // Today and tomorrow (WIB) all day, so the check-in is inside a schedule whenever it runs.
    const meetingId = await createActivity(app.api, topic, {
      name: 'Diskusi Daring Pekan 1',
      type: 'berdiskusi_daring',
      content: {
        meeting: {
          link: 'https://meet.contoh.id/diskusi',
          is_day: '2',
          dates: [0, 1].map((d) => ({
            date: wibDay(d),
            times: [{ start_time: '00:00', end_time: '23:59' }],
          })),
        },
      },
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
        email: `sari-${stamp}@contoh.id`,
        phone: memberPhone,
        password: 'Rahasia123',
        consent: true,
      },
    );
    const member = apiClient(app.server.url, registered.token);
    await member('POST', '/member/v1/redeem', {
      license: batch.codes[0],
      pmo_code: `PMO${stamp.toUpperCase()}`,
    });
    const url = `/member/v1/program/${topic.programId}/activity/${meetingId}/attendance`;
    const checkedIn = await member<{ schedule: { date: string } }>('POST', url);
    expect([wibDay(0), wibDay(1)]).toContain(checkedIn.schedule.date);
    await expect(member('POST', url)).rejects.toThrow(
      'Anda sudah melakukan presensi untuk jadwal ini',
    );
  });

  it('the admin sees the row on /presensi, filters by program and topic, and exports', async () => {
    const { page } = app.admin;
    await page.goto('/presensi');
    await page.getByRole('heading', { name: 'Presensi' }).first().waitFor();
    const listed = row(page, memberName);
    await listed.waitFor();
    expect(await listed.textContent()).toContain(programTitle);
    expect(await listed.textContent()).toContain(memberPhone);

    await pick(page, 'Program', programTitle);
    await page.waitForURL((u) => Boolean(u.searchParams.get('program_id')));
    await pick(page, 'Topik', topicName);
    await page.waitForURL((u) => Boolean(u.searchParams.get('topic_id')));
    await listed.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await settle(page);
    await snap(page, 'attendance-filtered');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    await snackbar(page, 'Successfully export data').waitFor();
    expect(download.suggestedFilename()).toMatch(/^presensi-.*\.xlsx$/);
    const { rows, dateFormat } = await readDownloadedSheet((await download.path())!);
    expect(rows[0]).toEqual([
      'No',
      'Nama Peserta',
      'Nomor Whatsapp',
      'Program',
      'Topik',
      'Aktivitas',
      'Tanggal Absen',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 6)).toEqual([
      1,
      memberName,
      memberPhone,
      programTitle,
      topicName,
      'Diskusi Daring Pekan 1',
    ]);
    // The file holds the WIB wall-clock time and shows it as the screen does: '26 Nov 2026
    // 13:35 WIB' in both, though this browser runs in UTC.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    expect(dateFormat).toBe(excelDateTimeFormat);
    const fileTime = rows[1]![6] as Date;
    const instant = new Date(fileTime.getTime() - displayTimeZone.offsetMinutes * 60_000);
    const shown = formatDateTime(instant);
    expect(shown).toMatch(/^\d{1,2} \S{3} \d{4} \d{2}:\d{2} WIB$/);
    expect(await listed.textContent()).toContain(shown);
    expect(Math.abs(instant.getTime() - Date.now())).toBeLessThan(10 * 60_000);

    const search = page.getByLabel('Cari nama atau nomor Whatsapp', { exact: true });
    await search.fill(`tidak-ada-${stamp}`);
    await search.press('Enter');
    await page.getByText('Tidak ada pesensi', { exact: true }).waitFor();
    await snap(page, 'attendance-empty');
  });
});
