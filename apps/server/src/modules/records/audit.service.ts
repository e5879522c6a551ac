import type { FastifyBaseLogger } from 'fastify';
import type { AuditList, AuditListQuery } from '@ajar/shared/audit/audit.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { defineJob, type JobQueue } from '../../lib/job-queue';
import * as repo from './audit.repository';

/** `GET /api/users/v1/audit-log`: a page of the audit trail, newest first (superadmin). */
export async function listAuditLog(db: Db, query: AuditListQuery): Promise<AuditList> {
  const { page, limit, ...filter } = query;
  const { rows, total } = await repo.listAuditEvents(db, filter, { page, limit });
  return {
    list: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    limit,
    page,
    total,
  };
}

const retentionQueue = 'audit-retention';
/** The hour (UTC) the retention runs: 02:00 WIB, when the back office is quiet. */
const retentionHourUtc = 19;
const dayMs = 24 * 60 * 60 * 1000;

/** Seconds from `now` to the next retention hour. */
export function secondsToNextRun(now: Date): number {
  const next = new Date(now);
  next.setUTCHours(retentionHourUtc, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setTime(next.getTime() + dayMs);
  return Math.ceil((next.getTime() - now.getTime()) / 1000);
}

/** Removes the entries older than `AUDIT_RETENTION_DAYS`; answers how many went. */
export async function runAuditRetention(
  db: Db,
  config: Pick<Config, 'AUDIT_RETENTION_DAYS'>,
  now = new Date(),
): Promise<number> {
  return repo.deleteAuditEventsBefore(
    db,
    new Date(now.getTime() - config.AUDIT_RETENTION_DAYS * dayMs),
  );
}

/**
 * The daily retention job. The servers run pg-boss without its cron (lib/job-queue.ts,
 * `schedule: false`), so each run queues the next, a day on; the `stately` queue holds at most one
 * waiting job, so every server starting (which queues one too) and a retried run add no second.
 */
export async function defineAuditRetentionJob(deps: {
  db: Db;
  queue: JobQueue;
  config: Pick<Config, 'AUDIT_RETENTION_DAYS'>;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Promise<void> {
  const queueNext = () =>
    deps.queue.send(retentionQueue, {}, { startAfter: secondsToNextRun(new Date()) });
  await defineJob(deps.queue, {
    name: retentionQueue,
    queue: { policy: 'stately', retryLimit: 3, retryDelay: 600, expireInSeconds: 3600 },
    handler: async () => {
      await queueNext();
      const removed = await runAuditRetention(deps.db, deps.config);
      deps.log.info({ removed }, 'audit retention');
    },
    ready: async () => {
      await queueNext();
    },
  });
}
