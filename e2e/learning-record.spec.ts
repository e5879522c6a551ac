import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { pdfBytes } from '../apps/server/src/test/factories/media-bytes';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { settle, text as snackbar } from './support/locators';
import { joinProgram } from './support/members';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
/** `Sabtu, 5 Desember 2026, 19.00 WIB`: the timeline's server time. */
const eventTime =
  /(Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu), \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}\.\d{2} WIB/;

async function readSheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(path) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push(
      Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value ?? null),
    );
  });
  return rows;
}

describe('learning record', () => {
  it("shows a participant's timeline in Detail Aktivitas and exports the program's record", async () => {
    const topic = await createProgramWithTopic(
      app.api,
      {
        title: `Rekam Belajar Batik ${stamp}`,
        benefits: '<p>Membatik.</p>',
        competence: 'Mencanting batik tulis',
        sellingPrice: 100000,
      },
      'Dasar Membatik',
    );
    const { programId } = topic;
    const readingId = await createActivity(app.api, topic, {
      name: 'Membaca Sejarah Batik',
      type: 'general',
    });
    const practiceId = await createActivity(app.api, topic, {
      name: 'Praktek Mencanting',
      type: 'praktek_mandiri',
    });
    await app.api('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });

    // The participant opens the reading and uploads work; staff respond (recorded events).
    const sari = await joinProgram(app, app.api, programId, `Sari Wulandari ${stamp}`);
    await sari.member('GET', `/member/v1/program/${programId}/activity/${readingId}`);
    await sari.member('GET', `/member/v1/program/${programId}/activity/${practiceId}`);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(pdfBytes('Canting'))], { type: 'application/pdf' }),
      'canting.pdf',
    );
    await sari.member(
      'POST',
      `/member/v1/program/${programId}/activity/${practiceId}/upload`,
      form,
    );

    const { page } = app.admin;
    await page.goto(`/program/users/${programId}`);
    await page.getByRole('table', { name: 'Daftar Peserta' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: sari.fullname });
    await row.getByRole('button', { name: /Detail Aktivitas/ }).click();
    const dialog = page.getByRole('dialog', { name: /Detail Aktivitas/ });
    const practice = dialog.getByRole('listitem', { name: 'Praktek Mencanting' });
    // Opened, uploaded, and completed by the upload.
    await practice.getByText(/3 kejadian/).waitFor();

    // Feedback given in the dialog joins the record at once.
    await practice.getByRole('button', { name: 'Beri Respon' }).click();
    const respon = practice.getByRole('form', { name: 'Form respon' });
    await respon.getByLabel(/Nilai/).fill('88');
    await respon.getByLabel('Respon').fill('Garis cantingan rapi.');
    await respon.getByRole('button', { name: 'Kirim' }).click();
    await snackbar(page, 'Feedback berhasil dikirim').waitFor();
    await practice.getByText(/Nilai 88 · 4 kejadian/).waitFor();

    await practice.getByRole('button', { name: 'Lihat Rekam belajar Praktek Mencanting' }).click();
    const timeline = practice.getByRole('region', { name: 'Rekam belajar Praktek Mencanting' });
    await timeline.getByText('Mendapat umpan balik').waitFor();
    const items = timeline.getByRole('listitem');
    expect(await items.count()).toBe(4);
    expect(await items.nth(0).innerText()).toMatch(/^Membuka aktivitas/);
    // The upload and the completion it made share one server time: either order.
    const middle = [await items.nth(1).innerText(), await items.nth(2).innerText()].sort();
    expect(middle[0]).toMatch(/^Aktivitas selesai/);
    expect(middle[1]).toMatch(/^Mengunggah tugas praktik · canting\.pdf/);
    expect(await items.nth(3).innerText()).toMatch(/nilai 88 · “Garis cantingan rapi\.” · oleh /);
    expect(await items.nth(3).getByRole('time').innerText()).toMatch(eventTime);

    // The whole record, every activity's events in time order.
    const whole = dialog.getByRole('region', { name: 'Rekam Belajar' });
    await whole.getByRole('button', { name: 'Lihat Semua rekam belajar' }).click();
    const all = whole.getByRole('region', { name: 'Semua rekam belajar' });
    await all.getByText('Membaca Sejarah Batik').waitFor();
    expect(await all.getByRole('listitem').count()).toBe(5);
    await settle(page);
    await snap(page, 'learning-record-timeline');
    await dialog.getByRole('button', { name: 'Kembali' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ekspor Rekam Belajar' }).click();
    const download = await downloading;
    await snackbar(page, 'Rekam belajar berhasil diekspor').waitFor();
    expect(download.suggestedFilename()).toMatch(/^rekam-belajar-rekam-belajar-batik-.*\.xlsx$/);
    const rows = await readSheet((await download.path())!);
    expect(rows[0]).toEqual([
      'No',
      'Nama Peserta',
      'Email',
      'Kode Redeem',
      'Topik',
      'Aktivitas',
      'Kejadian',
      'Waktu Server',
      'Nilai',
      'Keterangan',
      'Oleh',
    ]);
    const events = rows.slice(1).map((r) => [r[1], r[5], r[6]]);
    expect([events[0], events[1], events[4]]).toEqual([
      [sari.fullname, 'Membaca Sejarah Batik', 'Membuka aktivitas'],
      [sari.fullname, 'Praktek Mencanting', 'Membuka aktivitas'],
      [sari.fullname, 'Praktek Mencanting', 'Mendapat umpan balik'],
    ]);
    expect([events[2], events[3]].map((e) => e[2]).sort()).toEqual([
      'Aktivitas selesai',
      'Mengunggah tugas praktik',
    ]);
    expect(events).toHaveLength(5);
    expect(rows[5]![8]).toBe(88);
    expect(rows[1]![7]).toBeInstanceOf(Date);
  });
});
