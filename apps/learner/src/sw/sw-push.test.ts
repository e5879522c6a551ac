import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/** public/sw-push.js, the push part of the service worker, run as a worker would run it. */
const source = fs.readFileSync(path.resolve(__dirname, '../../public/sw-push.js'), 'utf8');

interface Shown {
  title: string;
  options: { body: string; data: { url: string } };
}

type Handler = (event: unknown) => void;

/** A fake worker global: its registration records notifications, clients record windows. */
function loadWorker(windows: { url: string; navigate?: (url: string) => Promise<unknown> }[] = []) {
  const shown: Shown[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const listeners = new Map<string, Handler>();
  const self = {
    registration: {
      scope: 'https://ajar.contoh.id/belajar/',
      showNotification: (title: string, options: Shown['options']) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () =>
        Promise.resolve(
          windows.map((w) => ({
            url: w.url,
            focus: () =>
              Promise.resolve({
                navigate: (url: string) => {
                  navigated.push(url);
                  return w.navigate ? w.navigate(url) : Promise.resolve();
                },
              }),
          })),
        ),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve();
      },
    },
    addEventListener: (type: string, handler: Handler) => listeners.set(type, handler),
  };
  vm.runInNewContext(source, { self, URL });
  return { shown, opened, navigated, listeners };
}

/** Runs a handler with a fake event and waits for what it passed to waitUntil. */
async function dispatch(handler: Handler | undefined, event: Record<string, unknown>) {
  let pending: Promise<unknown> = Promise.resolve();
  handler?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
  await pending;
}

const pushEvent = (payload: unknown) => ({ data: { json: () => payload, text: () => '' } });

describe('the service worker push handler', () => {
  it('shows the title and body and keeps the app link under /belajar/', async () => {
    const worker = loadWorker();
    await dispatch(
      worker.listeners.get('push'),
      pushEvent({
        title: 'Balasan Fasilitator',
        body: 'Ada jawaban baru',
        url: '/belajar/notifikasi',
      }),
    );
    expect(worker.shown).toHaveLength(1);
    expect(worker.shown[0]!.title).toBe('Balasan Fasilitator');
    expect(worker.shown[0]!.options.body).toBe('Ada jawaban baru');
    expect(worker.shown[0]!.options.data.url).toBe('https://ajar.contoh.id/belajar/notifikasi');
  });

  it('puts a path written without the app prefix under /belajar/, and an outside link on Notifikasi', async () => {
    const worker = loadWorker();
    const push = worker.listeners.get('push');
    await dispatch(push, pushEvent({ title: 'Program', body: '', url: '/program/abc?x=1' }));
    await dispatch(push, pushEvent({ title: 'Luar', body: '', url: 'https://contoh.com/promo' }));
    await dispatch(push, pushEvent({ body: 'Tanpa judul' }));
    expect(worker.shown.map((s) => [s.title, s.options.data.url])).toEqual([
      ['Program', 'https://ajar.contoh.id/belajar/program/abc?x=1'],
      ['Luar', 'https://ajar.contoh.id/belajar/notifikasi'],
      ['Ajar Belajar', 'https://ajar.contoh.id/belajar/notifikasi'],
    ]);
  });

  it('opens the screen on a tap: an open tab of the app moves to it, otherwise a new window', async () => {
    const click = (url: string) => ({
      notification: { data: { url }, close: () => undefined },
    });
    const withTab = loadWorker([{ url: 'https://ajar.contoh.id/belajar/' }]);
    await dispatch(
      withTab.listeners.get('notificationclick'),
      click('https://ajar.contoh.id/belajar/program/abc/chat'),
    );
    expect(withTab.navigated).toEqual(['https://ajar.contoh.id/belajar/program/abc/chat']);
    expect(withTab.opened).toEqual([]);

    const noTab = loadWorker([{ url: 'https://ajar.contoh.id/dashboard' }]);
    await dispatch(noTab.listeners.get('notificationclick'), click('/belajar/notifikasi'));
    expect(noTab.opened).toEqual(['https://ajar.contoh.id/belajar/notifikasi']);
  });
});
