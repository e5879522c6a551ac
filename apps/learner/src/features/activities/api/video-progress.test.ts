import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Video progress made offline waits on the device (the latest report only) and is sent once when
 * the connection returns; a server played by a stubbed `fetch`, IndexedDB by fake-indexeddb.
 */

let online: boolean;
let reachable: boolean;
let sent: { path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('indexedDB', new IDBFactory());
  online = true;
  reachable = true;
  sent = [];
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      sent.push({ path: new URL(url, 'http://localhost').pathname, body });
      return new Response(JSON.stringify({ status: 200, message: '', data: { saved: true } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saveVideoProgress', () => {
  it('keeps only the latest report while offline and sends it once when back', async () => {
    const api = await import('./activities-api');
    const queue = await import('../../../lib/offline-queue');
    const programId = '00000000-0000-4000-8000-000000000001';
    const activityId = '00000000-0000-4000-8000-000000000002';

    expect(await api.saveVideoProgress(programId, activityId, 5, 60)).toMatchObject({
      queued: false,
    });
    online = false;
    reachable = false;
    expect(await api.saveVideoProgress(programId, activityId, 10, 60)).toMatchObject({
      queued: true,
    });
    expect(await api.saveVideoProgress(programId, activityId, 15.04, 60)).toMatchObject({
      queued: true,
    });
    expect(queue.isQueued(api.queueSlots.videoProgress(activityId))).toBe(true);
    expect(await queue.listQueued()).toHaveLength(1);

    online = true;
    reachable = true;
    await queue.flushQueue();
    await queue.flushQueue();
    expect(sent.map((s) => s.body)).toEqual([
      { position_seconds: 5, duration_seconds: 60 },
      { position_seconds: 15, duration_seconds: 60 },
    ]);
    expect(sent[1]!.path).toBe(
      `/api/member/v1/program/${programId}/activity/${activityId}/video-progress`,
    );
    expect(await queue.listQueued()).toEqual([]);
  });
});
