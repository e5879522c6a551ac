import { randomUUID } from 'node:crypto';
import type { Paged } from '@ajar/shared/common/envelope';
import {
  isMediaExtension,
  mediaFormats,
  mediaLimits,
  mediaMessages,
  tooLargeMessage,
  type MediaExtension,
  type MediaType,
} from '@ajar/shared/media/media.constants';
import {
  mediaFieldLimits,
  mediaUploadFieldNames,
  mediaUploadFieldsSchema,
  type MediaItem,
  type MediaListQueryParsed,
} from '@ajar/shared/media/media.schemas';
import { messages } from '@ajar/shared/common/messages';
import { isStorableText, textMessages } from '@ajar/shared/common/text';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { refuseActivePdf } from '../../lib/pdf-active-content';
import type { Storage } from '../../lib/storage';
import {
  deleteMediaRow,
  findMediaById,
  insertMedia,
  listMedia,
  type MediaRow,
} from './media.repository';
import { isUuid } from '../../lib/ids';
import { sniffFilePart, skipFilePart, type FilePart, type UploadPart } from '../../lib/upload-part';
import { hlsFolderOf, toVideoStream } from './video-stream.service';

export interface MediaDeps {
  db: Db;
  storage: Storage;
  /**
   * Queues a staff-uploaded video's conversion to HLS (video-stream.service.ts); absent without
   * FFmpeg, where the mp4 alone plays.
   */
  convertVideo?: (mediaId: string) => Promise<void>;
}

/** A PDF with JavaScript, actions or embedded files: refused, nothing stored. */
export const activePdfRefusal = () => AppError.unsupported(mediaMessages.pdfActiveContent);

const fieldLabels: Record<(typeof mediaUploadFieldNames)[number], string> = {
  title: 'Title',
  alt: 'Alt',
  caption: 'Caption',
  description: 'Description',
  source: 'Source',
  url: 'URL',
};

interface StoredUpload {
  id: string;
  key: string;
  size: number;
  type: MediaType;
  mime: string;
  originalName: string | null;
}

export function toMediaItem(row: MediaRow, storage: Storage): MediaItem {
  const url = storage.publicUrl(row.storage_key);
  return {
    id: row.id,
    url,
    public_url: url,
    type: row.type,
    mime: row.mime,
    size: row.size,
    title: row.title,
    caption: row.caption,
    alt: row.alt,
    description: row.description,
    source: row.source,
    created_at: row.created_at.toISOString(),
    video: toVideoStream(row, storage),
  };
}

/** `C:\fakepath\foto sampul.jpg` → `foto sampul.jpg`, at most 255 characters. */
function cleanFileName(filename: string): string | null {
  const base = filename.split(/[\\/]/).pop()?.trim() ?? '';
  return base ? base.slice(0, 255) : null;
}

function titleFromFileName(name: string | null): string | undefined {
  if (!name) return undefined;
  const title = name.replace(/\.[^.]*$/, '').trim();
  return title ? title.slice(0, mediaFieldLimits.title) : undefined;
}

