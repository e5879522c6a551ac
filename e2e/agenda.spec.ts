import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatLongDate } from '@ajar/shared/common/datetime';
import { signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snapOnFailure, type OpenPage } from './support/browser';
import { createActivity, createProgramWithTopic } from './support/data';
import { checkScreen, checkTextScale, signedInLearnerPage } from './support/learner';
import { joinProgram, type JoinedMember } from './support/members';

// 'Agenda' in Ajar Belajar on a 390 px phone: a meeting and a quiz deadline of tomorrow (WIB)
// grouped under their day, the meeting's calendar file, and 'Pengingat' in the profile.

const app = useApp();
let phone: OpenPage;
let page: Page;
let joined: JoinedMember;
let programId: string;
let meetingId: string;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const programTitle = `Kelas Agenda ${stamp}`;
/** `YYYY-MM-DD` in WIB, `days` from today. */
const wibDay = (days: number) =>
  new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const tomorrow = wibDay(1);
const byDate = (start: string, end: string) => ({
  is_day: '2',
  days: [],
  dates: [{ date: tomorrow, times: [{ start_time: start, end_time: end }] }],
});

beforeAll(async () => {
  const admin: Api = await signedInApi(app.server.url);
  const topic = await createProgramWithTopic(
    admin,
    {
      title: programTitle,
      benefits: '<p>Pertemuan daring dan kuis terjadwal.</p>',
      competence: 'Merencanakan belajar',
      sellingPrice: 0,
    },
    'Pekan 1',
  );
  programId = topic.programId;
  meetingId = await createActivity(admin, topic, {
    name: 'Diskusi Daring, Pekan 1',
    type: 'berdiskusi_daring',
    content: { meeting: { link: 'https://meet.contoh.id/agenda', ...byDate('19:00', '21:00') } },
  });
  await createActivity(admin, topic, {
    name: 'Kuis Pekan 1',
    type: 'quiz',
    content: {
      meta_data: [
        { title: 'is_scheduled', content: '1' },
        { title: 'is_show_scheduled', content: '1' },
        { title: 'schedules_data', content: JSON.stringify(byDate('08:00', '12:00')) },
      ],
    },
  });
  await admin('PUT', `/program/v1/company/update-status/${programId}`, { status: 'publish' });
  joined = await joinProgram(app, admin, programId, `Rina Agenda ${stamp}`);

  phone = await signedInLearnerPage(app.browser, app.server.url, joined.email);
  page = phone.page;
}, 180_000);

describe('Ajar Belajar: Agenda', () => {
  it('shows tomorrow’s meeting and quiz deadline under their day, in Indonesian dates', async () => {
    await page
      .getByRole('navigation', { name: 'Menu utama' })
      .getByRole('link', { name: 'Agenda' })
      .click();
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    const dayTitle = formatLongDate(`${tomorrow}T12:00:00Z`);
    const day = page.getByRole('region', { name: dayTitle });
    await day.getByRole('heading', { name: dayTitle }).waitFor();
    const meeting = day.getByRole('link', { name: /Diskusi Daring, Pekan 1/ });
    await meeting.waitFor();
    expect(await meeting.textContent()).toContain('19.00 WIB');
    expect(await meeting.textContent()).toContain('Presensi 18.45 WIB – 21.00 WIB');
    const deadline = day.getByRole('link', { name: /Batas waktu kuis.*Kuis Pekan 1/ });
    await deadline.waitFor();
    expect(await deadline.textContent()).toContain('12.00 WIB');
    const opens = day.getByRole('link', { name: /Dibuka.*Kuis Pekan 1/ }).first();
    expect(await opens.textContent()).toContain(`Dibuka pada ${dayTitle}, 08.00 WIB`);
    await checkScreen(page, 'agenda');
    await checkTextScale(page, 'agenda');
  });

  it('downloads the meeting as an .ics file and opens the meeting from its entry', async () => {
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Tambah ke kalender: Diskusi Daring, Pekan 1/ })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`pertemuan-${tomorrow}.ics`);
    const ics = fs.readFileSync((await download.path())!, 'utf8');
    const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
    const start = new Date(`${tomorrow}T12:00:00Z`).toISOString().replace(/[-:]|\.\d{3}/g, '');
    expect(lines).toContain(`DTSTART:${start}`);
    expect(lines).toContain('SUMMARY:Diskusi Daring\\, Pekan 1');
    expect(lines.find((l) => l.startsWith('UID:'))).toMatch(new RegExp(`^UID:${meetingId}-`));

    await page.getByRole('link', { name: /Diskusi Daring, Pekan 1/ }).click();
    await page.waitForURL(`**/belajar/program/${programId}/activity/${meetingId}`);
  });

  it("turns reminders off and on in the profile ('Pengingat')", async () => {
    await page
      .getByRole('navigation', { name: 'Menu utama' })
      .getByRole('link', { name: 'Profil' })
      .click();
    const reminders = page.getByRole('switch', { name: 'Pengingat' });
    await expect.poll(() => reminders.isChecked()).toBe(true);
    await expect.poll(() => reminders.isEnabled()).toBe(true);
    await reminders.click();
    await expect.poll(() => reminders.isChecked()).toBe(false);
    await page.getByText('Pengingat nonaktif').waitFor();
    await expect
      .poll(
        async () =>
          (await joined.member<{ enabled: boolean }>('GET', '/member/v1/agenda/reminders')).enabled,
      )
      .toBe(false);
    await checkScreen(page, 'profile-reminders');
    await page.reload();
    await expect.poll(() => reminders.isEnabled()).toBe(true);
    expect(await reminders.isChecked()).toBe(false);
    await reminders.click();
    await expect.poll(() => reminders.isChecked()).toBe(true);
    await expect
      .poll(
        async () =>
          (await joined.member<{ enabled: boolean }>('GET', '/member/v1/agenda/reminders')).enabled,
      )
      .toBe(true);
  });
});
