import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, apiLogin, signedInApi, type Api } from './support/api';
import { useApp } from './support/app';
import { snap, snapOnFailure, type OpenPage } from './support/browser';
import { gradientPng } from './support/files';
import { gotoConnected } from './support/realtime';
import { checkScreen, learnerPage, learnerSignIn } from './support/learner';
import { demo, signedInPage } from './support/session';

// Ajar Belajar: a participant on a phone (390 × 844) and the demo trainer in the back
// office side by side, two browser contexts on the real built server. Chat both ways live, a
// message written offline arriving once, a thread post raising the trainer's bell and the
// trainer's reply raising the participant's unread count; axe on every screen.

const app = useApp();
let phone: OpenPage;
let page: Page;
let trainer: OpenPage;
let trainerApi: Api;
let programId: string;
let topicId: string;
let activityId: string;
let activityName: string;
let memberApi: Api;
snapOnFailure(() => page);

const stamp = Date.now().toString(36);
const participant = {
  fullname: `Sari Wulandari ${stamp}`,
  email: `sari-${stamp}@contoh.id`,
  password: 'Belajar2026',
};

const bell = () => trainer.page.getByRole('button', { name: /^Notifikasi: / });
const bellCount = async () =>
  Number(/(\d+) belum terbaca/.exec((await bell().getAttribute('aria-label')) ?? '')?.[1] ?? NaN);

/** The trainer's messages of the room, as the server stores them. */
async function roomMessages(roomId: string) {
  const detail = await trainerApi<{ messages: { message: string }[] }>(
    'GET',
    `/discussion/v1/discussion-private/detail-room/${roomId}?limit=100`,
  );
  return detail.messages.map((m) => m.message);
}

beforeAll(async () => {
  const admin = await signedInApi(app.server.url);
  const trainerLogin = await apiLogin(app.server.url, demo.trainer);
  trainerApi = apiClient(app.server.url, trainerLogin.token);
  // A published demo program of trainer@ajar.test with an activity whose thread is Public.
  const programs = await trainerApi<{ list: { id: string }[] }>(
    'GET',
    '/program/v1/trainer/list?status=publish&limit=-1',
  );
  for (const program of programs.list) {
    const topics = await trainerApi<{
      list: {
        id: string;
        activities: { id: string; name: string; is_show_discussion: number }[];
      }[];
    }>('GET', `/discussion/v1/list-topic?program_id=${program.id}`);
    for (const topic of topics.list) {
      const open = topic.activities.find((a) => a.is_show_discussion === 2);
      if (open && !programId) {
        programId = program.id;
        topicId = topic.id;
        activityId = open.id;
        activityName = open.name;
      }
    }
  }
  expect(programId, 'a demo program of the trainer with a Public thread').toBeTruthy();
  const batch = await admin<{ codes: string[] }>(
    'POST',
    `/program/v1/company/voucher/${programId}/generate`,
    { count: 1 },
  );
  const registered = await apiClient(app.server.url)<{ token: string }>(
    'POST',
    '/member/v1/register',
    { ...participant, phone: `62818${String(Date.now()).slice(-8)}`, consent: true },
  );
  memberApi = apiClient(app.server.url, registered.token);
  await memberApi('POST', '/member/v1/redeem', {
    license: batch.codes[0],
    pmo_code: `PMO${stamp.toUpperCase()}`,
  });
  // The program opens with its pre-test (Skip off): until it is taken every later activity is
  // locked, its thread included. Taken here through the member API; any answers complete it.
  const detail = await memberApi<{ topics: { activities: { id: string; type: string }[] }[] }>(
    'GET',
    `/member/v1/program/detail/${programId}`,
  );
  const preTest = detail.topics.flatMap((t) => t.activities).find((a) => a.type === 'pre_test');
  if (preTest) {
    const activityPath = `/member/v1/program/${programId}/activity/${preTest.id}`;
    const started = await memberApi<{ attempt: { id: string } }>(
      'POST',
      `${activityPath}/quiz/start`,
    );
    await memberApi('POST', `${activityPath}/quiz/${started.attempt.id}/submit`, { answers: {} });
  }

  phone = await learnerPage(app.browser, app.server.url);
  page = phone.page;
  await page.goto('/belajar/masuk');
  await learnerSignIn(page, participant.email, participant.password);
  await page.waitForURL('**/belajar/');
  trainer = await signedInPage(
    app.browser,
    app.server.url,
    { width: 1366, height: 860 },
    demo.trainer,
  );
}, 180_000);

