import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as QueueModule from './offline-queue';

/**
 * The offline queue against an IndexedDB (fake-indexeddb, in memory) and a server played by a
 * stubbed `fetch` that records each request and answers as the member API does.
 */

type Queue = typeof QueueModule;

interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

let queue: Queue;
let sent: Sent[];
let online: boolean;
/** The server's answer to the next requests: a status, or no answer at all (offline). */
let answer: (req: Sent) => { status: number; message?: string; data?: unknown } | 'no-answer';

beforeEach(async () => {
  vi.resetModules();
  vi.stubGlobal('indexedDB', new IDBFactory());
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  sent = [];
  answer = (req) => ({ status: 200, message: 'ok', data: { echo: req.body } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const req: Sent = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://localhost').pathname.replace('/api/member/v1', ''),
        body: JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>,
      };
      const a = answer(req);
      if (a === 'no-answer') throw new TypeError('Failed to fetch');
      sent.push(req);
      return new Response(
        JSON.stringify({ status: a.status, message: a.message ?? '', data: a.data ?? null }),
        { status: a.status, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  queue = await import('./offline-queue');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const call = (key: string, extra: Partial<Parameters<Queue['sendOrQueue']>[0]> = {}) => ({
  key,
  method: 'POST' as const,
  path: `/x/${key}`,
  body: { idempotency_key: key },
  kind: 'attendance',
  ...extra,
});

describe('offline queue', () => {
  it('sends at once when online, and keeps the call when offline', async () => {
    const now = await queue.sendOrQueue(call('a'));
    expect(now).toEqual({ queued: false, data: { echo: { idempotency_key: 'a' } } });
    online = false;
    expect(await queue.sendOrQueue(call('b'))).toEqual({ queued: true, key: 'b' });
    expect(sent.map((s) => s.path)).toEqual(['/x/a']);
    expect((await queue.listQueued()).map((c) => c.key)).toEqual(['b']);
  });

  it('sends each waiting call once, oldest first, when the connection returns', async () => {
    online = false;
    for (const key of ['1', '2', '3']) {
      await queue.sendOrQueue(call(key));
      // created_at orders the calls: a millisecond apart.
      await new Promise((r) => setTimeout(r, 2));
    }
    const told: string[] = [];
    queue.onQueuedSent((c, outcome) => void told.push(`${c.key}:${'data' in outcome}`));
    online = true;
    await Promise.all([queue.flushQueue(), queue.flushQueue()]);
    await queue.flushQueue();
    expect(sent.map((s) => s.path)).toEqual(['/x/1', '/x/2', '/x/3']);
    expect(sent.map((s) => s.body.idempotency_key)).toEqual(['1', '2', '3']);
    expect(told).toEqual(['1:true', '2:true', '3:true']);
    expect(await queue.listQueued()).toEqual([]);
  });

  it('keeps a call the server did not answer or was too busy for, and tries it again', async () => {
    online = false;
    await queue.sendOrQueue(call('a'));
    await queue.sendOrQueue(call('b'));
    online = true;
    answer = () => 'no-answer';
    await queue.flushQueue();
    answer = () => ({ status: 503, message: 'Layanan sedang sibuk' });
    await queue.flushQueue();
    expect((await queue.listQueued()).map((c) => c.key)).toEqual(['a', 'b']);
    answer = (req) => ({ status: 200, data: req.body });
    await queue.flushQueue();
    expect(await queue.listQueued()).toEqual([]);
    // The two 503s and the two sends that passed; nothing was sent twice after it passed.
    expect(sent.map((s) => `${s.path}`)).toEqual(['/x/a', '/x/a', '/x/b']);
  });

  it('tries again by itself after a failed flush while online', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    online = false;
    await queue.sendOrQueue(call('a'));
    online = true;
    answer = () => 'no-answer';
    await queue.flushQueue();
    answer = (req) => ({ status: 200, data: req.body });
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(async () => expect(await queue.listQueued()).toEqual([]));
    expect(sent.map((s) => s.path)).toEqual(['/x/a']);
  });

  it('drops a call the server refuses, tells its screen, or the app when no screen took it', async () => {
    online = false;
    await queue.sendOrQueue(call('late', { kind: 'quiz' }));
    await queue.sendOrQueue(call('shown', { kind: 'attendance' }));
    const shown: string[] = [];
    queue.onQueuedSent((c, outcome) => {
      if (c.key !== 'shown' || !('error' in outcome)) return;
      shown.push(outcome.error.message);
      return true;
    });
    online = true;
    answer = () => ({ status: 400, message: 'Waktu pengerjaan sudah habis' });
    await queue.flushQueue();
    expect(await queue.listQueued()).toEqual([]);
    expect(shown).toEqual(['Waktu pengerjaan sudah habis']);
    expect(queue.refusalsSnapshot()).toEqual([
      { key: 'late', kind: 'quiz', message: 'Waktu pengerjaan sudah habis' },
    ]);
    queue.dismissRefusal('late');
    expect(queue.refusalsSnapshot()).toEqual([]);
  });

  it('does not queue an action twice: a second tap answers the waiting call', async () => {
    online = false;
    const changes = vi.fn();
    queue.onQueueChange(changes);
    const first = await queue.sendOrQueue(call('k1', { slot: 'attendance:x' }));
    const again = await queue.sendOrQueue(call('k2', { slot: 'attendance:x' }));
    expect(again).toEqual(first);
    expect(queue.isQueued('attendance:x')).toBe(true);
    expect(changes).toHaveBeenCalled();
    expect((await queue.listQueued()).map((c) => c.key)).toEqual(['k1']);
    online = true;
    await queue.flushQueue();
    expect(queue.isQueued('attendance:x')).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('replaces a waiting answer by a newer one to the same question, behind the others', async () => {
    online = false;
    await queue.sendOrQueue(call('q1-old', { slot: 'quiz-answer:t:q1' }), 'replace');
    await new Promise((r) => setTimeout(r, 2));
    await queue.sendOrQueue(call('q2', { slot: 'quiz-answer:t:q2' }), 'replace');
    await new Promise((r) => setTimeout(r, 2));
    await queue.sendOrQueue(call('q1-new', { slot: 'quiz-answer:t:q1' }), 'replace');
    // Back online with answers waiting: a new call waits behind them (the submit after them).
    online = true;
    const submit = await queue.sendOrQueue(call('submit'));
    expect(submit).toEqual({ queued: true, key: 'submit' });
    await queue.flushQueue();
    expect(sent.map((s) => s.path)).toEqual(['/x/q2', '/x/q1-new', '/x/submit']);
  });

  it('passes a refusal of a call sent at once to its caller, queuing nothing', async () => {
    answer = () => ({ status: 400, message: 'Presensi hanya dapat dilakukan saat jadwal' });
    await expect(queue.sendOrQueue(call('a'))).rejects.toThrow('Presensi hanya');
    expect(await queue.listQueued()).toEqual([]);
  });

  it.each([400, 403, 404, 409, 422])(
    'sends a call the server refuses with %i once, never again, and reports it',
    async (status) => {
      online = false;
      await queue.sendOrQueue(call('refused', { kind: 'chat' }));
      online = true;
      answer = () => ({ status, message: 'Ditolak' });
      await queue.flushQueue();
      answer = (req) => ({ status: 200, data: req.body });
      await queue.flushQueue();
      expect(sent.map((s) => s.path)).toEqual(['/x/refused']);
      expect(queue.refusalsSnapshot()).toEqual([
        { key: 'refused', kind: 'chat', message: 'Ditolak' },
      ]);
    },
  );

  it.each([408, 429, 500, 502, 503])(
    'keeps a call met by %i, reports nothing, and sends it again',
    async (status) => {
      online = false;
      await queue.sendOrQueue(call('busy'));
      online = true;
      answer = () => ({ status, message: 'Coba lagi nanti' });
      await queue.flushQueue();
      expect((await queue.listQueued()).map((c) => c.key)).toEqual(['busy']);
      expect(queue.refusalsSnapshot()).toEqual([]);
      answer = (req) => ({ status: 200, data: req.body });
      await queue.flushQueue();
      expect(await queue.listQueued()).toEqual([]);
      expect(sent.map((s) => s.path)).toEqual(['/x/busy', '/x/busy']);
    },
  );

  it("keeps only the newest call of a 'replace' slot, in the newest one's place", async () => {
    online = false;
    await queue.sendOrQueue(call('v1', { slot: 'video-progress:a', body: { at: 10 } }), 'replace');
    await new Promise((r) => setTimeout(r, 2));
    await queue.sendOrQueue(call('other'));
    await new Promise((r) => setTimeout(r, 2));
    await queue.sendOrQueue(call('v2', { slot: 'video-progress:a', body: { at: 40 } }), 'replace');
    expect((await queue.listQueued()).map((c) => c.key)).toEqual(['other', 'v2']);
    expect(queue.isQueued('video-progress:a')).toBe(true);
    online = true;
    await queue.flushQueue();
    expect(sent.map((s) => s.body)).toEqual([{ idempotency_key: 'other' }, { at: 40 }]);
    expect(queue.isQueued('video-progress:a')).toBe(false);
  });
});
