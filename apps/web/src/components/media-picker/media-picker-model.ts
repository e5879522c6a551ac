import { mediaLimits, mediaMessages, tooLargeMessage } from '@ajar/shared/media/media.constants';
import type { MediaItem, MediaRef, PickableMediaType } from '@ajar/shared/media/media.schemas';

/** The counter under the history (spec 02 §2): 'Showing X from Y'. */
export function historyCounter(shown: number, total: number): string {
  return `Showing ${shown} from ${total}`;
}

/** The `accept` list of the file input (spec 02 §5: audio/* for audio, image/* for images). */
export function pickerAccept(type: PickableMediaType): string {
  return `${type}/*`;
}

/**
 * Why a chosen file cannot be sent, or null when it can: a file of another kind gets the spec's
 * 'Please select {type} file format'; a file above the kind's limit the server's 413 wording. The
 * server checks the bytes again.
 */
export function pickedFileProblem(
  file: Pick<File, 'type' | 'size'>,
  type: PickableMediaType,
): string | null {
  if (!file.type.toLowerCase().startsWith(`${type}/`)) return mediaMessages.wrongKind(type);
  if (file.size > mediaLimits[type]) return tooLargeMessage(type);
  return null;
}

/** A picked library item as question data keeps it: `{ id, url: public_url, type }`. */
export function toMediaRef(media: MediaItem, type: PickableMediaType): MediaRef {
  return { id: media.id, url: media.public_url || media.url, type };
}

/** Merges history pages, dropping repeats (an upload in between shifts items to the next page). */
export function mergeHistoryPages(pages: readonly { list: MediaItem[] }[]): MediaItem[] {
  const seen = new Set<string>();
  const items: MediaItem[] = [];
  for (const page of pages) {
    for (const item of page.list) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