describe('Ajar Belajar: chat with the trainer', () => {
  let roomId = '';

  it('opens Chat Trainer from the program and chats live both ways', async () => {
    await page.goto(`/belajar/program/${programId}`);
    await page
      .getByRole('link', { name: /^Chat Trainer/ })
      .first()
      .waitFor();
    await checkScreen(page, 'program-chat-button');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Chat Trainer/ })
      .click();
    await page.waitForURL(`**/belajar/program/${programId}/chat`);
    await page.getByText('Chat masih kosong').waitFor();
    await checkScreen(page, 'chat-kosong');

    await page.getByLabel('Tulis pesan').fill('Selamat siang Pak, saya mau bertanya.');
    await page.getByRole('button', { name: 'Kirim', exact: true }).click();
    const mine = page
      .getByRole('list', { name: 'Pesan' })
      .getByText('Selamat siang Pak, saya mau bertanya.');
    await mine.waitFor();

    // The trainer sees it live in the back office and answers; the phone shows the answer live.
    const rooms = await trainerApi<{ list: { id: string; member: { fullname: string } }[] }>(
      'GET',
      '/discussion/v1/discussion-private/list?limit=100',
    );
    roomId = rooms.list.find((r) => r.member.fullname === participant.fullname)?.id ?? '';
    expect(roomId).toBeTruthy();
    const { page: office } = trainer;
    await office.goto(`/discussion/private/program/${programId}?room=${roomId}`);
    const log = office.getByRole('log', { name: 'Pesan' });
    await log.getByText('Selamat siang Pak, saya mau bertanya.').waitFor();
    // The trainer opened the room: the participant's message shows read.
    await page.getByText('· Dibaca').first().waitFor();
    await page.getByText('Trainer online').waitFor();
    const box = office.getByLabel('Tulis pesan');
    await box.fill('Silakan, Sari.');
    await box.press('Enter');
    await page.getByRole('list', { name: 'Pesan' }).getByText('Silakan, Sari.').waitFor();
    await log.getByText('Silakan, Sari.').waitFor();
    await checkScreen(page, 'chat-langsung');
  });

  it('keeps a message written offline and delivers it once when the connection returns', async () => {
    await phone.context.setOffline(true);
    await page.getByText('Anda offline: pesan dikirim saat koneksi kembali.').waitFor();
    const text = `Pesan dari kereta ${stamp}`;
    await page.getByLabel('Tulis pesan').fill(text);
    await page.getByRole('button', { name: 'Kirim', exact: true }).click();
    await page.getByText('Menunggu koneksi…').waitFor();
    await checkScreen(page, 'chat-offline');
    expect(await roomMessages(roomId)).not.toContain(text);

    await phone.context.setOffline(false);
    await trainer.page.getByRole('log', { name: 'Pesan' }).getByText(text).waitFor();
    await expect.poll(() => page.getByText('Menunggu koneksi…').count()).toBe(0);
    // Reloading (a second flush would resend) still leaves exactly one copy on the server.
    await page.reload();
    await page.getByRole('list', { name: 'Pesan' }).getByText(text).waitFor();
    expect((await roomMessages(roomId)).filter((m) => m === text)).toHaveLength(1);
  });

  it('sends an image uploaded through Ajar, shown in the app and in the trainer panel', async () => {
    await page.getByLabel('Tulis pesan').waitFor();
    // The button opens the picker; the picker's file goes to the upload, then the message.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Unggah gambar' }).click();
    await (
      await chooser
    ).setFiles({ name: 'kolam.png', mimeType: 'image/png', buffer: gradientPng(800, 600) });
    const mine = page.getByRole('list', { name: 'Pesan' }).getByRole('img', {
      name: 'Gambar dari peserta',
    });
    await mine.waitFor();
    const src = (await mine.getAttribute('src')) ?? '';
    expect(src).toMatch(/\/media\/.+\.png$/);
    // Loaded (not refused by the CSP), and inside the phone's bubble.
    await expect.poll(() => mine.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    const box = await mine.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await mine.scrollIntoViewIfNeeded();
    await checkScreen(page, 'chat-gambar');
    expect(await roomMessages(roomId)).toContain(
      `<p><img src="${src}" alt="Gambar dari peserta" /></p>`,
    );

    const office = trainer.page;
    const theirs = office.getByRole('log', { name: 'Pesan' }).getByRole('img', {
      name: 'Gambar dari peserta',
    });
    await theirs.waitFor();
    await expect.poll(() => theirs.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    const bubble = await theirs.evaluate((img) => ({
      img: img.getBoundingClientRect().width,
      parent: img.parentElement!.getBoundingClientRect().width,
    }));
    expect(bubble.img).toBeLessThanOrEqual(bubble.parent);
    await theirs.scrollIntoViewIfNeeded();
    await snap(office, 'chat-panel-gambar-peserta');

    // Anything but an image is refused in the form, before any upload.
    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Unggah gambar' }).click();
    await (
      await again
    ).setFiles({ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from('halo') });
    await page.getByRole('alert').filter({ hasText: 'File harus berupa gambar' }).waitFor();

    // The chat list previews an image-only last message as staff see it.
    await page.goto('/belajar/chat');
    await page.getByRole('main').getByRole('link').getByText('[Gambar]', { exact: true }).waitFor();
  });
});

