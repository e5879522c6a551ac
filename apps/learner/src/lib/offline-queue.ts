import { ApiError, request } from '../api/http';

/**
 * Answers and check-ins made offline (DESIGN §12): each waits in IndexedDB with its idempotency
 * key and is sent when the browser comes back online. The server keeps the key, so a resend (a
 * reload during the flush, two tabs) never counts twice. Plain IndexedDB: one store, a few calls.
 */

export interface QueuedCall {
  /** The idempotency key, also the record's key. */
  key: string;
  method: 'POST' | 'PUT';
  /** Below `/api/member/v1`. */
  path: string;
  body: Record<string, unknown>;
  /** What it is, for the screens that wait on it: 'quiz', 'popup', 'attendance'. */
  kind: string;
  created_at: string;
}

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

export const listQueued = () => withStore<QueuedCall[]>('readonly', (s) => s.getAll());
const putQueued = (call: QueuedCall) => withStore('readwrite', (s) => s.put(call));
const dropQueued = (key: string) => withStore('readwrite', (s) => s.delete(key));

type Listener = (call: QueuedCall, outcome: { data: unknown } | { error: ApiError }) => void;
const listeners = new Set<Listener>();

/** Called once per queued call when it has been sent (its answer, or the server's refusal). */
export function onQueuedSent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A failure of the connection itself (no answer from the server), not a refusal. */
const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Sends now; when the connection is gone, keeps the call (with its idempotency key in the body)
 * and answers `{ queued: true }`. A refusal of the server is thrown as usual.
 */
export async function sendOrQueue<T>(call: Omit<QueuedCall, 'created_at'>): Promise<SendResult<T>> {
  if (navigator.onLine) {
    try {
      return { queued: false, data: await request<T>(call.method, call.path, { body: call.body }) };
    } catch (error) {
      if (!isOffline(error)) throw error;
    }
  }
  await putQueued({ ...call, created_at: new Date().toISOString() });
  return { queued: true, key: call.key };
}

let flushing: Promise<void> | null = null;

/** Sends every waiting call once, oldest first; a call that fails offline waits for next time. */
export function flushQueue(): Promise<void> {
  flushing ??= (async () => {
    try {
      const calls = (await listQueued()).sort((a, b) => a.created_at.localeCompare(b.created_at));
      for (const call of calls) {
        let outcome: { data: unknown } | { error: ApiError };
        try {
          outcome = { data: await request(call.method, call.path, { body: call.body }) };
        } catch (error) {
          if (isOffline(error) || !(error instanceof ApiError)) return;
          // Refused (e.g. the attempt's time ran out): it will never pass; tell and drop it.
          outcome = { error };
        }
        await dropQueued(call.key);
        for (const listener of listeners) listener(call, outcome);
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
  window.addEventListener('online', () => void flushQueue());
  if (navigator.onLine) void flushQueue();
}
