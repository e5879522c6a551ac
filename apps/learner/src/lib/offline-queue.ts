import { ApiError, request } from '../api/http';

/**
 * Actions made offline (quiz answers and submits, pop-up answers, check-ins, chat messages, video
 * progress):
 * each waits in IndexedDB with its idempotency key and is sent once when the connection returns,
 * oldest first. The server keeps the key (one idempotency mechanism on the server), so a resend
 * (a reload during the flush, two tabs) never counts twice. A call the server refuses is dropped
 * and the user is told; a call that meets no answer or a busy server (5xx, 429) waits and is
 * tried again. Plain IndexedDB: one store, a few calls.
 */

export interface QueuedCall {
  /** The idempotency key, also the record's key. */
  key: string;
  method: 'POST' | 'PUT';
  /** Below `/api/member/v1`. */
  path: string;
  body: Record<string, unknown>;
  /** What it is, for the screens that wait on it: 'quiz', 'quiz-answer', 'popup', 'attendance', 'chat', 'video-progress'. */
  kind: string;
  /**
   * The one thing this call does (`attendance:{activityId}`, `quiz-answer:{attempt}:{question}`):
   * a screen asks whether it waits (`isQueued`), and a second call for it is not queued twice.
   */
  slot?: string;
  created_at: string;
}

/** What a second call for a slot already waiting does: a newer answer replaces the older one. */
export type SlotRule = 'keep' | 'replace';

export type SendResult<T> = { queued: false; data: T } | { queued: true; key: string };

const dbName = 'ajar-belajar';
const storeName = 'outbox';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(dbName, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(storeName, { keyPath: 'key' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB tidak tersedia'));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(storeName, mode);
      const req = run(tx.objectStore(storeName));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB gagal'));
    });
  } finally {
    db.close();
  }
}

/** Every waiting call, oldest first. */
export async function listQueued(): Promise<QueuedCall[]> {
  const calls = await withStore<QueuedCall[]>('readonly', (s) => s.getAll());
  return calls.sort((a, b) => a.created_at.localeCompare(b.created_at));
}
const putQueued = (call: QueuedCall) => withStore('readwrite', (s) => s.put(call));
const dropQueued = (key: string) => withStore('readwrite', (s) => s.delete(key));

// What is waiting, by slot, for the screens that show it (kept in step with the store).
const waitingSlots = new Set<string>();
const changeListeners = new Set<() => void>();

function changed(calls: QueuedCall[]) {
  waitingSlots.clear();
  for (const call of calls) if (call.slot) waitingSlots.add(call.slot);
  for (const listener of changeListeners) listener();
}

async function refreshSlots(): Promise<void> {
  changed(await listQueued());
}

/** Called whenever the waiting calls change (queued, sent, dropped). */
export function onQueueChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Whether a call for this slot waits for the connection (as last read from the store). */
export function isQueued(slot: string): boolean {
  return waitingSlots.has(slot);
}

type Outcome = { data: unknown } | { error: ApiError };
/** Answers true when it showed a refusal itself (the app's notice then does not). */
type Listener = (call: QueuedCall, outcome: Outcome) => boolean | void;
const listeners = new Set<Listener>();

/** Called once per queued call when it has been sent (its answer, or the server's refusal). */
export function onQueuedSent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A refusal of a queued call nobody on screen took up: the app shows it (`QueueNotice`). */
export interface Refusal {
  key: string;
  kind: string;
  message: string;
}
const refusals: Refusal[] = [];
const refusalListeners = new Set<() => void>();

export function onRefusal(listener: () => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/** The refusals not yet dismissed, oldest first (the same array until one changes). */
export function pendingRefusals(): readonly Refusal[] {
  return refusals;
}

export function dismissRefusal(key: string): void {
  const i = refusals.findIndex((r) => r.key === key);
  if (i < 0) return;
  refusals.splice(i, 1);
  refusalsChanged();
}

// A new array on each change, so `useSyncExternalStore` sees it.
let refusalSnapshot: readonly Refusal[] = [];
function refusalsChanged() {
  refusalSnapshot = [...refusals];
  for (const listener of refusalListeners) listener();
}
export const refusalsSnapshot = () => refusalSnapshot;

/**
 * No answer from the server (offline, cut) or a server that asks to come back later: the call
 * waits. Anything else the server answered is a refusal that will not change on a resend.
 */
export const isRetryable = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500);

/**
 * Sends now; when the connection is gone (or the server is busy), keeps the call with its
 * idempotency key and answers `{ queued: true }`. A refusal of the server is thrown as usual.
 * While calls wait, a new one waits behind them (order is kept: answers before the submit).
 * A call for a slot that already waits is not queued twice: with 'keep' the waiting one stays
 * (its key is answered), with 'replace' the newer call takes its place.
 */
export async function sendOrQueue<T>(
  call: Omit<QueuedCall, 'created_at'>,
  rule: SlotRule = 'keep',
): Promise<SendResult<T>> {
  const all = await listQueued();
  const waiting = call.slot ? all.filter((c) => c.slot === call.slot) : [];
  if (waiting.length > 0 && rule === 'keep') return { queued: true, key: waiting[0]!.key };
  if (navigator.onLine && all.length === 0) {
    try {
      return { queued: false, data: await request<T>(call.method, call.path, { body: call.body }) };
    } catch (error) {
      if (!isRetryable(error)) throw error;
    }
  }
  for (const old of waiting) await dropQueued(old.key);
  await putQueued({ ...call, created_at: new Date().toISOString() });
  await refreshSlots();
  if (navigator.onLine && all.length > 0) void flushQueue();
  else scheduleRetry();
  return { queued: true, key: call.key };
}

let flushing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelayMs = 0;
const firstRetryMs = 5_000;
const maxRetryMs = 60_000;

/** Tries again later while calls wait and the browser says it is online (5 s, doubling, 1 min). */
function scheduleRetry() {
  if (retryTimer !== null || !navigator.onLine) return;
  retryDelayMs = Math.min(maxRetryMs, retryDelayMs ? retryDelayMs * 2 : firstRetryMs);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushQueue();
  }, retryDelayMs);
}

/**
 * Sends every waiting call once, oldest first. A call that meets no answer stops the flush (the
 * ones after it keep their order) and is tried again later; a refused call is dropped, its
 * screen told (`onQueuedSent`), or the app's notice when no screen took it up.
 */
export function flushQueue(): Promise<void> {
  flushing ??= (async () => {
    try {
      // Again until nothing waits: calls queued during the flush are sent by it too.
      for (let calls = await listQueued(); calls.length > 0; calls = await listQueued()) {
        const call = calls[0]!;
        let outcome: Outcome;
        try {
          outcome = { data: await request(call.method, call.path, { body: call.body }) };
        } catch (error) {
          if (!(error instanceof ApiError) || isRetryable(error)) {
            scheduleRetry();
            return;
          }
          outcome = { error };
        }
        await dropQueued(call.key);
        await refreshSlots();
        retryDelayMs = 0;
        let shown = false;
        for (const listener of listeners) if (listener(call, outcome) === true) shown = true;
        if ('error' in outcome && !shown) {
          refusals.push({ key: call.key, kind: call.kind, message: outcome.error.message });
          refusalsChanged();
        }
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

let started = false;

/** Flushes at start and whenever the connection returns (once per page, however often called). */
export function startOfflineQueue(): void {
  if (started || typeof indexedDB === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    retryDelayMs = 0;
    void flushQueue();
  });
  void refreshSlots();
  if (navigator.onLine) void flushQueue();
}
