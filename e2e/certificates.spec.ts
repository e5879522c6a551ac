import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from './support/app';
import { seriousViolations } from './support/axe';
import { newPage, snap, snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { joinProgram, type JoinedMember } from './support/members';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const title = `Desain Grafis Dasar ${stamp}`;

let programId = '';
let activityId = '';

/** A member who joins the program through the member API. */
const join = (fullname: string, n: number) => joinProgram(app, app.api, programId, fullname, { n });

/** The redemption id of a participant, from the staff list. */
async function redeemIdOf(fullname: string): Promise<string> {
  const page = await app.api<{ list: { id: string; member: { fullname: string } }[] }>(
    'GET',
    `/program/v1/trainer/member-redeem/list/${programId}?q=${encodeURIComponent(fullname)}`,
  );
  return page.list.find((p) => p.member.fullname === fullname)!.id;
}

describe('certificates', () => {
  let finished: JoinedMember;
  let number = '';

  it('downloads a finished participant’s certificate from its page', async () => {
    const topic = await createProgramWithTopic(
      app.api,
      {
        title,
        benefits: '<p>Dasar-dasar desain grafis.</p>',
        competence: 'Menyusun tata letak poster',
        sellingPrice: 100000,
      },
      'Pengenalan Desain',
    );
    programId = topic.programId;
    activityId = await createActivity(app.api, topic, {
      name: 'Membaca Prinsip Desain',
      type: 'general',
      content: { description: '<p>Prinsip desain.</p>' },
    });
    await app.api('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });

    finished = await join(`Ayu Pratiwi ${stamp}`, 1);
    // Served first: a reading completes once opened (docs/decisions.md, completion).
    await finished.member('GET', `/member/v1/program/${programId}/activity/${activityId}`);
    await finished.member(
      'POST',
      `/member/v1/program/${programId}/activity/${activityId}/complete`,
    );
    const redeemId = await redeemIdOf(finished.fullname);

    const { page } = app.admin;
    const downloading = page.waitForEvent('download');
    await page.goto(`/certificate-participant/${redeemId}`);
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('sertifikat.pdf');
    const file = (await download.path())!;
    expect(fs.readFileSync(file).subarray(0, 4).toString()).toBe('%PDF');

    await page.getByText('Sertifikat berhasil diunduh').waitFor();
    // The number issued by this first download shows once the page re-reads the redemption.
    const numberText = page.getByText(/^AJR-\d{4}-\d{2}-[0-9A-Z]{8}$/);
    await numberText.waitFor();
    number = (await numberText.textContent())!;
    // The profile's name, and the name the certificate keeps as issued.
    expect(await page.getByText(finished.fullname).count()).toBe(2);
    await snap(page, 'certificate-participant');

    // The PDF itself: landscape A4 with the name and the number (read with poppler).
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(finished.fullname);
    expect(text).toContain(number);
    if (process.env.E2E_SCREENSHOTS) {
      fs.mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-singlefile',
        file,
        path.join(process.env.E2E_SCREENSHOTS, 'certificate-pdf'),
      ]);
    }

    // 'Unduh Ulang' downloads again, the same certificate.
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh Ulang' }).click();
    const second = await again;
    const secondText = execFileSync('pdftotext', [(await second.path())!, '-'], {
      encoding: 'utf8',
    });
    expect(secondText).toContain(number);
  });

  it('explains why a graduation certificate is refused', async () => {
    const starter = await join(`Bima Saputra ${stamp}`, 2);
    expect(starter.fullname).toBeTruthy();
    const redeemId = await redeemIdOf(starter.fullname);
    const { page } = app.admin;
    await page.goto(`/certificate-graduation/${redeemId}`);
    await page.getByText('Peserta belum menyelesaikan program').waitFor();
    await snap(page, 'certificate-graduation-refused');
    // And back to the participant list.
    await page.getByRole('link', { name: 'Kembali ke Daftar Peserta' }).click();
    await page.waitForURL(`**/program/users/${programId}`);
    await page.getByRole('table', { name: 'Daftar Peserta' }).waitFor();
  });

  it('downloads every certificate of the program as one zip from the participant list', async () => {
    const { page } = app.admin;
    // Each row's menu links to the participant's certificate pages.
    await page.getByRole('button', { name: `Aksi lain ${finished.fullname}` }).click();
    const rowLink = page.getByRole('menuitem', { name: 'Sertifikat Kelulusan' });
    expect(await rowLink.getAttribute('href')).toMatch(/^\/certificate-graduation\/[0-9a-f-]{36}$/);
    await page.keyboard.press('Escape');
    await rowLink.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Unduh Semua Sertifikat' }).click();
    await snap(page, 'participant-list-certificates');
    await page.getByRole('menuitem', { name: 'Sertifikat Kelulusan' }).click();
    // The zip is a job: the menu closes at once, the zip is followed in 'Unduhan'.
    await page.getByText('Sedang diproses, lihat di Unduhan').waitFor();
    await page.getByRole('button', { name: 'Unduhan', exact: true }).click();
    const item = page.getByRole('list', { name: 'Unduhan' }).locator('li[data-job-status="done"]');
    await item.waitFor();
    await snap(page, 'downloads-panel');
    // The open panel passes axe like the other back-office screens.
    expect(await seriousViolations(page)).toEqual([]);
    const downloading = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Unduh', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sertifikat-.+\.zip$/);
    const listing = execFileSync('unzip', ['-Z1', (await download.path())!], { encoding: 'utf8' });
    // Only the finished participant qualifies.
    expect(listing.trim().split('\n')).toHaveLength(1);
    expect(listing).toMatch(/^sertifikat-ayu-pratiwi-/);
  });

  it('verifies the number on the public page, signed in and signed out', async () => {
    const { page } = app.admin;
    await page.goto(`/verifikasi/${number}`);
    await page.getByRole('heading', { name: 'Sertifikat Asli' }).waitFor();
    expect(await page.getByText(finished.fullname).isVisible()).toBe(true);
    expect(await page.getByText(title).isVisible()).toBe(true);
    expect(page.url()).toContain(`/verifikasi/${number}`); // a signed-in user stays here
    await snap(page, 'certificate-verify');

    const guest = await newPage(app.browser, app.server.url, { width: 390, height: 800 });
    try {
      await guest.page.goto(`/verifikasi/${number}`);
      await guest.page.getByRole('heading', { name: 'Sertifikat Asli' }).waitFor();
      expect(await guest.page.getByText(finished.fullname).isVisible()).toBe(true);
      await snap(guest.page, 'certificate-verify-guest');

      await guest.page.goto('/verifikasi/AJR-2000-01-TIDAKADA');
      await guest.page.getByRole('heading', { name: 'Sertifikat tidak ditemukan' }).waitFor();
      await snap(guest.page, 'certificate-verify-not-found');
    } finally {
      await guest.context.close();
    }
  });

  it('corrects the name in the back office: a new number, the old one says it was replaced', async () => {
    const { page } = app.admin;
    const redeemId = await redeemIdOf(finished.fullname);
    // The page downloads the certificate again on its own; wait for that to settle first.
    await page.goto(`/certificate-participant/${redeemId}`);
    await page.getByText('Sertifikat berhasil diunduh').waitFor();

    await page.getByRole('button', { name: 'Koreksi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Koreksi Sertifikat' });
    const name = dialog.getByRole('textbox', { name: 'Nama pada Sertifikat' });
    expect(await name.inputValue()).toBe(finished.fullname);
    const corrected = `Ayu Pratiwi Kusumaningrum ${stamp}`;
    await name.fill(corrected);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    // The reason is required, in Indonesian, before anything is sent.
    await dialog.getByText('Alasan tidak boleh kosong').waitFor();
    await dialog.getByRole('textbox', { name: 'Alasan' }).fill('Nama belakang peserta tertinggal');
    await snap(page, 'certificate-correct-dialog');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The page now shows the new number in force and the old one in the history.
    const history = page.getByRole('region', { name: 'Riwayat Koreksi' });
    await history.getByRole('link', { name: number }).waitFor();
    await history.getByText('Nama belakang peserta tertinggal', { exact: false }).waitFor();
    const issued = page.getByRole('region', { name: 'Sertifikat Terbit' });
    await issued.getByText(corrected).waitFor();
    const newNumber = (await issued.getByText(/^AJR-\d{4}-\d{2}-[0-9A-Z]{8}$/).textContent())!;
    expect(newNumber).not.toBe(number);
    await snap(page, 'certificate-corrected');

    // The old number's public page says it was replaced and leads to the new one.
    await page.goto(`/verifikasi/${number}`);
    await page.getByRole('heading', { name: 'Sertifikat Telah Diganti' }).waitFor();
    await snap(page, 'certificate-verify-replaced');
    await page.getByRole('link', { name: newNumber }).click();
    await page.getByRole('heading', { name: 'Sertifikat Asli' }).waitFor();
    await page.getByText(corrected).waitFor();
    expect(page.url()).toContain(`/verifikasi/${newNumber}`);
    number = newNumber;
  });

  it("revokes the certificate with a reason: the verification page says 'dicabut'", async () => {
    const { page } = app.admin;
    const redeemId = await redeemIdOf(finished.fullname);
    await page.goto(`/certificate-participant/${redeemId}`);
    await page.getByText('Sertifikat berhasil diunduh').waitFor();

    await page.getByRole('button', { name: 'Cabut' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cabut Sertifikat' });
    await dialog.getByRole('textbox', { name: 'Alasan' }).fill('Tugas praktik terbukti disalin');
    await dialog.getByRole('button', { name: 'Cabut Sertifikat' }).click();
    await dialog.waitFor({ state: 'detached' });
    const issued = page.getByRole('region', { name: 'Sertifikat Terbit' });
    await issued.getByText('Dicabut', { exact: true }).waitFor();
    await issued.getByText(/Tugas praktik terbukti disalin/).waitFor();
    // A revoked certificate is not downloaded, and cannot be corrected or revoked again.
    expect(await page.getByRole('button', { name: 'Unduh Ulang' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Koreksi' }).count()).toBe(0);
    await snap(page, 'certificate-revoked');

    const guest = await newPage(app.browser, app.server.url, { width: 390, height: 800 });
    try {
      await guest.page.goto(`/verifikasi/${number}`);
      await guest.page.getByRole('heading', { name: 'Sertifikat Dicabut' }).waitFor();
      await guest.page.getByText(/dicabut pada .*Alasan: Tugas praktik terbukti disalin/).waitFor();
      await snap(guest.page, 'certificate-verify-revoked');
    } finally {
      await guest.context.close();
    }
  });
});
