import type { Db } from '../client';
import { studies } from '../schema';

/** The default study fields of spec 01 §3. */
export const defaultStudies = [
  'Bahasa Asing/Inggris',
  'Kuliner',
  'Pengembangan Diri',
  'Persiapan Kerja',
  'Strategi Marketing',
  'Teknologi Informasi',
  'Pertanian & Peternakan',
  'Lainnya',
];

export async function seedStudies(db: Db) {
  return db
    .insert(studies)
    .values(defaultStudies.map((title) => ({ title })))
    .onConflictDoNothing()
    .returning({ id: studies.id, title: studies.title });
}
