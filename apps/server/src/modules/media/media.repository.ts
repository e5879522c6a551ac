import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { MediaSortField, MediaType } from '@ajar/shared/media/media.constants';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export interface MediaListFilter {
  type?: MediaType;
  q?: string;
  sort: MediaSortField;
  dir: 'asc' | 'desc';
  /** -1 = all. */
  limit: number;
  page: number;
}

export async function insertMedia(db: DbOrTx, values: NewMediaRow): Promise<MediaRow> {
  const [row] = await db.insert(media).values(values).returning();
  return row!;
}

export async function findMediaById(db: DbOrTx, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listWhere(filter: MediaListFilter): SQL | undefined {
  return and(
    filter.type ? eq(media.type, filter.type) : undefined,
    filter.q ? ilike(media.title, likeContains(filter.q)) : undefined,
  );
}

const sortColumns = {
  created_at: media.created_at,
  title: media.title,
  size: media.size,
} as const;

export async function listMedia(
  db: DbOrTx,
  filter: MediaListFilter,
): Promise<{ rows: MediaRow[]; total: number }> {
  const where = listWhere(filter);
  const column = sortColumns[filter.sort];
  // Untitled items go last either way; the id makes the order stable across pages.
  const order =
    filter.sort === 'title'
      ? [sql`${column} ${sql.raw(filter.dir)} nulls last`, desc(media.created_at), asc(media.id)]
      : [filter.dir === 'asc' ? asc(column) : desc(column), asc(media.id)];
  const query = db
    .select()
    .from(media)
    .where(where)
    .orderBy(...order);
  const rows =
    filter.limit === -1
      ? await query
      : await query.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  const [counted] = await db.select({ total: count() }).from(media).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** Removes a media row; answers its storage key (to remove the file), or null. */
export async function deleteMediaRow(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .delete(media)
    .where(eq(media.id, id))
    .returning({ key: media.storage_key });
  return row?.key ?? null;
}

/** A video's conversion state; answers whether the row still exists. */
export async function updateVideoStream(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<MediaRow, 'video_status' | 'video_progress' | 'hls_prefix' | 'hls_heights'>>,
): Promise<boolean> {
  const rows = await db
    .update(media)
    .set(values)
    .where(eq(media.id, id))
    .returning({ id: media.id });
  return rows.length > 0;
}
