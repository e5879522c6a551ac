// Chat delivery between a participant's Ajar Belajar and a trainer's back office, two
// Chromium contexts on this machine driven as people would (type, press Kirim / Enter). Each
// message carries a tag; the sending page notes Date.now() when the send is pressed, the
// receiving page notes Date.now() when a MutationObserver sees the tag added to its message
// list (same machine, same clock). One forced reconnect of the participant in the middle.
import type { BrowserContext, Page } from 'playwright-core';
import { realtimePath } from '@ajar/shared/realtime';
import {
  benchContext,
  api,
  browserBench,
  demoAccounts,
  load1,
  presetSession,
  sessionKeys,
  staffSession,
  within,
} from './browser-support';
import { machineLine, percentile } from './bench-db';

interface ChatMarks {
  /** tag → epoch ms when the send was pressed in this page. */
  sent: Record<string, number>;
  /** tag → epoch ms when the tag first appeared in this page's message list. */
  seen: Record<string, number>;
  sockets: WebSocket[];
}

/** Installed before any page script of both contexts. */
function chatMarks() {
  const w = window as unknown as { __chat: ChatMarks };
  const marks: ChatMarks = { sent: {}, seen: {}, sockets: [] };
  w.__chat = marks;
  const tags = /\[b:([pt]2[pt]-\d+)\]/g;
  const stamp = (into: Record<string, number>, text: string) => {
    for (const m of text.matchAll(tags)) if (!(m[1]! in into)) into[m[1]!] = Date.now();
  };
  // Both message lists are labelled 'Pesan' (the learner's <ol>, the back office's role=log).
  const list = '[aria-label="Pesan"]';
  const pressed = () => {
    for (const box of Array.from(document.querySelectorAll('textarea')))
      stamp(marks.sent, box.value);
  };
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('button')) pressed();
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && !event.shiftKey) pressed();
    },
    true,
  );
  new MutationObserver((records) => {
    for (const record of records) {
      const nodes =
        record.type === 'characterData' ? [record.target] : Array.from(record.addedNodes);
      for (const node of nodes) {
        const el = node instanceof Element ? node : node.parentElement;
        if (!el) continue;
        if (el.closest(list)) stamp(marks.seen, node.textContent ?? '');
        else
          for (const inner of Array.from(el.querySelectorAll(list)))
            stamp(marks.seen, inner.textContent ?? '');
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
  // The page's WebSockets, so the bench can drop them as a lost network would.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      marks.sockets.push(this);
    }
  };
}

/** Opens `path` and waits for the page's Socket.IO connection to be accepted (`40…`). */
async function gotoConnected(page: Page, path: string) {
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!new URL(ws.url()).pathname.startsWith(realtimePath)) return;
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
  await page.goto(path);
  await Promise.race([
    connected,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`no realtime connection on ${path}`)), 60_000),
    ),
  ]);
}

interface Side {
  context: BrowserContext;
  page: Page;
  /** The message box's CSS selector. */
  box: string;
  /** Presses send after the text is in the box. */
  press: (page: Page) => Promise<void>;
}

async function type(side: Side, text: string) {
  await side.page.locator(side.box).first().fill(text);
  await side.press(side.page);
  // The box empties once the app has sent (or queued) the message.
  await side.page.waitForFunction(
    (sel) => (document.querySelector(sel) as HTMLTextAreaElement | null)?.value === '',
    side.box,
    { timeout: 30_000, polling: 10 },
  );
}

async function waitSeen(page: Page, tags: string[], timeout: number): Promise<boolean> {
  return page
    .waitForFunction(
      (wanted) => {
        const seen = (window as unknown as { __chat: ChatMarks }).__chat.seen;
        return wanted.every((t) => t in seen);
      },
      tags,
      { timeout, polling: 10 },
    )
    .then(
      () => true,
      () => false,
    );
}

const marksOf = (page: Page) =>
  page.evaluate(() => {
    const { sent, seen } = (window as unknown as { __chat: ChatMarks }).__chat;
    return {
      sent,
      seen,
      sockets: (window as unknown as { __chat: ChatMarks }).__chat.sockets.length,
    };
  });

