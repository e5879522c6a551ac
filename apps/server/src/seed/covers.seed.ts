import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { programs } from '../db/schema';
import { serverPath } from '../lib/server-root';
import type { Storage } from '../lib/storage';
import { demoPrograms } from './programs.seed';
import { seedStorage, uploadSeedFile } from './seed-uploads';

/**
 * The demo programs' covers: small JPEGs shipped with the seed (640 × 360, about 5 kB each, drawn
 * once for the demo), uploaded like a staff member's cover so they are served as any other.
 */
export const demoCovers: Record<string, string> = {
  'Digital Marketing untuk UMKM': 'digital-marketing.jpg',
  'Bahasa Inggris untuk Persiapan Kerja': 'bahasa-inggris.jpg',
  'Dasar Pemrograman Python': 'python.jpg',
  'Budidaya Ikan Lele Bioflok': 'lele-bioflok.jpg',
  'Public Speaking dan Presentasi Efektif': 'public-speaking.jpg',
  'Barista dan Manajemen Kedai Kopi': 'barista.jpg',
  'Excel untuk Administrasi Perkantoran': 'excel.jpg',
  'Fotografi Produk dengan Smartphone': 'fotografi-produk.jpg',
};

/** Gives each demo program without a cover its cover; answers how many were given. */
export async function seedCovers(db: Db, storage?: Storage): Promise<number> {
  const rows = await db
    .select({ id: programs.id, title: programs.title, cover: programs.cover_media_id })
    .from(programs)
    .where(
      inArray(
        programs.title,
        demoPrograms.map((p) => p.title),
      ),
    );
  const bare = rows.filter((r) => r.cover === null && demoCovers[r.title]);
  if (bare.length === 0) return 0;
  const store = await seedStorage(storage);
  for (const row of bare) {
    const file = serverPath(`src/seed/assets/covers/${demoCovers[row.title]}`);
    const media = await uploadSeedFile(db, store, file, `Sampul ${row.title}`);
    await db
      .update(programs)
      .set({ cover_media_id: media.id, cover_url: media.url })
      .where(eq(programs.id, row.id));
  }
  return bare.length;
}