/** `2025/03/<id>.<ext>`: dated folders keep directories small; the client's name is never used. */
function storageKey(id: string, ext: MediaExtension, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${yyyy}/${mm}/${id}.${ext}`;
}

/**
 * Detects the file's real type from its first bytes, then streams it to storage while counting
 * against the kind's limit. Returns null for an empty file. Nothing is left in storage on failure.
 */
async function storeFile(
  storage: Storage,
  part: FilePart,
  expected: MediaType | undefined,
): Promise<StoredUpload | null> {
  try {
    const file = await sniffFilePart(part);
    if (!file) return null;
    if (!file.detected || !isMediaExtension(file.detected)) {
      throw AppError.unsupported(mediaMessages.unsupported);
    }
    const ext = file.detected;
    const { type, mime } = mediaFormats[ext];
    // The picker's kind (a PDF renamed '.png' for an image): refused before anything is stored.
    if (expected && type !== expected) {
      throw AppError.validation({ file: mediaMessages.wrongKind(expected) });
    }
    // The parser stops at the largest limit of all kinds; each kind has its own.
    const body = file.body(mediaLimits[type], () => AppError.tooLarge(tooLargeMessage(type)));
    const id = randomUUID();
    const key = storageKey(id, ext);
    const { size } = await storage.put(
      key,
      ext === 'pdf' ? refuseActivePdf(body, activePdfRefusal) : body,
    );
    return { id, key, size, type, mime, originalName: cleanFileName(part.filename) };
  } catch (error) {
    // Stop reading this file; the route discards whatever the client still sends.
    part.discard();
    throw error;
  }
}

/**
 * Stores an uploaded file and its media row (spec 01 §7 media upload). Fields may come before or
 * after the file. The file's type comes from its bytes; a failure at any step leaves no file and
 * no row.
 */
export async function uploadMedia(
  deps: MediaDeps,
  parts: AsyncIterable<UploadPart>,
  /** The staff uploader; null for a member's own upload (a profile photo). */
  user: { id: string } | null,
  /** The only kind of file to store (the picker's), when given. */
  expected?: MediaType,
): Promise<MediaItem> {
  const fields: Record<string, string> = {};
  const fieldErrors: Record<string, string> = {};
  let stored: StoredUpload | null = null;
  let sawFile = false;
  try {
    for await (const part of parts) {
      if (part.kind === 'field') {
        const name = mediaUploadFieldNames.find((n) => n === part.name);
        if (!name) continue;
        if (part.truncated) {
          fieldErrors[name] = messages.max(fieldLabels[name], mediaFieldLimits[name]);
        }
        fields[name] = part.value;
        if (!isStorableText(part.value)) fieldErrors[name] = textMessages.invalidCharacter;
        continue;
      }
      if (part.name !== 'file' || sawFile) {
        await skipFilePart(part);
        continue;
      }
      sawFile = true;
      // The client's file name is kept as `original_name`: the shared text rule applies.
      if (!isStorableText(part.filename)) {
        part.discard();
        throw AppError.validation({ file: textMessages.invalidCharacter });
      }
      stored = await storeFile(deps.storage, part, expected);
    }

    const parsed = mediaUploadFieldsSchema.safeParse(fields);
    const validation: Record<string, string> = { ...fieldErrors };
    if (!stored) validation.file = mediaMessages.fileRequired;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || '_';
        validation[key] ??= issue.message;
      }
    }
    if (Object.keys(validation).length > 0 || !stored || !parsed.success) {
      throw AppError.validation(validation);
    }

    const values = parsed.data;
    const convert = stored.type === 'video' && user !== null ? deps.convertVideo : undefined;
    const row = await insertMedia(deps.db, {
      id: stored.id,
      type: stored.type,
      mime: stored.mime,
      size: stored.size,
      storage_key: stored.key,
      original_name: stored.originalName,
      title: values.title ?? titleFromFileName(stored.originalName) ?? null,
      caption: values.caption ?? null,
      alt: values.alt ?? null,
      description: values.description ?? null,
      source: values.source,
      url: values.url ?? null,
      uploaded_by: user?.id ?? null,
      video_status: convert ? 'queued' : null,
    });
    stored = null; // the file is the row's now
    if (convert) {
      // The upload stands even when the queue is away: the row then says 'failed', the mp4 plays.
      await convert(row.id).catch(() => undefined);
      return getMediaItem(deps, row.id);
    }
    return toMediaItem(row, deps.storage);
  } catch (error) {
    if (stored) await deps.storage.remove(stored.key).catch(() => undefined);
    throw error;
  }
}

/** The media library, newest first by default (spec 02 §7 media list). */
/**
 * An image uploaded by a member (profile photo, chat image): stored as media with no staff
 * uploader, the type read from its bytes; anything but an image is removed again and refused
 * with 415 and `refusal`; over the media image limit it is 413.
 */
export async function uploadMemberImage(
  deps: MediaDeps,
  parts: AsyncIterable<UploadPart>,
  refusal: string,
): Promise<MediaItem> {
  const item = await uploadMedia(deps, parts, null);
  if (item.type !== 'image') {
    const stored = await deleteMediaRow(deps.db, item.id);
    if (stored) await deps.storage.remove(stored).catch(() => undefined);
    throw AppError.unsupported(refusal);
  }
  return item;
}

export async function listMediaItems(
  deps: MediaDeps,
  query: MediaListQueryParsed,
): Promise<Paged<MediaItem>> {
  const { rows, total } = await listMedia(deps.db, query);
  return {
    list: rows.map((row) => toMediaItem(row, deps.storage)),
    limit: query.limit,
    page: query.page,
    total,
  };
}

/** One media item; an unknown or malformed id is not found. */
export async function getMediaItem(deps: MediaDeps, id: string): Promise<MediaItem> {
  if (!isUuid(id)) throw AppError.notFound();
  const row = await findMediaById(deps.db, id);
  if (!row) throw AppError.notFound();
  return toMediaItem(row, deps.storage);
}

/**
 * Removes a media item from the library with its file and, for a video, every HLS conversion of
 * it (renditions, playlists, poster). A conversion still running finds the row gone and removes
 * what it stored (video-stream.service.ts). Program pictures that named it lose it (the foreign
 * key sets null); an activity that named it shows its file as missing.
 */
export async function deleteMediaItem(deps: MediaDeps, id: string): Promise<void> {
  if (!isUuid(id)) throw AppError.notFound();
  const key = await deleteMediaRow(deps.db, id);
  if (key === null) throw AppError.notFound();
  await deps.storage.remove(key);
  await deps.storage.removeFolder(hlsFolderOf(id));
}
