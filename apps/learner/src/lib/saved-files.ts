import type { VideoRendition } from '@ajar/shared/media/media-video';

/*
 * 'Simpan untuk offline': a video's or PDF's files kept in Cache Storage, one cache per activity
 * ('ajar-simpan-<activity id>'), which the service worker answers /media requests from
 * (public/sw-offline.js). What was saved, and its size, is kept in the same cache as a JSON entry,
 * so removing the cache removes both. See docs/decisions.md, "Offline: seen screens and saved
 * files in the service worker".
 */

export const savedCachePrefix = 'ajar-simpan-';
/** The member API answers the service worker keeps (public/sw-offline.js). */
export const seenCacheName = 'ajar-seen';
const aboutKey = '/belajar/__simpan__/about.json';

/** What plays offline: the uploaded file, or one HLS rendition's playlist and its segments. */
export type SavedSource =
  { kind: 'file'; url: string } | { kind: 'hls'; rendition: VideoRendition; poster: string | null };

export interface SavedActivity {
  activityId: string;
  programId: string;
  name: string;
  type: 'video' | 'pdf';
  source: SavedSource;
  /** Bytes kept on the phone. */
  bytes: number;
  saved_at: string;
}

export const savedMessages = {
  failed: 'Gagal menyimpan untuk offline. Periksa koneksi lalu coba lagi.',
  noSpace: 'Ruang penyimpanan di perangkat tidak cukup. Hapus file lain lalu coba lagi.',
  unsupported: 'Perangkat ini tidak dapat menyimpan file untuk offline.',
} as const;

const cacheName = (activityId: string) => `${savedCachePrefix}${activityId}`;

/** Whether this browser can keep files (Cache Storage needs a secure page). */
export const canSaveFiles = () => typeof caches !== 'undefined';

/** '12,4 MB' (one decimal, the Indonesian comma); below 1 MB in whole KB. */
export function formatSavedSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${mb.toFixed(1).replace('.', ',')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The files of an HLS media playlist, as absolute addresses: every segment and the init section
 * (`#EXT-X-MAP`), in order, relative ones resolved against the playlist's own address.
 */
export function playlistFiles(text: string, playlistUrl: string): string[] {
  const files: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (uri) files.push(new URL(uri, playlistUrl).href);
    } else if (!line.startsWith('#')) {
      files.push(new URL(line, playlistUrl).href);
    }
  }
  return files;
}

/** The addresses a saved source needs, the playlist first. */
async function filesOf(source: SavedSource): Promise<string[]> {
  const absolute = (url: string) => new URL(url, window.location.origin).href;
  if (source.kind === 'file') return [absolute(source.url)];
  const playlist = absolute(source.rendition.url);
  const res = await fetch(playlist);
  if (!res.ok) throw new Error(savedMessages.failed);
  const files = [playlist, ...playlistFiles(await res.text(), playlist)];
  return source.poster ? [...files, absolute(source.poster)] : files;
}

/** Stores one file in the cache; answers its size. `onPart` gets the share of it read (0…1). */
async function keepFile(cache: Cache, url: string, onPart: (fraction: number) => void) {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(savedMessages.failed);
  // Only the type: the body is already decoded, and the length is counted here.
  const headers = { 'content-type': res.headers.get('content-type') ?? 'application/octet-stream' };
  const [kept, counted] = res.body.tee();
  const put = cache.put(url, new Response(kept, { headers }));
  const expected = Number(res.headers.get('content-length') ?? 0);
  let size = 0;
  const reader = counted.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (expected > 0) onPart(Math.min(1, size / expected));
  }
  await put;
  return size;
}

function isQuotaError(error: unknown) {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

const listeners = new Set<() => void>();
function changed() {
  for (const listener of listeners) listener();
}

/** Called whenever an activity is saved or removed. */
export function onSavedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Downloads the files of `source` into the activity's cache; `onProgress` gets the share done
 * (0…1). All or nothing: a failure leaves nothing kept and throws an Indonesian message.
 */
export async function saveActivityFiles(
  about: Omit<SavedActivity, 'bytes' | 'saved_at'>,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<SavedActivity> {
  if (!canSaveFiles()) throw new Error(savedMessages.unsupported);
  const name = cacheName(about.activityId);
  // Asked once: a kept file is then not evicted when the phone runs short of space.
  void navigator.storage?.persist?.().catch(() => false);
  try {
    const files = await filesOf(about.source);
    const cache = await caches.open(name);
    let bytes = 0;
    for (const [i, url] of files.entries()) {
      bytes += await keepFile(cache, url, (part) => onProgress((i + part) / files.length));
      onProgress((i + 1) / files.length);
    }
    const saved: SavedActivity = { ...about, bytes, saved_at: new Date().toISOString() };
    await cache.put(aboutKey, Response.json(saved));
    changed();
    return saved;
  } catch (error) {
    await caches.delete(name).catch(() => false);
    if (isQuotaError(error)) throw new Error(savedMessages.noSpace);
    throw new Error(savedMessages.failed);
  }
}

/** What was saved for an activity, or null. */
export async function findSaved(activityId: string): Promise<SavedActivity | null> {
  if (!canSaveFiles() || !(await caches.has(cacheName(activityId)))) return null;
  const cache = await caches.open(cacheName(activityId));
  const about = await cache.match(aboutKey);
  return about ? ((await about.json()) as SavedActivity) : null;
}

/** Every saved activity, newest first. */
export async function listSaved(): Promise<SavedActivity[]> {
  if (!canSaveFiles()) return [];
  const names = (await caches.keys()).filter((n) => n.startsWith(savedCachePrefix));
  const found = await Promise.all(names.map((n) => findSaved(n.slice(savedCachePrefix.length))));
  return found
    .filter((s): s is SavedActivity => s !== null)
    .sort((a, b) => b.saved_at.localeCompare(a.saved_at));
}

/** 'Hapus dari perangkat'. */
export async function removeSaved(activityId: string): Promise<void> {
  if (!canSaveFiles()) return;
  await caches.delete(cacheName(activityId));
  changed();
}

/**
 * Forgets everything kept for the member on this phone: saved files and the screens seen
 * (sign-out and an ended session; a phone may be shared).
 */
export async function clearKeptData(): Promise<void> {
  if (!canSaveFiles()) return;
  const names = (await caches.keys()).filter(
    (n) => n === seenCacheName || n.startsWith(savedCachePrefix),
  );
  await Promise.all(names.map((n) => caches.delete(n)));
  changed();
}
