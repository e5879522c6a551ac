import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { studies } from '../../db/schema';
import { otherStudyTitle } from '@ajar/shared/studies/studies.schemas';

/** `%`, `_` and `\` typed by the user are literal characters, not wildcards. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listStudies(db: DbOrTx, filter: { q?: string; page: number; limit: number }) {
  const where: SQL | undefined = filter.q
    ? sql`lower(${studies.title}) like ${likePattern(filter.q)}`
    : undefined;
  // Alphabetical, with 'Lainnya' (the "type a new one" choice) last, as the form lists them.
  const query = db
    .select({ id: studies.id, title: studies.title })
    .from(studies)
    .where(where)
    .orderBy(
      sql`lower(${studies.title}) = ${otherStudyTitle.toLowerCase()}`,
      asc(sql`lower(${studies.title})`),
      asc(studies.id),
    );
  const rows =
    filter.limit === -1
      ? await query
      : await query.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  const total =
    filter.limit === -1
      ? rows.length
      : ((await db.select({ n: count() }).from(studies).where(where))[0]?.n ?? 0);
  return { rows, total };
}

/**
 * Inserts the title unless one with the same name in any case exists (unique index on
 * lower(title)); either way answers the row, so two concurrent creates end with one row.
 */
export async function insertOrFindStudy(db: DbOrTx, title: string) {
  const inserted = await db
    .insert(studies)
    .values({ title })
    .onConflictDoNothing()
    .returning({ id: studies.id, title: studies.title });
  if (inserted[0]) return { ...inserted[0], created: true };
  const [existing] = await db
    .select({ id: studies.id, title: studies.title })
    .from(studies)
    .where(eq(sql`lower(${studies.title})`, title.toLowerCase()));
  return existing ? { ...existing, created: false } : undefined;
}
