import type { Db } from '../db/client';
import { defaultStudies } from '../db/reference-data';
import { studies } from '../db/schema';

/** The default study fields, for tests and the demo seed (idempotent). */
export async function seedStudies(db: Db) {
  return db
    .insert(studies)
    .values(defaultStudies.map((title) => ({ title })))
    .onConflictDoNothing()
    .returning({ id: studies.id, title: studies.title });
}
