import { eq, inArray } from 'drizzle-orm';
import { activityContentSchema } from '@ajar/shared/activities/activities-content.schemas';
import type { Db } from '../db/client';
import { activities } from '../db/schema';
import { serverPath } from '../lib/server-root';
import type { Storage } from '../lib/storage';
import { seedStorage, uploadSeedFile } from './seed-uploads';

const files = {
  menonton_video: { path: 'src/seed/assets/video-demo.mp4', title: 'Video demo materi' },
  'membaca-e-book': { path: 'src/seed/assets/panduan-demo.pdf', title: 'Panduan demo materi' },
} as const;

/**
 * Gives every demo video and e-book still without a file the shipped demo video or PDF (each
 * uploaded once through the media upload and shared), so a new participant can complete the demo
 * programs: an activity with nothing to open cannot be completed (docs/decisions.md,
 * completion). Returns the number of activities given a file.
 */
export async function seedContentFiles(db: Db, storage?: Storage): Promise<number> {
  const rows = await db
    .select({ id: activities.id, type: activities.type, content: activities.content })
    .from(activities)
    .where(inArray(activities.type, Object.keys(files)));
  const missing = rows.filter((r) => !activityContentSchema.parse(r.content ?? {}).file);
  if (missing.length === 0) return 0;
  const store = await seedStorage(storage);
  for (const type of Object.keys(files) as (keyof typeof files)[]) {
    const of = missing.filter((r) => r.type === type);
    if (of.length === 0) continue;
    const media = await uploadSeedFile(db, store, serverPath(files[type].path), files[type].title);
    const file = {
      id: media.id,
      url: media.public_url,
      name: files[type].path.split('/').at(-1),
      size: media.size,
      mime: media.mime,
    };
    for (const row of of) {
      await db
        .update(activities)
        .set({ content: { ...(row.content ?? {}), file }, updated_at: new Date() })
        .where(eq(activities.id, row.id));
    }
  }
  return missing.length;
}
