// What the browser benches share (20, 21): one server and one Chromium for every
// browser section of a run, the network log of a page read through the DevTools protocol,
// throttling as DevTools sets it, medians and the load average beside each figure.
import os from 'node:os';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  CDPSession,
  Page,
} from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from '@ajar/test-support';

export interface BrowserBench {
  server: RunningServer;
  browser: Browser;
}

let shared: Promise<BrowserBench> | undefined;

/**
 * The demo server (compiled, on the built apps, fresh PGlite with the demo seed) and Chromium,
 * started on first use and shared by the browser sections of this run; `closeBrowserBench` ends
 * both.
 */
export function browserBench(): Promise<BrowserBench> {
  shared ??= (async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    return { server, browser };
  })();
  return shared;
}

export async function closeBrowserBench() {
  if (!shared) return;
  const { server, browser } = await shared;
  shared = undefined;
  await browser.close();
  await server.close();
}

/**
 * A new context (its own empty cache and storage) on the bench server. Service workers are
 * blocked: on a first visit they register after 'load' and serve nothing, but a worker that
 * claims the page would fetch for it outside the page's network log and throttling.
 * The bench runs under tsx, whose transform wraps named functions in `__name(…)`: functions
 * passed to the page (`addInitScript`, `evaluate`) need that helper there too.
 */
export async function benchContext(options: BrowserContextOptions): Promise<BrowserContext> {
  const { server, browser } = await browserBench();
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'id-ID',
    serviceWorkers: 'block',
    ...options,
  });
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  return context;
}

/** The 1-minute load average now, as `/proc/loadavg` gives it. */
export const load1 = () => os.loadavg()[0]!.toFixed(1);

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const within = (value: number, limit: number) => (value <= limit ? 'met' : '**missed**');

/** The demo accounts (README). */
export const demoAccounts = {
  admin: { email: 'admin@ajar.test', password: 'Rahasia123' },
  trainer: { email: 'trainer@ajar.test', password: 'Rahasia123' },
  participant: { email: 'peserta1@ajar.test', password: 'Rahasia123' },
} as const;

/** A call to the server's API (`{data}` envelope); throws on a non-2xx answer. */
export async function api<T>(
  baseURL: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(payload)}`);
  return payload.data;
}

/** The session objects the two apps keep in localStorage, made by signing in through the API. */
type Account = { email: string; password: string };

export async function staffSession(baseURL: string, account: Account = demoAccounts.admin) {
  return api<{ token: string; expires_at: string; user: unknown }>(
    baseURL,
    'POST',
    '/admin/v1/login',
    account,
  );
}

export async function memberSession(baseURL: string, account: Account = demoAccounts.participant) {
  return api<{ token: string; expires_at: string; member: unknown }>(
    baseURL,
    'POST',
    '/member/v1/login',
    account,
  );
}

/** localStorage keys of the back office (`ytc_auth`) and of Ajar Belajar. */
export const sessionKeys = { staff: 'ytc_auth', member: 'ajar_member_auth' } as const;

/** Puts a session in the context's localStorage before any page script runs. */
export async function presetSession(context: BrowserContext, key: string, session: unknown) {
  await context.addInitScript(
    ([k, value]) => {
      if (!localStorage.getItem(k!)) localStorage.setItem(k!, value!);
    },
    [key, JSON.stringify(session)],
  );
}

/** One response as Chromium's network log saw it. */
export interface Transfer {
  url: string;
  /** The DevTools resource type: Script, Document, Stylesheet, Fetch, Image, Font… */
  type: string;
  mimeType: string;
  status: number;
  /** Content-Encoding as the server answered (negotiated with Chromium's Accept-Encoding). */
  encoding: string;
  /** Bytes received for the whole response (headers and body as sent), `loadingFinished`. */
  wireBytes: number;
  /** The response headers' bytes (HTTP/1.1 header text), so body = wire − headers. */
  headerBytes: number;
  /** The body's size after decoding (what the browser parses). */
  decodedBytes: number;
  fromCache: boolean;
  requestId: string;
}

export const isScript = (t: Transfer) =>
  t.type === 'Script' || /javascript|ecmascript/.test(t.mimeType);
export const bodyBytes = (t: Transfer) => Math.max(0, t.wireBytes - t.headerBytes);

export interface NetworkLog {
  cdp: CDPSession;
  transfers: () => Transfer[];
  /** Resolves once no request has been in flight for `quietMs`. */
  idle: (quietMs?: number, timeoutMs?: number) => Promise<void>;
}

interface Pending {
  url: string;
  type: string;
  mimeType?: string;
  status?: number;
  encoding?: string;
  headerBytes?: number;
  decodedBytes: number;
  fromCache?: boolean;
}

/**
 * Records the page's requests from the DevTools protocol's Network domain (the log DevTools'
 * Network panel shows): `loadingFinished.encodedDataLength` is what came over the wire. Call
 * before the navigation. WebSocket frames are not requests and are not counted.
 */
export async function recordNetwork(page: Page): Promise<NetworkLog> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Pending>();
  const done: Transfer[] = [];
  let lastActivity = Date.now();
  const touch = () => (lastActivity = Date.now());
  cdp.on('Network.requestWillBeSent', (e) => {
    touch();
    if (e.request.url.startsWith('data:')) return;
    pending.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', decodedBytes: 0 });
  });
  cdp.on('Network.responseReceived', (e) => {
    touch();
    const p = pending.get(e.requestId);
    if (!p) return;
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    p.type = e.type;
    p.mimeType = e.response.mimeType;
    p.status = e.response.status;
    p.encoding = headers['content-encoding'] ?? 'identity';
    p.fromCache = Boolean(e.response.fromDiskCache || e.response.fromServiceWorker);
    // Without the extra info below: the bytes received when the headers were complete.
    p.headerBytes ??= e.response.encodedDataLength;
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    const p = pending.get(e.requestId);
    if (p && e.headersText) p.headerBytes = Buffer.byteLength(e.headersText);
  });
  cdp.on('Network.dataReceived', (e) => {
    touch();
    const p = pending.get(e.requestId);
    if (p) p.decodedBytes += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    touch();
    const p = pending.get(e.requestId);
    if (!p) return;
    pending.delete(e.requestId);
    done.push({
      url: p.url,
      type: p.type,
      mimeType: p.mimeType ?? '',
      status: p.status ?? 0,
      encoding: p.encoding ?? 'identity',
      wireBytes: e.encodedDataLength,
      headerBytes: p.headerBytes ?? 0,
      decodedBytes: p.decodedBytes,
      fromCache: p.fromCache ?? false,
      requestId: e.requestId,
    });
  });
  cdp.on('Network.loadingFailed', (e) => {
    touch();
    pending.delete(e.requestId);
  });
  return {
    cdp,
    transfers: () => [...done],
    idle: async (quietMs = 1000, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline) {
          throw new Error(
            `the network did not go quiet: ${[...pending.values()].map((p) => p.url).join(', ')}`,
          );
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** A mid-range phone on a slow mobile network, set through DevTools. */
export const slowPhone = {
  cpuSlowdown: 4,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  latencyMs: 150,
};

/** Applies `slowPhone` to the page through the DevTools protocol (before the navigation). */
export async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowPhone.cpuSlowdown });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slowPhone.latencyMs,
    downloadThroughput: slowPhone.downloadBitsPerSecond / 8,
    uploadThroughput: slowPhone.uploadBitsPerSecond / 8,
  });
}
