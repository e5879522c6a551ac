import { and, count, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export async function insertJob(
  db: DbOrTx,
  input: { userId: string; kind: string; name: string; input: unknown },
): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({ user_id: input.userId, kind: input.kind, name: input.name, input: input.input })
    .returning();
  return row!;
}

export async function listOwnJobs(db: DbOrTx, userId: string, page: number, limit: number) {
  const where = eq(jobs.user_id, userId);
  const query = db.select().from(jobs).where(where).orderBy(desc(jobs.created_at), desc(jobs.id));
  const rows = limit === -1 ? await query : await query.limit(limit).offset((page - 1) * limit);
  const [{ n }] = (await db.select({ n: count() }).from(jobs).where(where)) as [{ n: number }];
  return { rows, total: n };
}

export async function findOwnJob(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.user_id, userId)));
  return row ?? null;
}

export async function findJob(db: DbOrTx, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

export async function updateJob(db: DbOrTx, id: string, set: Partial<typeof jobs.$inferInsert>) {
  const [row] = await db.update(jobs).set(set).where(eq(jobs.id, id)).returning();
  return row ?? null;
}

/**
 * Ends a job (done or failed) unless it has already ended: null then, so whoever ends a job
 * (an attempt, a redelivered one) does what follows the end exactly once.
 */
export async function endJob(db: DbOrTx, id: string, set: Partial<typeof jobs.$inferInsert>) {
  const [row] = await db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
    .returning();
  return row ?? null;
}

/** Finished jobs whose file is past its time (bounded per call). */
export function expiredJobFiles(db: DbOrTx, now: Date, limit = 100) {
  return db
    .select({ id: jobs.id, storage_key: jobs.storage_key })
    .from(jobs)
    .where(and(isNotNull(jobs.storage_key), lt(jobs.expires_at, now)))
    .limit(limit);
}
