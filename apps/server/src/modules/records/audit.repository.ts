import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditFilter } from '@ajar/shared/audit/audit.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

/** The day after `YYYY-MM-DD`, for an inclusive `to` read as `created_at < next day`. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actor_user_id ? eq(auditEvents.actor_user_id, filter.actor_user_id) : undefined,
    filter.subject_type ? eq(auditEvents.subject_type, filter.subject_type) : undefined,
    filter.subject_id ? eq(auditEvents.subject_id, filter.subject_id) : undefined,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.from ? gte(auditEvents.created_at, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(auditEvents.created_at, new Date(`${nextDay(filter.to)}T00:00:00Z`)) : undefined,
  );
}

const columns = {
  id: auditEvents.id,
  actor_user_id: auditEvents.actor_user_id,
  actor_name: users.fullname,
  actor_role: auditEvents.actor_role,
  actor_ip: auditEvents.actor_ip,
  action: auditEvents.action,
  subject_type: auditEvents.subject_type,
  subject_id: auditEvents.subject_id,
  before: auditEvents.before,
  after: auditEvents.after,
  created_at: auditEvents.created_at,
};

/** One page of the entries a filter matches, newest first, and how many match. */
export async function listAuditEvents(
  db: DbOrTx,
  filter: AuditFilter,
  page: { page: number; limit: number },
) {
  const condition = where(filter);
  const [total] = await db.select({ n: count() }).from(auditEvents).where(condition);
  const rows = await db
    .select(columns)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actor_user_id))
    .where(condition)
    .orderBy(desc(auditEvents.created_at), desc(auditEvents.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, total: total?.n ?? 0 };
}

/** How many entries the filter matches, counting no further than `atMost`. */
export async function countAuditEvents(db: DbOrTx, filter: AuditFilter, atMost?: number) {
  const limited = db
    .select({ one: sql`1` })
    .from(auditEvents)
    .where(where(filter))
    .limit(atMost ?? Number.MAX_SAFE_INTEGER)
    .as('limited');
  const [row] = await db.select({ n: count() }).from(limited);
  return row?.n ?? 0;
}

/** A page of the export, newest first, by keyset (a deep page costs what the first does). */
export async function auditEventsPage(
  db: DbOrTx,
  filter: AuditFilter,
  cursor: { created_at: string; id: string } | null,
  size: number,
) {
  return (
    db
      // The cursor's time as text: a JS Date drops PostgreSQL's microseconds.
      .select({ ...columns, cursor_at: sql<string>`${auditEvents.created_at}::text` })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actor_user_id))
      .where(
        and(
          where(filter),
          cursor
            ? sql`(${auditEvents.created_at}, ${auditEvents.id}) < (${cursor.created_at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(auditEvents.created_at), desc(auditEvents.id))
      .limit(size)
  );
}

/**
 * Removes the entries older than `before`. The table refuses DELETE unless the transaction sets
 * `ajar.retention` (docs/decisions.md, 'The audit trail'); the setting ends with the transaction.
 */
export async function deleteAuditEventsBefore(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('ajar.retention', 'on', true)`);
    const gone = await tx
      .delete(auditEvents)
      .where(lt(auditEvents.created_at, before))
      .returning({ id: auditEvents.id });
    return gone.length;
  });
}
