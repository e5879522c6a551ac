import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  formatIndonesianDate,
  oneYearValidity,
} from '@ajar/shared/certificates/certificates.rules';
import { useAdminApp } from './support/app';
import { seriousViolations } from './support/axe';
import { newPage, snap, snapOnFailure } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { text } from './support/locators';
import { joinProgram } from './support/members';

const app = useAdminApp({ width: 1366, height: 900 });
snapOnFailure(() => app.admin?.page);

const stamp = Date.now().toString(36);
const title = `Barista Bersertifikat ${stamp}`;

describe('certificate validity', () => {
  let programId = '';
  let number = '';
  /** 'Berlaku hingga' of a certificate issued today (Jakarta day, one year on). */
  const validUntil = () => formatIndonesianDate(oneYearValidity(new Date()));

  it("is chosen on the program form: '1 tahun' is printed on the certificate and its page", async () => {
    const topic = await createProgramWithTopic(
      app.api,
      {
        title,
        benefits: '<p>Menyeduh kopi.</p>',
        competence: 'Menyeduh kopi manual',
        sellingPrice: 100000,
      },
      'Pengenalan',
    );
    programId = topic.programId;
    const activityId = await createActivity(app.api, topic, {
      name: 'Membaca Resep',
      type: 'general',
      content: { description: '<p>Resep.</p>' },
    });
    await app.api('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });

    const { page } = app.admin;
    await page.goto(`/program/edit/${programId}`);
    await page.waitForFunction(
      (expected) =>
        (document.querySelector('input[name="title"]') as HTMLInputElement | null)?.value ===
        expected,
      title,
    );
    // Programs start without an end of validity (what every program had before the setting).
    const setting = page.getByRole('group', { name: 'Masa berlaku sertifikat' });
    expect(await setting.getByRole('radio', { name: 'Tanpa batas' }).isChecked()).toBe(true);
    await setting.getByRole('radio', { name: '1 tahun' }).check();
    await snap(page, 'certificate-validity-setting');
    await page.getByRole('tab', { name: 'Fasilitator' }).click();
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await text(page, 'Successfully update program').waitFor();
    await page.waitForURL((url) => url.pathname === '/program', { timeout: 10_000 });
    const saved = await app.api<{ certificate_validity: string }>(
      'GET',
      `/program/v1/company/detail/${programId}`,
    );
    expect(saved.certificate_validity).toBe('one_year');

    // A participant finishes the reading; staff download the participation certificate.
    const member = await joinProgram(app, app.api, programId, `Rani Barista ${stamp}`, { n: 1 });
    await member.member('GET', `/member/v1/program/${programId}/activity/${activityId}`);
    await member.member('POST', `/member/v1/program/${programId}/activity/${activityId}/complete`);
    const list = await app.api<{ list: { id: string; member: { fullname: string } }[] }>(
      'GET',
      `/program/v1/trainer/member-redeem/list/${programId}?q=${encodeURIComponent(member.fullname)}`,
    );
    const redeemId = list.list.find((p) => p.member.fullname === member.fullname)!.id;
    const downloading = page.waitForEvent('download');
    await page.goto(`/certificate-participant/${redeemId}`);
    const download = await downloading;
    const pdf = execFileSync('pdftotext', [(await download.path())!, '-'], { encoding: 'utf8' });
    expect(pdf.replace(/\s+/g, ' ')).toContain(`Berlaku hingga ${validUntil()}`);

    const issued = page.getByRole('region', { name: 'Sertifikat Terbit' });
    const numberText = issued.getByText(/^AJR-\d{4}-\d{2}-[0-9A-Z]{8}$/);
    await numberText.waitFor();
    number = (await numberText.textContent())!;
    await issued.getByText('Berlaku Hingga').waitFor();
    await issued.getByText(validUntil(), { exact: true }).waitFor();
    await snap(page, 'certificate-validity-staff');
  });

  it('shows until when it is valid on the public verification page at 390 px', async () => {
    const guest = await newPage(app.browser, app.server.url, { width: 390, height: 800 });
    try {
      await guest.page.goto(`/verifikasi/${number}`);
      await guest.page.getByRole('heading', { name: 'Sertifikat Asli' }).waitFor();
      await guest.page.getByText('Berlaku Hingga').waitFor();
      await guest.page.getByText(validUntil(), { exact: true }).waitFor();
      // Nothing wider than the phone.
      expect(
        await guest.page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);
      expect(await seriousViolations(guest.page)).toEqual([]);
      await snap(guest.page, 'certificate-validity-verify-390');
    } finally {
      await guest.context.close();
    }
  });
});
