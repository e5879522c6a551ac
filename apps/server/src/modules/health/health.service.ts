import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** One dependency's state: `off` when it is not configured (Redis without REDIS_URL). */
export type PartState = 'ok' | 'error' | 'off';

export interface Readiness {
  /** True when every configured part answers and the server is not shutting down. */
  ready: boolean;
  closing: boolean;
  db: PartState;
  redis: PartState;
  storage: PartState;
}

/** A part that has not answered by then counts as failed (a load balancer must not wait). */
const checkTimeoutMs = 3_000;
/** A key no upload can take (uploads are named by date and id); asking for it only proves the store answers. */
const probeKey = 'health/ready-probe';

async function answers(check: () => Promise<unknown>): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), checkTimeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this server can take traffic: the database answers a query, the media store answers,
 * and no shutdown has begun. Redis is reported but does not decide: without it a server still
 * serves every request and its own sockets (only events to other servers wait), so a Redis outage
 * must not take every server out of the load balancer at once.
 */
export async function checkReadiness(app: FastifyInstance): Promise<Readiness> {
  const redisStatus = app.realtime.redisStatus();
  const [db, storage] = await Promise.all([
    answers(() => app.db.execute(sql`select 1`)),
    answers(() => app.storage.stat(probeKey)),
  ]);
  const redis: PartState = redisStatus === 'off' ? 'off' : redisStatus === 'ready' ? 'ok' : 'error';
  const closing = app.lifecycle.closing;
  const ready = !closing && db === 'ok' && storage === 'ok';
  return { ready, closing, db, redis, storage };
}

/** The message of a not-ready answer: shutting down, or which parts failed. */
export function notReadyMessage(readiness: Readiness): string {
  if (readiness.closing) return 'Server sedang berhenti';
  const failed = (['db', 'storage'] as const).filter((part) => readiness[part] === 'error');
  return `Server belum siap: ${failed.join(', ')} tidak menjawab`;
}
