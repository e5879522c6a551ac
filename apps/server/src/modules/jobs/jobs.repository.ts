import { and, count, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
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

const active = inArray(jobs.status, ['queued', 'running']);

/**
 * Inserts the job unless it may not be: under a per-user advisory lock (two requests of one user
 * at once see each other), an identical job of the user still queued or running (the same
 * kind, file name and input) is answered instead (`existing`), and a user with `maxActive` such jobs gets `full`. `round` is how many of
 * theirs are ahead of the new one (the queue's fair order).
 */
export async function insertJobWithinLimits(
  db: DbOrTx,
  input: { userId: string; kind: string; name: string; input: unknown },
  maxActive: number,
): Promise<
  | { outcome: 'inserted'; row: JobRow; round: number }
  | { outcome: 'existing'; row: JobRow }
  | { outcome: 'full' }
> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jobs:' || ${input.userId}))`);
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.user_id, input.userId), active))) as [{ n: number }];
    // jsonb equality: the same input whatever the order of its keys.
    const [identical] = await tx
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.user_id, input.userId),
          active,
          eq(jobs.kind, input.kind),
          eq(jobs.name, input.name),
          sql`${jobs.input} = ${JSON.stringify(input.input)}::jsonb`,
        ),
      )
      .limit(1);
    if (identical) return { outcome: 'existing', row: identical };
    if (n >= maxActive) return { outcome: 'full' };
    const row = await insertJob(tx, input);
    return { outcome: 'inserted', row, round: n };
  });
}

/**
 * Marks the job running unless another job of the same owner runs (one at a time per user):
 * null then. Under the owner's advisory lock, so two servers do not both start one of theirs.
 */
export async function claimRun(db: DbOrTx, id: string, userId: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jobs:' || ${userId}))`);
    const [busy] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.user_id, userId), eq(jobs.status, 'running'), ne(jobs.id, id)))
      .limit(1);
    if (busy) return null;
    const [row] = await tx
      .update(jobs)
      .set({ status: 'running', started_at: new Date() })
      .where(and(eq(jobs.id, id), active))
      .returning();
    return row ?? null;
  });
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

/** The owner's job cancelled if it is still queued or running; null otherwise. */
export async function cancelOwnJob(db: DbOrTx, userId: string, id: string, message: string) {
  const [row] = await db
    .update(jobs)
    .set({ status: 'cancelled', message, finished_at: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.user_id, userId), active))
    .returning();
  return row ?? null;
}

export async function jobStatus(db: DbOrTx, id: string) {
  const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
  return row?.status ?? null;
}

/** Finished jobs whose file is past its time (bounded per call). */
export function expiredJobFiles(db: DbOrTx, now: Date, limit = 100) {
  return db
    .select({ id: jobs.id, storage_key: jobs.storage_key })
    .from(jobs)
    .where(and(isNotNull(jobs.storage_key), lt(jobs.expires_at, now)))
    .limit(limit);
}