/** How many times each tag is shown in the page's message list now. */
const countsOf = (page: Page) =>
  page.evaluate(() => {
    const counts: Record<string, number> = {};
    for (const list of Array.from(document.querySelectorAll('[aria-label="Pesan"]'))) {
      for (const m of (list.textContent ?? '').matchAll(/\[b:([pt]2[pt]-\d+)\]/g)) {
        counts[m[1]!] = (counts[m[1]!] ?? 0) + 1;
      }
    }
    return counts;
  });

export interface ChatBenchOptions {
  /** Participant → trainer messages in all (default 200), of which `offline` during the outage. */
  messages?: number;
  offline?: number;
  /** A trainer → participant message after every `replyEvery` participant messages. */
  replyEvery?: number;
  /** Trainer messages sent while the participant is disconnected. */
  trainerDuringOutage?: number;
}

export async function chatBrowsersBench(lines: string[], options: ChatBenchOptions = {}) {
  const total = options.messages ?? 200;
  const offlineCount = options.offline ?? 5;
  const replyEvery = options.replyEvery ?? 10;
  const trainerOutage = options.trainerDuringOutage ?? 3;
  const { server } = await browserBench();
  const url = server.url;
  const startLoad = load1();
  const machine = machineLine();

  // A new participant with a voucher of a published program of the demo trainer.
  const admin = await staffSession(url);
  const trainerSession = await staffSession(url, demoAccounts.trainer);
  const programs = await api<{ list: { id: string }[] }>(
    url,
    'GET',
    '/program/v1/trainer/list?status=publish&limit=-1',
    undefined,
    trainerSession.token,
  );
  const programId = programs.list[0]?.id;
  if (!programId) throw new Error('the demo trainer has no published program');
  const batch = await api<{ codes: string[] }>(
    url,
    'POST',
    `/program/v1/company/voucher/${programId}/generate`,
    { count: 1 },
    admin.token,
  );
  const stamp = Date.now().toString(36);
  const account = { email: `bench-chat-${stamp}@contoh.id`, password: 'Belajar2026' };
  await api(url, 'POST', '/member/v1/register', {
    ...account,
    fullname: `Peserta Bench ${stamp}`,
    phone: `62817${String(Date.now()).slice(-8)}`,
  });
  const member = await api<{ token: string; expires_at: string; member: unknown }>(
    url,
    'POST',
    '/member/v1/login',
    account,
  );
  await api(
    url,
    'POST',
    '/member/v1/redeem',
    { license: batch.codes[0], pmo_code: `PMO${stamp.toUpperCase()}` },
    member.token,
  );
  const { room_id: roomId } = await api<{ room_id: string }>(
    url,
    'POST',
    '/member/v1/chat/get-room-id',
    { program_id: programId },
    member.token,
  );

  const participantContext = await benchContext({
    viewport: { width: 390, height: 844 },
  });
  const trainerContext = await benchContext({
    viewport: { width: 1366, height: 860 },
  });
  try {
    await presetSession(participantContext, sessionKeys.member, member);
    await presetSession(trainerContext, sessionKeys.staff, trainerSession);
    await participantContext.addInitScript(chatMarks);
    await trainerContext.addInitScript(chatMarks);
    const participant: Side = {
      context: participantContext,
      page: await participantContext.newPage(),
      box: '#chat-text',
      press: (page) => page.getByRole('button', { name: 'Kirim' }).click(),
    };
    const trainer: Side = {
      context: trainerContext,
      page: await trainerContext.newPage(),
      box: 'textarea[aria-label="Tulis pesan"]',
      press: (page) => page.locator('textarea[aria-label="Tulis pesan"]').press('Enter'),
    };
    await gotoConnected(participant.page, `/belajar/program/${programId}/chat`);
    await participant.page.locator(participant.box).waitFor({ timeout: 60_000 });
    await gotoConnected(trainer.page, `/discussion/private/program/${programId}?room=${roomId}`);
    await trainer.page.getByRole('log', { name: 'Pesan' }).waitFor({ timeout: 60_000 });

    const p2t: string[] = [];
    const t2p: string[] = [];
    const offlineTags: string[] = [];
    const outageTags: string[] = [];
    let reconnect = {
      backAt: 0,
      socketsBefore: 0,
      socketsAfter: 0,
      allArrived: false,
      waitMs: 0,
    };
    const onlineCount = total - offlineCount;
    const outageAt = Math.floor(onlineCount / 2);
    const started = Date.now();
    for (let i = 0; i < onlineCount; i += 1) {
      if (i === outageAt) {
        // The participant loses the network: offline, and its socket dropped as a lost network
        // drops it. It writes; the trainer writes too. Then the network returns.
        const before = await marksOf(participant.page);
        await participant.context.setOffline(true);
        await participant.page.evaluate(() => {
          for (const s of (window as unknown as { __chat: ChatMarks }).__chat.sockets) {
            if (s.readyState <= WebSocket.OPEN) s.close();
          }
        });
        await participant.page
          .getByText('Anda offline: pesan dikirim saat koneksi kembali.')
          .waitFor({ timeout: 30_000 });
        for (let k = 0; k < offlineCount; k += 1) {
          const tag = `p2t-${onlineCount + k}`;
          offlineTags.push(tag);
          await type(participant, `Pesan saat offline ${k + 1} [b:${tag}]`);
        }
        for (let k = 0; k < trainerOutage; k += 1) {
          const tag = `t2p-${1000 + k}`;
          outageTags.push(tag);
          await type(trainer, `Jawaban saat peserta terputus ${k + 1} [b:${tag}]`);
        }
        const backAt = Date.now();
        await participant.context.setOffline(false);
        const arrived =
          (await waitSeen(trainer.page, offlineTags, 60_000)) &&
          (await waitSeen(participant.page, outageTags, 60_000));
        // Continue once the participant's live connection is back.
        await participant.page
          .getByText(/Anda offline|Menghubungkan…/)
          .waitFor({ state: 'detached', timeout: 60_000 })
          .catch(() => undefined);
        const after = await marksOf(participant.page);
        reconnect = {
          backAt,
          socketsBefore: before.sockets,
          socketsAfter: after.sockets,
          allArrived: arrived,
          waitMs: Date.now() - backAt,
        };
        console.log(`reconnect: ${JSON.stringify(reconnect)}`);
      }
      const tag = `p2t-${i}`;
      p2t.push(tag);
      await type(participant, `Pertanyaan ${i + 1} tentang materi minggu ini [b:${tag}]`);
      await waitSeen(trainer.page, [tag], 10_000);
      if ((i + 1) % replyEvery === 0) {
        const reply = `t2p-${t2p.length}`;
        t2p.push(reply);
        await type(trainer, `Jawaban ${t2p.length} dari trainer [b:${reply}]`);
        await waitSeen(participant.page, [reply], 10_000);
      }
    }
    const sendSeconds = (Date.now() - started) / 1000;
    // Late deliveries, then what each side shows.
    await waitSeen(trainer.page, [...p2t, ...offlineTags], 3000);
    await waitSeen(participant.page, [...t2p, ...outageTags], 3000);
    const pm = await marksOf(participant.page);
    const tm = await marksOf(trainer.page);
    const shownAtParticipant = await countsOf(participant.page);
    const shownAtTrainer = await countsOf(trainer.page);

    // The server's copy of the room (newest-first pages).
    const stored: Record<string, number> = {};
    let before: string | undefined;
    for (;;) {
      const page = await api<{ messages: { id: string; message: string }[]; has_more: boolean }>(
        url,
        'GET',
        `/member/v1/chat/detail-room/${roomId}?limit=100${before ? `&before=${before}` : ''}`,
        undefined,
        member.token,
      );
      for (const m of page.messages) {
        for (const t of m.message.matchAll(/\[b:([pt]2[pt]-\d+)\]/g)) {
          stored[t[1]!] = (stored[t[1]!] ?? 0) + 1;
        }
      }
      if (!page.has_more || page.messages.length === 0) break;
      before = page.messages[0]!.id;
    }

    const delays = (tags: string[], seen: Record<string, number>, sent: Record<string, number>) =>
      tags.filter((t) => t in seen && t in sent).map((t) => seen[t]! - sent[t]!);
    const toTrainer = delays(p2t, tm.seen, pm.sent);
    const toParticipant = delays(t2p, pm.seen, tm.sent);
    const online = [...toTrainer, ...toParticipant];
    const afterReturn = [
      ...offlineTags.filter((t) => t in tm.seen).map((t) => tm.seen[t]! - reconnect.backAt),
      ...outageTags.filter((t) => t in pm.seen).map((t) => pm.seen[t]! - reconnect.backAt),
    ];
    const everyTag = [...p2t, ...offlineTags, ...t2p, ...outageTags];
    const lost = everyTag.filter((t) =>
      [...p2t, ...offlineTags].includes(t) ? !(t in tm.seen) : !(t in pm.seen),
    );
    const duplicated = (counts: Record<string, number>) =>
      everyTag.filter((t) => (counts[t] ?? 0) > 1).length;
    const missing = (counts: Record<string, number>) =>
      everyTag.filter((t) => (counts[t] ?? 0) === 0).length;
    const stats = (v: number[]) =>
      v.length === 0
        ? 'none'
        : `p50 ${percentile(v, 50).toFixed(0)} ms, p95 ${percentile(v, 95).toFixed(0)} ms, max ${Math.max(...v).toFixed(0)} ms (${v.length})`;
    const p95 = percentile(online, 95);
    const dupTotal = duplicated(shownAtParticipant) + duplicated(shownAtTrainer);
    const endLoad = load1();
    const result = {
      online: stats(online),
      toTrainer: stats(toTrainer),
      toParticipant: stats(toParticipant),
      afterReturn: stats(afterReturn),
      lost: lost.length,
      dupTotal,
      stored: duplicated(stored),
      storedMissing: missing(stored),
    };
    console.log(`chat: ${JSON.stringify(result)}`);

    lines.push(
      "## Chat between two browsers: a participant's Ajar Belajar and a trainer's back office",
      '',
      machine,
      '',
      'One server (the demo, PGlite) and one Chromium with two contexts: a new participant',
      '(registered and redeemed through the API) on `/belajar/program/{id}/chat` at 390 × 844,',
      'and the demo trainer on `/discussion/private/program/{id}?room={room}` at 1366 × 860, both',
      'signed in through the API first. The bench types each message in the page and presses',
      "'Kirim' (participant) or Enter (trainer), as a person would, then waits for it to arrive",
      `before the next: ${total} participant → trainer messages, and a trainer → participant answer`,
      `after every ${replyEvery}th. A message carries a tag; the sending page notes \`Date.now()\``,
      'when the send is pressed (a capturing listener), the receiving page notes `Date.now()` when',
      'a MutationObserver sees the tag added to its message list (the list labelled',
      "'Pesan'): same machine, same clock, so delivery is send press → in the other browser's",
      'DOM: the HTTP send, the server, the Socket.IO event and the React render.',
      '',
      `Forced reconnect after ${outageAt} messages: the participant's context goes offline`,
      '(`context.setOffline(true)`) and its WebSocket is closed in the page, as a lost network',
      `drops it; the participant writes ${offlineCount} messages (kept in its outbox), the trainer`,
      `${trainerOutage} (not delivered live: the participant's socket is down), then the network`,
      'returns. Those messages are not in the delivery percentiles (they wait for the network by',
      'design); they are timed from the network returning to their arrival. Lost: a message',
      'never seen in the other browser within 3 s of the end. Duplicated: a message shown more',
      'than once in either list at the end, or stored more than once by the server.',
      '',
      '| bench | result | goal | load avg (1 min) |',
      '|---|---|---|---|',
      `| delivery, send press → other browser's DOM, messages sent while connected | **${stats(online)}**; participant → trainer ${stats(toTrainer)}; trainer → participant ${stats(toParticipant)}; ${(online.length / sendSeconds).toFixed(1)} messages/s paced | p95 ≤ 100 ms: ${within(p95, 100)} | ${startLoad} at start, ${endLoad} at end |`,
      `| forced reconnect: ${offlineCount} participant messages written offline, ${trainerOutage} trainer messages sent meanwhile | from the network's return to arrival: ${stats(afterReturn)}; participant sockets opened ${reconnect.socketsBefore} before, ${reconnect.socketsAfter} after | all delivered once: ${within(reconnect.allArrived && dupTotal === 0 ? 0 : 1, 0)} | |`,
      `| lost | ${lost.length} of ${everyTag.length}${lost.length ? ` (${lost.slice(0, 5).join(', ')})` : ''} | 0: ${within(lost.length, 0)} | |`,
      `| duplicated | shown twice: ${duplicated(shownAtParticipant)} in the participant's list, ${duplicated(shownAtTrainer)} in the trainer's; stored twice: ${duplicated(stored)} (stored ${everyTag.length - missing(stored)} of ${everyTag.length}) | 0: ${within(dupTotal + duplicated(stored), 0)} | |`,
      '',
    );
  } finally {
    await participantContext.close();
    await trainerContext.close();
  }
}
