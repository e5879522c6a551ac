import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createStorage, type Storage } from '../lib/storage';
import { uploadMedia } from '../modules/media/media.service';
import type { UploadPart } from '../lib/upload-part';
import type { MediaItem } from '@ajar/shared/media/media.schemas';

/** The storage the server uses (made from the config when the caller has none). */
export async function seedStorage(storage?: Storage): Promise<Storage> {
  if (storage) return storage;
  const created = createStorage(loadConfig());
  await created.prepare();
  return created;
}

async function* fileParts(file: string, title: string): AsyncGenerator<UploadPart> {
  yield { kind: 'field', name: 'title', value: title, truncated: false };
  const stream = fs.createReadStream(file);
  yield {
    kind: 'file',
    name: 'file',
    filename: file.split('/').pop() ?? 'file',
    chunks: stream as AsyncIterable<Buffer>,
    discard: () => stream.destroy(),
    truncated: () => false,
  };
}

/**
 * Stores a file of the seed's assets through the media upload, as the demo admin would upload
 * it (type read from its bytes, a media row, an address under /media/).
 */
export async function uploadSeedFile(
  db: Db,
  storage: Storage,
  file: string,
  title: string,
): Promise<MediaItem> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@ajar.test'))
    .limit(1);
  return uploadMedia({ db, storage }, fileParts(file, title), { id: admin?.id ?? randomUUID() });
}
