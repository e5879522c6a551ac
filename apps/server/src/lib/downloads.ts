/**
 * Short-lived download links for files made for one staff user (exports, zips, a participant's
 * uploaded work): DESIGN §6 and §11. Personal data never sits at a permanent public URL.
 *
 * Use:
 *
 * ```ts
 * const { url } = await createDownload(
 *   { db: app.db, storage: app.storage, config: app.config },
 *   {
 *     userId: user.id,
 *     filename: 'peserta.xlsx',
 *     contentType: xlsxContentType,
 *     // exactly one source:
 *     write: async (stream) => {
 *       const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream });
 *       // … add rows …
 *       await workbook.commit(); // ends `stream`
 *     },
 *     // or: filePath: '/tmp/made-elsewhere.zip'     (copied into storage; the file stays yours)
 *     // or: storageKey: 'practice-work/…/x.pdf'     (an object already stored; linked, not copied)
 *   },
 * );
 * return { public_url: url };
 * ```
 *
 * - The link is `/api/download/{token}` (absolute when `PUBLIC_URL` is set). The token is 32 random
 *   bytes; only its SHA-256 is stored. It expires after `downloadTtlMinutes` (15); after that
 *   `GET /api/download/{token}` answers 404.
 * - Files written here live under `downloads/` in storage and are removed with their expired
 *   rows (swept at each new download); a linked `storageKey` is never removed by the sweep.
 * - `write` gets a Writable that streams into storage: nothing is buffered whole. If `write`
 *   throws, nothing is stored, no row is made, and the error is rethrown.
 * - On S3 the link answers a redirect to a presigned GET of the object (signed for at most
 *   `downloadRedirectSeconds`, and never past the link's own expiry) that carries the file name
 *   and type; the bytes never pass through the app. On local disk the app streams the file.
 * - The link is for the staff member who asked for it: it is used up by its first
 *   download (`used`; the row's `token_hash` gets the `used:` prefix in the same update that
 *   checks it was not, so parallel openings serve it once), and an opener who brings another
 *   staff member's session is refused (`notYours`) without using it up. Browsers open the link
 *   by navigation, without the bearer token, so the first opening is the owner's in practice:
 *   the web app opens it the moment the export call answers.
 */
import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { downloads } from '../db/schema';
import { exportMessages } from '@ajar/shared/exports/exports.constants';
import { AppError } from './app-error';
import type { Storage } from './storage';
import { hashToken, newToken } from './tokens';

/** Minutes a download link works. */
export const downloadTtlMinutes = 15;

/**
 * Seconds a presigned S3 link from `/api/download/{token}` works: long enough to start the
 * download, short enough that a leaked address (history, logs, a proxy) is soon useless.
 */
export const downloadRedirectSeconds = 5 * 60;

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Storage folder of files written for a download (and only those are swept). */
const ownFolder = 'downloads';

export interface DownloadDeps {
  db: DbOrTx;
  storage: Storage;
  config: Pick<Config, 'PUBLIC_URL'>;
}

interface DownloadMeta {
  /** The staff user who asked (kept for audit; null for a system job). */
  userId: string | null;
  /** The name the browser saves the file as. */
  filename: string;
  contentType: string;
}

export type DownloadSource =
  { write: (stream: Writable) => Promise<void> } | { filePath: string } | { storageKey: string };

export type CreateDownloadInput = DownloadMeta & DownloadSource;

export interface CreatedDownload {
  /** `/api/download/{token}`, absolute when PUBLIC_URL is set: the reply's `data.public_url`. */
  url: string;
  token: string;
  expiresAt: Date;
}

function downloadUrl(config: Pick<Config, 'PUBLIC_URL'>, token: string): string {
  const base = (config.PUBLIC_URL ?? '').replace(/\/+$/, '');
  return `${base}/api/download/${token}`;
}