describe('Ajar Belajar: discussion under an activity', () => {
  it("a participant's post raises the trainer's bell; the trainer's reply raises the participant's count", async () => {
    const { page: office } = trainer;
    await office.goto('/dashboard');
    await bell().waitFor();
    await expect.poll(bellCount).not.toBeNaN();
    const before = await bellCount();

    await page.goto(`/belajar/program/${programId}/activity/${activityId}`);
    await page.getByRole('heading', { name: 'Diskusi' }).waitFor();
    const question = `Apakah materi ${activityName} ada rangkumannya? ${stamp}`;
    await page.getByLabel('Tulis pertanyaan atau tanggapan').fill(question);
    await page.getByRole('button', { name: 'Kirim', exact: true }).click();
    await page.getByRole('list', { name: 'Pesan diskusi' }).getByText(question).waitFor();
    await checkScreen(page, 'diskusi');
    await expect.poll(bellCount).toBe(before + 1);

    // The participant waits on the program; the trainer answers under the post in the back
    // office, and the program shows the thread unread at once, without a reload (pushed live).
    await gotoConnected(page, `/belajar/program/${programId}`);
    const unread = page.getByRole('heading', { name: /Diskusi belum dibaca/ });
    await page
      .getByRole('link', { name: /^Chat Trainer/ })
      .first()
      .waitFor();
    expect(await unread.count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await office.goto(
      `/discussion/public/program/${programId}/${topicId}/${activityId}/${encodeURIComponent(activityName)}`,
    );
    const first = office
      .getByRole('listitem', { name: `Pesan dari ${participant.fullname}` })
      .filter({ hasText: question })
      .first();
    await first.getByText(question).waitFor();
    await first.getByRole('button', { name: 'Balas' }).click();
    await first
      .getByLabel(`Balas ${participant.fullname}`)
      .fill('Ada, lihat lampiran di aktivitas berikutnya.');
    await first.getByRole('button', { name: 'Kirim', exact: true }).click();
    await unread.waitFor({ timeout: 10_000 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed))
      .toBe(true);
    await page.getByRole('link', { name: activityName }).last().waitFor();
    await checkScreen(page, 'program-diskusi-belum-dibaca');

    // Opening the thread shows the reply marked 'Fasilitator' and clears the count.
    await page.goto(`/belajar/program/${programId}/activity/${activityId}`);
    const reply = page.getByRole('article', { name: /^Pesan / }).filter({
      hasText: 'Ada, lihat lampiran di aktivitas berikutnya.',
    });
    await reply.getByText('Fasilitator').waitFor();
    await page.goto(`/belajar/program/${programId}`);
    await page
      .getByRole('link', { name: /^Chat Trainer/ })
      .first()
      .waitFor();
    await expect.poll(() => unread.count()).toBe(0);
  });
});

describe('Ajar Belajar: notifications', () => {
  it('shows the bell count, and Notifikasi opens the linked screen and marks it read', async () => {
    const admin = await signedInApi(app.server.url);
    await admin('POST', '/notification/v1/create', {
      title: `Jadwal webinar ${stamp}`,
      message: 'Webinar dimulai Kamis pukul 19.00 WIB.',
      link: `${app.server.url}/belajar/program/${programId}`,
      program_id: programId,
    });
    await page.goto('/belajar/');
    // The demo program's cover (a seeded upload) shows on its card.
    const cover = page.locator('img.program-card__cover').first();
    await cover.waitFor();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await snap(page, 'learner-program-saya-sampul');
    const bellLink = page.getByRole('link', { name: /^Notifikasi, \d+ belum dibaca/ });
    await bellLink.waitFor();
    await bellLink.click();
    await page.waitForURL('**/belajar/notifikasi');
    const item = page.getByRole('button', {
      name: new RegExp(`Belum dibaca: Jadwal webinar ${stamp}`),
    });
    await item.waitFor();
    await checkScreen(page, 'notifikasi');
    await item.click();
    await page.waitForURL(`**/belajar/program/${programId}`);
    await page.goto('/belajar/notifikasi');
    await page.getByRole('button', { name: new RegExp(`^Jadwal webinar ${stamp}`) }).waitFor();

    await page.goto('/belajar/profil');
    await page.getByRole('switch', { name: 'Notifikasi push' }).waitFor();
    await checkScreen(page, 'profil-push');
  });
});

/**
 * A stand-in for the YouTube embed (the machine has no internet): it answers the app's
 * 'listening' as YouTube's player does, reporting that it paused at 42 s of 300, and shows the
 * second it was asked to start at (the `start` of its address).
 */
const fakeYoutube = `<!doctype html><title>YouTube</title><p id="start"></p><script>
  const start = new URLSearchParams(location.search).get('start') || '0';
  document.getElementById('start').textContent = 'Mulai detik ' + start;
  addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    if (m.event !== 'listening') return;
    const info = { currentTime: start === '0' ? 42 : Number(start), duration: 300, playerState: 2 };
    e.source.postMessage(JSON.stringify({ event: 'infoDelivery', info }), e.origin);
  });
</script>`;

describe('Ajar Belajar: a YouTube activity', () => {
  it('resumes where the participant stopped', async () => {
    const detail = await memberApi<{
      topics: { activities: { id: string; type: string; state: string }[] }[];
    }>('GET', `/member/v1/program/detail/${programId}`);
    const video = detail.topics
      .flatMap((t) => t.activities)
      .find((a) => a.type === 'embed_youtube' && a.state !== 'terkunci');
    expect(video, 'an open YouTube activity in the program').toBeTruthy();
    await page.route('https://www.youtube-nocookie.com/embed/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: fakeYoutube }),
    );
    const activityPath = `/belajar/program/${programId}/activity/${video!.id}`;
    await page.goto(activityPath);
    const player = page.frameLocator('iframe.video-frame').first();
    await player.getByText('Mulai detik 0').waitFor();
    // The player's report is saved as the activity's position.
    await expect
      .poll(
        async () =>
          (
            await memberApi<{ video_position: number | null }>(
              'GET',
              `/member/v1/program/${programId}/activity/${video!.id}`,
            )
          ).video_position,
      )
      .toBe(42);
    await page.reload();
    await player.getByText('Mulai detik 42').waitFor();
    await checkScreen(page, 'youtube-lanjut');
    await page.unroute('https://www.youtube-nocookie.com/embed/**');
  });
});
