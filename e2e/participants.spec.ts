import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pdfBytes } from '../apps/server/src/test/factories/media-bytes';
import { useAdminApp } from './support/app';
import { snap, snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { confirmDialog, settle, text as snackbar } from './support/locators';
import { joinProgram, type JoinedMember } from './support/members';
import { demo, signedInPage } from './support/session';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const title = `Pemasaran Digital UMKM ${stamp}`;
const workFile = pdfBytes('Laporan praktik pemasaran');

let programId = '';
let practiceId = '';
let readingId = '';

/** A member who joins the program through the member API. */
const join = (fullname: string, n: number) =>
  joinProgram(app, app.api, programId, fullname, { n, dateOfBirth: '1994-08-17' });

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function openList(page: Page) {
  await page.goto(`/program/users/${programId}`);
  await page.getByRole('table', { name: 'Daftar Peserta' }).waitFor();
}

describe('participants', () => {
  let rina: JoinedMember;

  it('lists a participant who joined through the member API, with their uploaded work', async () => {
    const topic = await createProgramWithTopic(
      app.api,
      {
        title,
        benefits: '<p>Memasarkan produk secara daring.</p>',
        competence: 'Membuat konten pemasaran',
        sellingPrice: 150000,
      },
      'Praktik Pemasaran',
    );
    programId = topic.programId;
    readingId = await createActivity(app.api, topic, {
      name: 'Membaca Panduan Konten',
      type: 'general',
      content: { description: '<p>Panduan membuat konten.</p>' },
    });
    practiceId = await createActivity(app.api, topic, {
      name: 'Praktek Membuat Konten',
      type: 'praktek_mandiri',
    });
    await app.api('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });

    rina = await join(`Rina Lestari ${stamp}`, 1);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(workFile)], { type: 'application/pdf' }),
      'konten-rina.pdf',
    );
    form.append('note', 'Mohon masukannya untuk judul');
    await rina.member(
      'POST',
      `/member/v1/program/${programId}/activity/${practiceId}/upload`,
      form,
    );

    const { page } = app.admin;
    await openList(page);
    const rinaRow = row(page, rina.fullname);
    await rinaRow.waitFor();
    expect(await rinaRow.getByText(rina.license).isVisible()).toBe(true);
    expect(await rinaRow.getByText('50%').isVisible()).toBe(true);
    // The participants screen, not the activity-topic screen that '/program/:program/:topic' is.
    expect(await page.getByText(title).isVisible()).toBe(true);
    await snap(page, 'participant-list');
  });

  it('grades the uploaded work from Detail Aktivitas', async () => {
    const { page } = app.admin;
    await row(page, rina.fullname)
      .getByRole('button', { name: /Detail Aktivitas/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /Detail Aktivitas/ });
    await dialog.waitFor();
    const practice = dialog.getByRole('listitem', { name: 'Praktek Membuat Konten' });
    await practice.getByText('konten-rina.pdf').waitFor();
    expect(
      await practice.getByText('Catatan peserta: Mohon masukannya untuk judul').isVisible(),
    ).toBe(true);
    // The reading was not completed: no check mark; the practice was (its upload completes it).
    expect(await practice.getByRole('img', { name: 'Selesai', exact: true }).count()).toBe(1);
    expect(
      await dialog
        .getByRole('listitem', { name: 'Membaca Panduan Konten' })
        .getByRole('img', { name: 'Belum selesai', exact: true })
        .count(),
    ).toBe(1);
    await snap(page, 'participant-activities');

    // The work downloads with the staff session (it has no public address).
    const downloading = page.waitForEvent('download');
    await practice.getByRole('button', { name: 'Unduh konten-rina.pdf' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('konten-rina.pdf');
    expect(fs.readFileSync((await download.path())!).equals(workFile)).toBe(true);

    // A PDF work is read in the back office too, drawn by pdf.js from the bytes fetched with the
    // staff session.
    await practice.getByRole('button', { name: 'Lihat konten-rina.pdf' }).click();
    const viewer = page.getByRole('dialog', { name: 'konten-rina.pdf' });
    await viewer
      .locator('[role="img"][aria-label="Halaman 1 dari 1"][data-drawn="true"]')
      .waitFor({ timeout: 30_000 });
    await snap(page, 'participant-work-pdf');
    await viewer.getByRole('button', { name: 'Tutup' }).click();
    await viewer.waitFor({ state: 'hidden' });

    // 'Beri Respon' shows the form, 'Tutup' hides it.
    await practice.getByRole('button', { name: 'Beri Respon' }).click();
    const form = practice.getByRole('form', { name: 'Form respon' });
    await form.waitFor();
    await practice.getByRole('button', { name: 'Tutup' }).click();
    await form.waitFor({ state: 'hidden' });
    await practice.getByRole('button', { name: 'Beri Respon' }).click();

    const score = form.getByLabel(/Nilai/);
    await score.pressSequentially('1a50');
    expect(await score.inputValue()).toBe('100');
    await score.fill('');
    await score.pressSequentially('85');
    await form.getByLabel('Respon').fill('Konten menarik, perjelas ajakan membeli.');
    expect(await form.getByText('40/250').isVisible()).toBe(true);
    await settle(page);
    await snap(page, 'participant-feedback-form');
    await form.getByRole('button', { name: 'Kirim' }).click();
    await snackbar(page, 'Feedback berhasil dikirim').waitFor();
    await form.waitFor({ state: 'hidden' });
    await practice.getByText('Nilai: 85').waitFor();
    expect(await practice.getByText('Konten menarik, perjelas ajakan membeli.').isVisible()).toBe(
      true,
    );
    await snap(page, 'participant-feedback-sent');
    await dialog.getByRole('button', { name: 'Kembali' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('updates the participant with the phone read-only and the birth date bounded', async () => {
    const { page } = app.admin;
    await row(page, rina.fullname)
      .getByRole('button', { name: /Aksi lain/ })
      .click();
    await page.getByRole('menuitem', { name: 'Update User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update User' });
    const name = dialog.getByLabel(/Nama Lengkap/);
    await name.waitFor();
    expect(await name.inputValue()).toBe(rina.fullname);
    expect(await dialog.getByLabel('Nomor Whatsapp').getAttribute('readonly')).not.toBeNull();
    const birth = dialog.getByLabel('Tanggal Lahir');
    // Typed and shown dd/mm/yyyy in every browser language (no native picker).
    expect(await birth.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await settle(page);
    await snap(page, 'participant-update-user');

    await birth.fill('31/12/1949');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Tanggal Lahir tidak boleh sebelum 01-01-1950').waitFor();
    await birth.fill('11/02/1993');
    await name.fill(`Rina Lestari Putri ${stamp}`);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await snackbar(page, 'Data Peserta berhasil diubah').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    rina.fullname = `Rina Lestari Putri ${stamp}`;
    await row(page, rina.fullname).waitFor();
  });

  it('shows Detail Voucher with the end date only once the program is complete', async () => {
    const { page } = app.admin;
    const openVoucher = async () => {
      await row(page, rina.fullname)
        .getByRole('button', { name: /Aksi lain/ })
        .click();
      await page.getByRole('menuitem', { name: 'Detail Voucher' }).click();
      const dialog = page.getByRole('dialog', { name: 'Detail Voucher' });
      await dialog.getByText(rina.license).waitFor();
      return dialog;
    };
    const endDate = (dialog: Awaited<ReturnType<typeof openVoucher>>) =>
      dialog
        .getByRole('row', { name: /Tanggal Selesai/ })
        .getByRole('cell')
        .last()
        .innerText();

    let dialog = await openVoucher();
    expect(await dialog.getByText(title).isVisible()).toBe(true);
    expect(await endDate(dialog)).toBe('-');
    await settle(page);
    await snap(page, 'participant-voucher-detail');
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Served to her first: a reading completes once opened (docs/decisions.md, completion).
    await rina.member('GET', `/member/v1/program/${programId}/activity/${readingId}`);
    await rina.member('POST', `/member/v1/program/${programId}/activity/${readingId}/complete`);
    await openList(page);
    await row(page, rina.fullname).getByText('100%').waitFor();
    dialog = await openVoucher();
    expect(await endDate(dialog)).toMatch(/\d{4}/);
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('searches, sorts by status and removes a participant from the program', async () => {
    const budi = await join(`Budi Santoso ${stamp}`, 2);
    const { page } = app.admin;
    await openList(page);
    await row(page, budi.fullname).waitFor();

    await page.getByRole('button', { name: 'Status' }).click();
    await page.waitForURL((url) => url.searchParams.get('dir') === 'desc');
    // The rows re-order once the sorted page arrives (the previous page stays until then).
    const order = async () => {
      const rows = await page.getByRole('row').allInnerTexts();
      return [rina.fullname, budi.fullname].map((n) => rows.findIndex((r) => r.includes(n)));
    };
    await expect
      .poll(async () => {
        const [r, b] = await order();
        return r! < b!;
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Status' }).click();
    await page.waitForURL((url) => url.searchParams.get('dir') === 'asc');
    await expect
      .poll(async () => {
        const [r, b] = await order();
        return b! < r!;
      })
      .toBe(true);

    const search = page.getByLabel('Cari peserta');
    await search.fill(budi.license);
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === budi.license);
    await row(page, budi.fullname).waitFor();
    await expect.poll(() => row(page, rina.fullname).count()).toBe(0);

    await row(page, budi.fullname)
      .getByRole('button', { name: /Aksi lain/ })
      .click();
    await page.getByRole('menuitem', { name: 'Hapus dari Program' }).click();
    // The confirmation says what happens to the voucher: it is freed for another redeem.
    await page
      .getByRole('dialog', { name: 'Hapus Peserta dari Program' })
      .getByText(/Kode vouchernya kembali tersedia dan dapat di-redeem lagi/)
      .waitFor();
    await settle(page);
    await snap(page, 'participant-remove-confirm');
    await confirmDialog(page, 'Hapus Peserta dari Program');
    await snackbar(page, 'Peserta berhasil dihapus dari program').waitFor();
    await page.getByText('Peserta tidak ditemukan').waitFor();
    await snap(page, 'participant-list-empty-search');
  });

  it('lists, issues and exports the program voucher codes', async () => {
    const { page } = app.admin;
    await openList(page);
    await page.getByRole('button', { name: 'Kode Voucher' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kode Voucher' });
    await dialog.getByText(rina.license).waitFor();
    await dialog.getByRole('button', { name: 'Buat Voucher' }).click();
    const form = dialog.getByRole('form', { name: 'Buat kode voucher' });
    await form.getByLabel('Jumlah voucher').fill('3');
    await form.getByRole('button', { name: 'Buat' }).click();
    await snackbar(page, '3 kode voucher berhasil dibuat').waitFor();
    await dialog.getByRole('button', { name: 'Belum digunakan' }).click();
    // The 3 new codes and Budi's, freed when he was removed from the program.
    await dialog.getByText('1–4 dari 4').waitFor();
    await settle(page);
    await snap(page, 'participant-voucher-codes');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it("shows a trainer the 404 page for another program's participants", async () => {
    const other = await createProgramWithTopic(
      app.api,
      {
        title: `Program Lain ${stamp}`,
        benefits: '<p>Bukan program trainer.</p>',
        competence: 'Apa saja',
        sellingPrice: 50000,
      },
      'Topik Lain',
    );
    const trainer = await signedInPage(
      app.browser,
      app.server.url,
      { width: 1366, height: 900 },
      demo.trainer,
    );
    try {
      await trainer.page.goto(`/program/users/${other.programId}`);
      await trainer.page.getByRole('heading', { name: 'Error 404 - Page not found' }).waitFor();
      expect(await trainer.page.getByRole('button', { name: 'Kode Voucher' }).count()).toBe(0);
      await snap(trainer.page, 'participant-list-trainer-404');
    } finally {
      await trainer.context.close();
    }
  });
});
