import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { useAdminApp } from './support/app';
import { snap } from './support/browser';
import { createProgramWithTopic, listTopics, showActivity as show } from './support/data';
import { mp4Bytes, pdfBytes } from '../apps/server/src/test/factories/media-bytes';
import { tmpFile } from './support/files';
import { openTab, radio, text, typeRich } from './support/locators';

const app = useAdminApp({ width: 1366, height: 900 });

let programId: string;
let topicId: string;

const stamp = Date.now().toString(36);
const programTitle = `Pelatihan Desain Grafis ${stamp}`;
const topicName = 'Dasar Tipografi';

interface ActivityOut {
  id: string;
  name: string;
  type: string;
  settings: Record<string, unknown>;
  content: {
    description: string;
    file: { id: string; url: string; name?: string; mime?: string } | null;
    link_embed: { is_showing: number; url: string };
    meeting: { link: string; is_must_participate: number; is_day: string; dates: unknown[] };
    meta_data: { title: string; content: string }[];
    embed_youtube: { title: string; url: string }[];
  };
}

const showActivity = (id: string) => show<ActivityOut>(app.api, { programId, topicId }, id);

const createPath = () => `/program/${programId}/${topicId}/create`;
const schedule = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

async function chooseType(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Jenis aktivitas' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

const typeDescription = (page: Page, value: string) => typeRich(page, 'Deskripsi', value);

/** Saves a new activity of a type that returns to program detail after a second. */
async function createAndReturn(page: Page) {
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await text(page, 'Aktivitas berhasil dibuat.').waitFor();
  await page.waitForURL((url) => url.pathname === `/program/${programId}`, { timeout: 10_000 });
}

/** The id at the end of `/program/{p}/{t}/{id}/edit`. */
function idFromEditUrl(url: URL): string | null {
  const match = /\/program\/[^/]+\/[^/]+\/([^/]+)\/edit$/.exec(url.pathname);
  return match?.[1] ?? null;
}

/** The topic's activities in seq order, as the program detail screen reads them. */
async function topicActivities(): Promise<{ id: string; name: string }[]> {
  return (await listTopics(app.api, programId)).find((t) => t.id === topicId)?.activities ?? [];
}

/** After a create that returns to program detail: the new activity, found through the API. */
async function createdActivity(name: string): Promise<ActivityOut> {
  const found = (await topicActivities()).find((a) => a.name === name);
  if (!found) throw new Error(`activity ${name} not found in the topic`);
  return showActivity(found.id);
}

let throttle: CDPSession | null = null;

beforeAll(async () => {
  ({ programId, topicId } = await createProgramWithTopic(
    app.api,
    {
      title: programTitle,
      benefits: '<p>Belajar desain grafis dari dasar.</p>',
      competence: 'Tipografi',
      sellingPrice: 250000,
    },
    topicName,
  ));
});

afterAll(async () => {
  await throttle?.detach().catch(() => undefined);
});

describe('activities', () => {
  let videoId = '';

  it('creates a video activity with an mp4 upload, settings and a by-day schedule', async () => {
    const { page } = app.admin;
    await page.goto(createPath());
    await page.getByRole('tab', { name: 'Detail', selected: true }).waitFor();
    await page.getByText(`Daftar Program`).first().waitFor();
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByText(programTitle).waitFor();
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByText(topicName).waitFor();
    await page
      .getByRole('navigation', { name: 'breadcrumb' })
      .getByText('Tambah Aktivitas')
      .waitFor();
    await snap(page, 'activity-create-empty');

    // Saving an empty form shows the messages of the Detail tab.
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByText('Judul aktivitas tidak boleh kosong', { exact: true }).waitFor();
    await page.getByText('Jenis aktivitas tidak boleh kosong', { exact: true }).waitFor();

    await page.getByLabel('Judul aktivitas').fill('Video Pengantar Tipografi');
    await chooseType(page, 'Menonton Video');
    await snap(page, 'activity-video-detail');

    await openTab(page, 'Pengaturan');
    await page.getByText('Pengaturan harus disimpan setelah diisi.').waitFor();
    await page.getByLabel('Estimasi Durasi').fill('45');
    await page.getByRole('combobox', { name: 'Tampilkan Diskusi' }).click();
    await page.getByRole('option', { name: 'Public' }).click();
    // Question settings are for question types only.
    expect(await page.getByText('Kesempatan mengulang').count()).toBe(0);
    await snap(page, 'activity-video-settings');

    await openTab(page, 'Konten');
    await page.getByText('Format file yang didukung adalah mp4 ukuran maks: 100 MB.').waitFor();
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles(tmpFile('catatan.txt', 'bukan video'));
    await page.getByText('Format file tidak didukung', { exact: true }).waitFor();
    await picker.setInputFiles(tmpFile('pengantar.mp4', mp4Bytes(400 * 1024)));
    await page.getByText('pengantar.mp4').waitFor();
    await typeDescription(page, 'Mengenal jenis huruf serif dan sans-serif.');

    // 'Tampilkan Jadwal' is disabled until the video is scheduled.
    expect(await radio(page, 'Tampilkan Jadwal', 'Ya').isDisabled()).toBe(true);
    await radio(page, 'Tipe Terjadwal', 'Ya').check();
    await radio(page, 'Tampilkan Jadwal', 'Ya').check();

    const jadwal = schedule(page, 'Jadwal');
    await jadwal.getByRole('radio', { name: 'Hari' }).check();
    // The schedule opens with a Collapse transition that clips it: a press during the transition
    // can land on what lies under the clipped button and be lost. Press once it has opened.
    await page.locator('.MuiCollapse-entered').filter({ has: jadwal }).waitFor();
    await jadwal.getByRole('button', { name: 'Tambah hari' }).click();
    const dayField = jadwal.getByRole('combobox', { name: 'Hari' });
    await dayField.click();
    await page.getByRole('option', { name: 'Senin' }).click();
    await jadwal.getByLabel('Jam mulai').fill('10:00');
    await jadwal.getByLabel('Jam selesai').fill('09:00');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await jadwal.getByText('Jam selesai harus setelah jam mulai', { exact: true }).waitFor();
    await snap(page, 'activity-video-schedule-error');

    await jadwal.getByLabel('Jam mulai').fill('08:00');
    await jadwal.getByRole('button', { name: 'Tambah jam' }).click();
    await jadwal.getByLabel('Jam mulai').nth(1).fill('13:00');
    await jadwal.getByLabel('Jam selesai').nth(1).fill('15:30');
    await jadwal.getByLabel('Jam selesai').first().fill('09:30');
    expect(await jadwal.getByText('Jam selesai harus setelah jam mulai').count()).toBe(0);
    await snap(page, 'activity-video-content');

    // A slow connection makes the upload progress visible.
    throttle = await page.context().newCDPSession(page);
    await throttle.send('Network.enable');
    await throttle.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 160 * 1024,
    });
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Progres unggah' }).waitFor();
    await snap(page, 'activity-video-uploading');
    await text(page, 'Aktivitas berhasil dibuat.').waitFor({ timeout: 20_000 });
    await throttle.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // Other types return to program detail after a second.
    await page.waitForURL((url) => url.pathname === `/program/${programId}`, { timeout: 10_000 });

    const video = await createdActivity('Video Pengantar Tipografi');
    videoId = video.id;
    expect(video.type).toBe('menonton_video');
    expect(video.settings).toMatchObject({ estimated_duration: 45, is_show_discussion: 2 });
    expect(video.content.file?.mime).toBe('video/mp4');
    expect(video.content.description).toContain('serif');
    const meta = Object.fromEntries(video.content.meta_data.map((m) => [m.title, m.content]));
    expect(meta.is_scheduled).toBe('1');
    expect(meta.is_show_scheduled).toBe('1');
    expect(JSON.parse(meta.schedules_data!)).toEqual({
      is_day: '1',
      days: [
        {
          day: 'monday',
          times: [
            { start_time: '08:00', end_time: '09:30' },
            { start_time: '13:00', end_time: '15:30' },
          ],
        },
      ],
      dates: [],
    });
  });

  it('loads the video activity for edit with its type fixed, and saves a change', async () => {
    const { page } = app.admin;
    const before = await showActivity(videoId);
    expect(before.content.file).not.toBeNull();
    await page.goto(`/program/${programId}/${topicId}/${videoId}/edit`);
    await page.getByRole('tab', { name: 'Detail', selected: true }).waitFor();
    expect(await page.getByLabel('Judul aktivitas').inputValue()).toBe('Video Pengantar Tipografi');
    const type = page.getByRole('combobox', { name: 'Jenis aktivitas' });
    expect(await type.getAttribute('aria-disabled')).toBe('true');
    expect(await type.textContent()).toContain('Menonton Video');
    await page.getByText('Jenis aktivitas tidak dapat diubah').waitFor();
    await page
      .getByRole('navigation', { name: 'breadcrumb' })
      .getByText('Video Pengantar Tipografi')
      .waitFor();
    await snap(page, 'activity-video-edit-detail');

    await openTab(page, 'Pengaturan');
    expect(await page.getByLabel('Estimasi Durasi').inputValue()).toBe('45');

    await openTab(page, 'Konten');
    await page.getByLabel('Pratinjau video').waitFor();
    expect(await radio(page, 'Tipe Terjadwal', 'Ya').isChecked()).toBe(true);
    const jadwal = schedule(page, 'Jadwal');
    expect(await jadwal.getByRole('combobox', { name: 'Hari' }).textContent()).toContain('Senin');
    expect(await jadwal.getByLabel('Jam mulai').nth(1).inputValue()).toBe('13:00');
    expect(await jadwal.getByLabel('Jam selesai').first().inputValue()).toBe('09:30');
    await snap(page, 'activity-video-edit-content');

    await openTab(page, 'Detail');
    await page.getByLabel('Judul aktivitas').fill('Video Pengantar Tipografi (revisi)');
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await text(page, 'Aktivitas berhasil diperbarui.').waitFor();
    const saved = await showActivity(videoId);
    expect(saved.name).toBe('Video Pengantar Tipografi (revisi)');
    // The file and the schedule are kept when no new file is chosen.
    expect(saved.content.file?.id).toBe(before.content.file?.id);
    expect(saved.content.meta_data.some((m) => m.title === 'schedules_data')).toBe(true);
  });

  it('creates a meeting activity with schedules, a finish schedule and metadata', async () => {
    const { page } = app.admin;
    await page.goto(createPath());
    await page.getByLabel('Judul aktivitas').fill('Diskusi Daring Kerning');
    await chooseType(page, 'Berdiskusi Daring');
    await openTab(page, 'Konten');
    await typeDescription(page, 'Diskusi langsung tentang kerning dan leading.');
    await radio(page, 'Tampilkan Link Google Drive', 'Ya').check();
    await page
      .getByLabel('Link Google Drive', { exact: true })
      .fill('https://drive.google.com/drive/folders/abc');
    await radio(page, 'Sembunyikan Link Meeting', 'Ya').check();
    await page
      .getByLabel('Link Meeting', { exact: true })
      .fill('https://meet.google.com/abc-defg-hij');

    const meeting = schedule(page, 'Jadwal Meeting');
    await meeting.getByRole('radio', { name: 'Tanggal' }).check();
    await meeting.getByRole('button', { name: 'Tambah tanggal' }).click();
    await meeting.getByRole('textbox', { name: 'Tanggal' }).fill('04/03/2030');
    await meeting.getByLabel('Jam mulai').fill('19:00');
    await meeting.getByLabel('Jam selesai').fill('21:00');

    const finish = schedule(page, 'Jadwal Selesai Aktivitas');
    await finish.getByRole('button', { name: 'Tambah hari' }).click();
    await finish.getByRole('combobox', { name: 'Hari' }).click();
    await page.getByRole('option', { name: 'Jumat' }).click();
    await finish.getByLabel('Jam mulai').fill('16:00');
    await finish.getByLabel('Jam selesai').fill('17:00');
    // One start and end per finish day.
    expect(await finish.getByRole('button', { name: 'Tambah jam' }).count()).toBe(0);

    const metadata = page.getByRole('region', { name: 'Metadata' });
    await metadata.getByRole('button', { name: 'Tambah metadata' }).click();
    await metadata.getByRole('button', { name: 'Tambah metadata' }).click();
    await metadata.getByRole('button', { name: 'Tambah metadata' }).click();
    await metadata.getByLabel('Judul').nth(0).fill('Pemateri');
    await metadata.getByLabel('Konten').nth(0).fill('Rina Wulandari');
    await metadata.getByLabel('Judul').nth(1).fill('Dihapus');
    await metadata.getByLabel('Judul').nth(2).fill('Bahan');
    await metadata.getByLabel('Konten').nth(2).fill('Laptop dan sketsa');
    await metadata.getByRole('button', { name: 'Hapus metadata 2' }).click();
    expect(await metadata.getByLabel('Judul').count()).toBe(2);
    await snap(page, 'activity-meeting-content');

    await createAndReturn(page);

    const activity = await createdActivity('Diskusi Daring Kerning');
    expect(activity.content.link_embed).toEqual({
      is_showing: 1,
      url: 'https://drive.google.com/drive/folders/abc',
    });
    expect(activity.content.meeting).toMatchObject({
      link: 'https://meet.google.com/abc-defg-hij',
      is_must_participate: 1,
      is_day: '2',
      dates: [{ date: '2030-03-04', times: [{ start_time: '19:00', end_time: '21:00' }] }],
    });
    const meta = activity.content.meta_data;
    expect(meta.filter((m) => m.title !== 'finish_activity')).toEqual([
      { title: 'Pemateri', content: 'Rina Wulandari' },
      { title: 'Bahan', content: 'Laptop dan sketsa' },
    ]);
    const finishData = JSON.parse(meta.find((m) => m.title === 'finish_activity')!.content);
    expect(finishData).toMatchObject({
      is_day: '1',
      days: [{ day: 'friday', times: [{ start_time: '16:00', end_time: '17:00' }] }],
    });
  });

  it('creates a PDF activity', async () => {
    const { page } = app.admin;
    await page.goto(createPath());
    await page.getByLabel('Judul aktivitas').fill('Modul Tipografi (PDF)');
    await chooseType(page, 'Membaca e-book');
    await openTab(page, 'Konten');
    await typeDescription(page, 'Baca bab 1 sampai 3.');
    // A file named .pdf that is not one passes the picker; the server reads the bytes and refuses.
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles(tmpFile('palsu.pdf', 'ini bukan pdf'));
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await text(page, 'Error: Format file tidak didukung.').waitFor();
    expect(new URL(page.url()).pathname).toBe(createPath());

    await picker.setInputFiles(tmpFile('modul.pdf', pdfBytes()));
    await page.getByText('modul.pdf').waitFor();
    await snap(page, 'activity-pdf-content');
    await createAndReturn(page);
    const activity = await createdActivity('Modul Tipografi (PDF)');
    expect(activity.content.file?.mime).toBe('application/pdf');
  });

  it('creates a YouTube list activity', async () => {
    const { page } = app.admin;
    await page.goto(createPath());
    await page.getByLabel('Judul aktivitas').fill('Video Pilihan Tipografi');
    await chooseType(page, 'Video Pembelajaran');
    await openTab(page, 'Konten');
    await typeDescription(page, 'Tonton kedua video berikut.');
    const list = page.getByRole('region', { name: 'Video YouTube' });
    await list.getByRole('button', { name: 'Tambah video' }).click();
    await list.getByLabel('Judul video').fill('Sejarah Helvetica');
    await list.getByLabel('URL').fill('https://example.com/bukan-youtube');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await list.getByText('URL YouTube tidak valid', { exact: true }).waitFor();
    await list.getByLabel('URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await list.getByRole('button', { name: 'Tambah video' }).click();
    await list.getByLabel('Judul video').nth(1).fill('Kerning dalam 5 menit');
    await list.getByLabel('URL').nth(1).fill('https://youtu.be/9bZkp7q19f0');
    await snap(page, 'activity-youtube-content');
    await createAndReturn(page);
    const activity = await createdActivity('Video Pilihan Tipografi');
    expect(activity.content.embed_youtube).toEqual([
      { title: 'Sejarah Helvetica', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { title: 'Kerning dalam 5 menit', url: 'https://youtu.be/9bZkp7q19f0' },
    ]);
  });

  it('creates a Google Form activity and a plain description activity', async () => {
    const { page } = app.admin;
    await page.goto(createPath());
    await page.getByLabel('Judul aktivitas').fill('Evaluasi Pemahaman Tipografi');
    await chooseType(page, 'Evaluasi');
    await openTab(page, 'Konten');
    await typeDescription(page, 'Isi formulir evaluasi berikut.');
    await radio(page, 'Tampilkan Link Google Form', 'Ya').check();
    await page.getByLabel('Link Google Form', { exact: true }).fill('https://forms.gle/abc123');
    await snap(page, 'activity-google-form-content');
    await createAndReturn(page);
    const evaluation = await createdActivity('Evaluasi Pemahaman Tipografi');
    expect(evaluation.content.link_embed).toEqual({
      is_showing: 1,
      url: 'https://forms.gle/abc123',
    });

    await page.goto(createPath());
    await page.getByLabel('Judul aktivitas').fill('Latihan Membuat Poster');
    await chooseType(page, 'Praktek Mandiri');
    await openTab(page, 'Konten');
    await typeDescription(page, 'Buat poster A4 dengan dua jenis huruf.');
    await snap(page, 'activity-description-content');
    await createAndReturn(page);
    const practice = await createdActivity('Latihan Membuat Poster');
    expect(practice.content.description).toContain('poster A4');
  });

  it('opens the edit screen of a new pre test, and offers it to a new post test', async () => {
    const { page } = app.admin;
    await page.goto(createPath());
    await page.getByLabel('Judul aktivitas').fill('Pre Test Tipografi');
    await chooseType(page, 'Pre Test');
    // Questions are authored later: no content tab for question types.
    expect(await page.getByRole('tab', { name: 'Konten' }).count()).toBe(0);
    await openTab(page, 'Pengaturan');
    await page.getByRole('combobox', { name: 'Kesempatan mengulang' }).click();
    await page.getByRole('option', { name: 'Tanpa batas' }).click();
    await radio(page, 'Acak Soal', 'Ya').check();
    await radio(page, 'Gunakan Nilai Minimal', 'Ya').check();
    await page.getByLabel('Nilai Minimal', { exact: true }).fill('70');
    await snap(page, 'activity-pretest-settings');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await text(page, 'Aktivitas berhasil dibuat.').waitFor();
    await page.waitForURL((url) => idFromEditUrl(url) !== null, { timeout: 10_000 });
    const preId = idFromEditUrl(new URL(page.url()))!;
    await page.getByRole('button', { name: 'Simpan Perubahan' }).waitFor();
    const pre = await showActivity(preId);
    expect(pre.settings).toMatchObject({
      opportunity_repeat_test: -1,
      is_random_question: 1,
      set_minimum_value: { is_set: 1, minimum_value: 70 },
    });

    await page.goto(createPath());
    await page.getByLabel('Judul aktivitas').fill('Post Test Tipografi');
    await chooseType(page, 'Post Test');
    const copy = page.getByRole('checkbox', { name: 'Salin dari pre test "Pre Test Tipografi"' });
    await copy.check();
    await snap(page, 'activity-posttest-clone');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await text(page, 'Aktivitas berhasil dibuat.').waitFor();
    await page.waitForURL((url) => idFromEditUrl(url) !== null, { timeout: 10_000 });
    const post = await showActivity(idFromEditUrl(new URL(page.url()))!);
    expect(post).toMatchObject({ type: 'post_test', is_clone: true, clone_of: preId });
  });

  it('asks before leaving a form with unsaved changes', async () => {
    const { page } = app.admin;
    await page.goto(createPath());
    await page.getByLabel('Judul aktivitas').fill('Belum disimpan');
    await page.getByRole('button', { name: 'Batal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Perubahan belum disimpan' });
    await dialog.waitFor();
    await snap(page, 'activity-unsaved-guard');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Judul aktivitas').inputValue()).toBe('Belum disimpan');
    await page.getByRole('button', { name: 'Batal' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Tinggalkan' }).click();
    await page.waitForURL((url) => url.pathname === `/program/${programId}`);
  });

  it('lists the created activities on the program detail page', async () => {
    const { page } = app.admin;
    await page.goto(`/program/${programId}`);
    const names = [
      'Video Pengantar Tipografi (revisi)',
      'Diskusi Daring Kerning',
      'Modul Tipografi (PDF)',
      'Video Pilihan Tipografi',
      'Evaluasi Pemahaman Tipografi',
      'Latihan Membuat Poster',
      'Pre Test Tipografi',
      'Post Test Tipografi',
    ];
    // Through the API as well: the same order the screen shows.
    expect((await topicActivities()).map((a) => a.name)).toEqual(names);
    const topic = page.getByText(topicName, { exact: true }).first();
    await topic.waitFor();
    if ((await page.getByText(names[0]!, { exact: true }).count()) === 0) await topic.click();
    for (const name of names) await page.getByText(name, { exact: true }).first().waitFor();
    await snap(page, 'activity-program-detail');
  });

  it('drops a picked file when the type changes to another file kind or to none', async () => {
    const { page } = app.admin;
    await page.goto(createPath());
    await page.getByLabel('Judul aktivitas').fill('Catatan Tanpa File');
    await chooseType(page, 'Menonton Video');
    await openTab(page, 'Konten');
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles(tmpFile('salah-jenis.mp4', mp4Bytes(64 * 1024)));
    await page.getByText('salah-jenis.mp4').waitFor();

    // The PDF form does not show (or keep) the video picked for the other type.
    await openTab(page, 'Detail');
    await chooseType(page, 'Membaca e-book');
    await openTab(page, 'Konten');
    await page.getByRole('heading', { name: 'File PDF' }).waitFor();
    expect(await page.getByText('salah-jenis.mp4').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Batalkan file' }).count()).toBe(0);

    // A PDF picked here is not sent with a type that takes no file.
    await picker.setInputFiles(tmpFile('salah-jenis.pdf', pdfBytes()));
    await page.getByText('salah-jenis.pdf').waitFor();
    await openTab(page, 'Detail');
    await chooseType(page, 'General');
    await openTab(page, 'Konten');
    await typeDescription(page, 'Catatan singkat tanpa lampiran.');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    // A file sent with this type is refused ('Jenis aktivitas ini tidak menerima file'); this
    // form has no file field to show it, only an 'Error: …' snackbar would appear.
    const outcome = text(page, 'Aktivitas berhasil dibuat.')
      .or(page.getByText(/^Error: /))
      .first();
    await outcome.waitFor();
    expect(await outcome.textContent()).toBe('Aktivitas berhasil dibuat.');
    await page.waitForURL((url) => url.pathname === `/program/${programId}`, { timeout: 10_000 });
    const saved = await createdActivity('Catatan Tanpa File');
    expect(saved.type).toBe('general');
    expect(saved.content.file).toBeNull();
  });
});
