// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/** public/sw-offline.js, what the service worker keeps for offline, run as a worker would run it. */
const source = fs.readFileSync(path.resolve(__dirname, '../../public/sw-offline.js'), 'utf8');

interface OfflineWorker {
  handleFetch(event: unknown): boolean;
  seenOrNetwork(request: Request, clientId?: string): Promise<Response>;
  savedOrNetwork(request: Request): Promise<Response>;
  partialResponse(whole: Response, range: string | null): Promise<Response>;
}

const origin = 'https://ajar.contoh.id';

/** The worker's global with Cache Storage kept in maps (the browser's lookup by address). */
function loadWorker(network: (request: Request) => Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (r: Request | string) => (typeof r === 'string' ? r : r.url);
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      put: async (r: Request | string, response: Response) => {
        store.set(new URL(keyOf(r), origin).href, response);
      },
      match: async (r: Request | string) => store.get(new URL(keyOf(r), origin).href)?.clone(),
    };
  };
  const caches = {
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (r: Request | string, options: { cacheName: string }) =>
      stores
        .get(options.cacheName)
        ?.get(new URL(keyOf(r), origin).href)
        ?.clone(),
  };
  // The pages the worker serves: 'page' is open, and keeps what the worker posts to it.
  const posted: unknown[] = [];
  const clients = {
    get: async (id: string) =>
      id === 'page' ? { postMessage: (message: unknown) => posted.push(message) } : undefined,
  };
  const self = { location: new URL(`${origin}/belajar/sw.js`), clients } as {
    ajarOffline?: OfflineWorker;
  };
  vm.runInNewContext(source, {
    self,
    caches,
    fetch: network,
    Response,
    Headers,
    URL,
  });
  return { worker: self.ajarOffline!, stores, open, posted };
}

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ status, message: '', data }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const apiCall = (pathname: string) =>
  new Request(`${origin}/api/member/v1${pathname}`, { headers: { authorization: 'Bearer t' } });

describe('the service worker: screens seen before', () => {
  it('answers from the network and keeps the answer; offline it answers what it kept', async () => {
    let online = true;
    const { worker } = loadWorker((r) =>
      online ? Promise.resolve(json({ list: [r.url] })) : offline(),
    );
    const first = await worker.seenOrNetwork(apiCall('/program/list?limit=-1'));
    expect(first.status).toBe(200);
    online = false;
    const again = await worker.seenOrNetwork(apiCall('/program/list?limit=-1'));
    expect(await again.json()).toMatchObject({
      data: { list: [`${origin}/api/member/v1/program/list?limit=-1`] },
    });
    // A screen never seen has nothing kept: the failure reaches the app.
    await expect(worker.seenOrNetwork(apiCall('/program/detail/x'))).rejects.toThrow();
  });

  it('tells the page when it answered from what it kept, not from the network', async () => {
    let online = true;
    const { worker, posted } = loadWorker(() => (online ? Promise.resolve(json({})) : offline()));
    await worker.seenOrNetwork(apiCall('/me'), 'page');
    expect(posted).toEqual([]);
    online = false;
    await worker.seenOrNetwork(apiCall('/me'), 'page');
    expect(posted).toEqual([{ type: 'ajar-seen-answer' }]);
    // A page already closed, or a request of no page: nobody to tell.
    await worker.seenOrNetwork(apiCall('/me'), 'closed');
    await worker.seenOrNetwork(apiCall('/me'));
    expect(posted).toHaveLength(1);
  });

  it('keeps no refusal and no file, and forgets everything on a 401 (the session ended)', async () => {
    let answer: Response = json({ ok: 1 });
    const { worker, stores } = loadWorker(() => Promise.resolve(answer.clone()));
    await worker.seenOrNetwork(apiCall('/me'));
    expect(stores.get('ajar-seen')?.size).toBe(1);
    answer = json(null, 403);
    await worker.seenOrNetwork(apiCall('/program/detail/a'));
    answer = new Response('%PDF', { headers: { 'content-type': 'application/pdf' } });
    await worker.seenOrNetwork(apiCall('/program/a/certificate/download'));
    expect(stores.get('ajar-seen')?.size).toBe(1);
    answer = json(null, 401);
    await worker.seenOrNetwork(apiCall('/me'));
    expect(stores.has('ajar-seen')).toBe(false);
  });

  it('takes member API reads with a token and media files; leaves the rest to the shell rules', () => {
    const { worker } = loadWorker(offline);
    const take = (request: Request) =>
      worker.handleFetch({ request, respondWith: (p: Promise<unknown>) => p.catch(() => null) });
    expect(take(apiCall('/me'))).toBe(true);
    expect(take(new Request(`${origin}/api/member/v1/me`))).toBe(false);
    expect(take(new Request(`${origin}/api/member/v1/logout`, { method: 'POST' }))).toBe(false);
    expect(take(new Request(`${origin}/media/2026/11/a.mp4`))).toBe(true);
    expect(take(new Request(`${origin}/belajar/assets/index.js`))).toBe(false);
    expect(take(new Request('https://cdn.contoh.com/media/a.mp4'))).toBe(false);
  });
});

describe('the service worker: files saved for offline', () => {
  const bytes = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
  const video = `${origin}/media/2026/11/a.mp4`;

  async function withSaved() {
    const loaded = loadWorker(offline);
    const cache = await loaded.open('ajar-simpan-activity');
    await cache.put(video, new Response(bytes, { headers: { 'content-type': 'video/mp4' } }));
    return loaded.worker;
  }

  it('answers a saved file whole, or the byte range a video element asks for', async () => {
    const worker = await withSaved();
    const whole = await worker.savedOrNetwork(new Request(video));
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(100);

    const part = await worker.savedOrNetwork(
      new Request(video, { headers: { range: 'bytes=10-19' } }),
    );
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);

    const open = await worker.savedOrNetwork(
      new Request(video, { headers: { range: 'bytes=95-' } }),
    );
    expect(open.headers.get('content-range')).toBe('bytes 95-99/100');
    const suffix = await worker.savedOrNetwork(
      new Request(video, { headers: { range: 'bytes=-3' } }),
    );
    expect([...new Uint8Array(await suffix.arrayBuffer())]).toEqual([97, 98, 99]);
    const beyond = await worker.savedOrNetwork(
      new Request(video, { headers: { range: 'bytes=100-' } }),
    );
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */100');
  });

  it('goes to the network for a file that is not saved', async () => {
    const worker = await withSaved();
    await expect(
      worker.savedOrNetwork(new Request(`${origin}/media/2026/11/other.mp4`)),
    ).rejects.toThrow('Failed to fetch');
  });
});
