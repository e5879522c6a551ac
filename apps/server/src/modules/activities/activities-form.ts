import type { MediaItem } from '@ajar/shared/media/media.schemas';
import { AppError } from '../../lib/app-error';
import { uploadMedia } from '../media/media.service';
import { skipFilePart, type UploadPart } from '../../lib/upload-part';
import type { ActivityDeps } from './activities-access';
import { deleteMediaRow, findMedia } from './activities.repository';

// The multipart form ----------------------------------------------------------------------------

export interface ActivityForm {
  /** The parsed `payload` field (JSON), or undefined when absent. */
  payload: unknown;
  /** The uploaded `file`, already stored as a media item. */
  upload: MediaItem | null;
}

/** The `payload` field's JSON; bad JSON is a field error, not a crash. */
function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw AppError.validation({ payload: 'Format data tidak valid' });
  }
}

/** Removes a media item stored by this request when the save that needed it fails. */
export async function discardUpload(deps: ActivityDeps, upload: MediaItem | null): Promise<void> {
  if (!upload) return;
  const row = await findMedia(deps.db, upload.id).catch(() => null);
  if (!row) return;
  await deleteMediaRow(deps.db, row.id).catch(() => undefined);
  await deps.storage.remove(row.storage_key).catch(() => undefined);
}

async function* onePart(part: UploadPart): AsyncGenerator<UploadPart> {
  yield part;
}

/**
 * Reads a create/update form: `payload` (JSON of the body) and an optional `file`, stored through
 * the media module (type from the bytes, 413/415 by kind). When the payload arrives before the
 * file, `check` runs first so a bad form is refused before a large upload is stored.
 */
export async function readActivityForm(
  deps: ActivityDeps,
  parts: AsyncIterable<UploadPart>,
  user: { id: string },
  check: (payload: unknown) => Promise<void> | void,
): Promise<ActivityForm> {
  let payload: unknown;
  let upload: MediaItem | null = null;
  let sawFile = false;
  try {
    for await (const part of parts) {
      if (part.kind === 'field') {
        if (part.name !== 'payload') continue;
        if (part.truncated) throw AppError.tooLarge('Ukuran data terlalu besar');
        payload = parsePayload(part.value);
        if (!sawFile) await check(payload);
        continue;
      }
      if (part.name !== 'file' || sawFile) {
        // Only one `file` is kept.
        await skipFilePart(part);
        continue;
      }
      sawFile = true;
      upload = await uploadMedia(deps, onePart(part), user);
    }
    return { payload, upload };
  } catch (error) {
    await discardUpload(deps, upload);
    throw error;
  }
}
