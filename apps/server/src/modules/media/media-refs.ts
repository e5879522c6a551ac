import { inArray } from 'drizzle-orm';
import { mediaRefMessages, type PickableMediaType } from '@ajar/shared/media/media.schemas';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { isUuid } from '../../lib/ids';

/** A media reference inside stored data (quiz and pop-up questions, program pictures). */
export interface MediaRefValue {
  id?: string | null;
  url?: string | null;
  type?: string | null;
}

/** One place of a request body that holds a media reference. */
export interface MediaRefSlot {
  /** The field key errors are reported on: `questions.0.audio`, `options.1.image`. */
  key: string;
  /** The reference as sent; its url and type are replaced by the library's. */
  ref: MediaRefValue;
  /** The kinds the place takes. */
  kinds: readonly PickableMediaType[];
  /** Message when the library item is of another kind (default 'Tipe media tidak sesuai'). */
  wrongKind?: string;
  /** Message when there is no such library item (default 'Media tidak ditemukan'). */
  notFound?: string;
}

/** The library rows of these ids (one query, whatever the number of references). */
async function findMediaRows(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: media.id, type: media.type, storage_key: media.storage_key })
    .from(media)
    .where(inArray(media.id, ids));
}

/**
 * Media references must name library items of their place's kind (docs/decisions.md): a
 * reference without an id, or with an id the library does not have, gets 'Media tidak ditemukan';
 * an item of another kind gets the slot's kind message. Good references take their url and type
 * from the library, never the client's, so stored question data cannot point anywhere else.
 * Messages land in `errors` under the slot's key (the first message of a key wins).
 */
export async function resolveMediaRefs(
  deps: { db: DbOrTx; storage: Storage },
  slots: readonly MediaRefSlot[],
  errors: Record<string, string>,
): Promise<void> {
  const ids = [
    ...new Set(
      slots.map((s) => s.ref.id).filter((id): id is string => typeof id === 'string' && isUuid(id)),
    ),
  ];
  const rows = new Map((await findMediaRows(deps.db, ids)).map((r) => [r.id, r]));
  for (const slot of slots) {
    const row = slot.ref.id ? rows.get(slot.ref.id) : undefined;
    if (!row) {
      errors[slot.key] ??= slot.notFound ?? mediaRefMessages.notFound;
      continue;
    }
    const kind = slot.kinds.find((k) => k === row.type);
    if (!kind) {
      errors[slot.key] ??= slot.wrongKind ?? mediaRefMessages.wrongKind;
      continue;
    }
    slot.ref.url = deps.storage.publicUrl(row.storage_key);
    slot.ref.type = kind;
  }
}