/** `2025/03/x.xlsx` style key under the downloads folder, keeping a safe extension. */
function ownKey(filename: string): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(filename)?.[1]?.toLowerCase();
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${ownFolder}/${now.getUTCFullYear()}/${month}/${randomUUID()}${ext ? `.${ext}` : ''}`;
}

/** Streams whatever `write` writes into storage under `key`; all or nothing. */
export async function storeWritten(
  storage: Storage,
  key: string,
  write: (stream: Writable) => Promise<void>,
): Promise<void> {
  const pass = new PassThrough();
  const putting = storage.put(key, pass);
  // Keeps an early storage failure from being an unhandled rejection while `write` still runs.
  putting.catch(() => undefined);
  try {
    await write(pass);
    if (!pass.writableEnded) pass.end();
  } catch (error) {
    pass.destroy(error instanceof Error ? error : new Error(String(error)));
    await putting.catch(() => undefined);
    await storage.remove(key);
    throw error;
  }
  await putting;
}

/**
 * Call at the end of an export's `write` with the rows it wrote: an export without a row answers
 * 404 'Tidak ada data untuk diekspor…' and, thrown inside `write`, stores no file and
 * makes no link.
 */
export function refuseEmptyExport({ rows }: { rows: number }): void {
  if (rows === 0) throw AppError.notFound(exportMessages.empty);
}

/**
 * Removes expired download rows and the files written for them. Cheap (an index on
 * `expires_at`) and bounded per call, so it runs at each new download instead of a timer.
 */
export async function sweepExpiredDownloads(deps: Omit<DownloadDeps, 'config'>, limit = 100) {
  const expired = await deps.db
    .select({ id: downloads.id, storage_key: downloads.storage_key })
    .from(downloads)
    .where(lt(downloads.expires_at, new Date()))
    .limit(limit);
  for (const row of expired) {
    await deps.db.delete(downloads).where(eq(downloads.id, row.id));
    if (row.storage_key.startsWith(`${ownFolder}/`)) await deps.storage.remove(row.storage_key);
  }
  return expired.length;
}

/** Stores (or links) the file and answers a short-lived, unguessable link to it. */
export async function createDownload(
  deps: DownloadDeps,
  input: CreateDownloadInput,
): Promise<CreatedDownload> {
  await sweepExpiredDownloads(deps);
  let key: string;
  if ('storageKey' in input) {
    key = input.storageKey;
  } else {
    key = ownKey(input.filename);
    if ('write' in input) await storeWritten(deps.storage, key, input.write);
    else await deps.storage.put(key, createReadStream(input.filePath));
  }
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + downloadTtlMinutes * 60 * 1000);
  try {
    await deps.db.insert(downloads).values({
      token_hash: hash,
      user_id: input.userId,
      storage_key: key,
      filename: input.filename.slice(0, 255),
      content_type: input.contentType,
      expires_at: expiresAt,
    });
  } catch (error) {
    if (!('storageKey' in input)) await deps.storage.remove(key);
    throw error;
  }
  return { url: downloadUrl(deps.config, token), token, expiresAt };
}

/** The download row claimed, for the audit trail: who it was made for and which file. */
export interface ClaimedDownload {
  id: string;
  userId: string | null;
  filename: string;
}

export type OpenedDownload =
  | {
      kind: 'stream';
      filename: string;
      contentType: string;
      size: number;
      stream: Readable;
      claimed: ClaimedDownload;
    }
  | {
      /** Storage that signs links (S3): the browser fetches the object itself. */
      kind: 'redirect';
      url: string;
      claimed: ClaimedDownload;
    }
  /** The link was downloaded already. */
  | { kind: 'used' }
  /** The opener is signed in as another staff member than the one who asked for the file. */
  | { kind: 'notYours' };

/** A used link keeps its row (and file) until it expires, under this prefix of its hash. */
const usedPrefix = 'used:';

/**
 * The file behind a live token, or null (unknown, expired, or its file gone). Serving it uses
 * the link up. `openerId`: the staff member whose session came with the request, if any.
 */
export async function openDownload(
  deps: Omit<DownloadDeps, 'config'>,
  token: string,
  openerId: string | null = null,
): Promise<OpenedDownload | null> {
  const hash = hashToken(token);
  const [row] = await deps.db
    .select()
    .from(downloads)
    .where(
      and(
        inArray(downloads.token_hash, [hash, `${usedPrefix}${hash}`]),
        gt(downloads.expires_at, new Date()),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.token_hash !== hash) return { kind: 'used' };
  if (openerId && row.user_id && openerId !== row.user_id) return { kind: 'notYours' };
  const info = await deps.storage.stat(row.storage_key);
  if (!info) return null;
  const [claimed] = await deps.db
    .update(downloads)
    .set({ token_hash: `${usedPrefix}${hash}` })
    .where(and(eq(downloads.id, row.id), eq(downloads.token_hash, hash)))
    .returning({ id: downloads.id });
  if (!claimed) return { kind: 'used' };
  const claim = { id: row.id, userId: row.user_id, filename: row.filename };
  if (deps.storage.presignedUrl) {
    const untilExpirySeconds = (row.expires_at.getTime() - Date.now()) / 1000;
    const url = await deps.storage.presignedUrl(row.storage_key, {
      expiresInSeconds: Math.min(downloadRedirectSeconds, untilExpirySeconds),
      contentDisposition: attachmentHeader(row.filename),
      contentType: row.content_type,
    });
    return { kind: 'redirect', url, claimed: claim };
  }
  return {
    kind: 'stream',
    filename: row.filename,
    contentType: row.content_type,
    size: info.size,
    stream: await deps.storage.createReadStream(row.storage_key),
    claimed: claim,
  };
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
