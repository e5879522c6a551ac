import { idempotencyMessages } from '@ajar/shared/idempotency/idempotency.constants';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './idempotency.repository';

/** A member request that may arrive again with the same key (an offline resend, two tabs). */
export interface KeyedRequest {
  memberId: string;
  /** The client's idempotency key; without one the work simply runs. */
  key: string | undefined;
  /**
   * Which request the key belongs to (`quiz-submit:{attemptId}`, `attendance:{activityId}`, …):
   * the same key sent with another scope is refused (400).
   */
  scope: string;
}

/** What the request answers: the first answer's data and message, for every send of the key. */
export interface OnceAnswer<T> {
  data: T;
  message: string;
  /** True for a resend answered from the kept answer: the work did not run (no live events). */
  replayed: boolean;
}

/**
 * The one idempotency mechanism of the member API (docs/decisions.md, "One idempotency
 * mechanism"). The key is claimed first, in the same transaction as the work and the kept
 * answer, so the three are committed together or not at all:
 * - the first send claims the key, runs `work` and keeps its data and `message`;
 * - a resend, later or at the same moment (PostgreSQL makes it wait on the first claim's
 *   transaction), gets the kept answer back and the work never runs twice;
 * - work that throws rolls everything back, the key included: a corrected resend may use it.
 * `work` must not emit live events or send anything outside the database: do that after this
 * resolves, when `replayed` is false.
 */
export async function runOnce<T>(
  db: Db,
  request: KeyedRequest,
  message: string,
  work: (tx: Tx) => Promise<T>,
): Promise<OnceAnswer<T>> {
  const { memberId, key, scope } = request;
  return db.transaction(async (tx) => {
    if (key && !(await repo.claimKey(tx, memberId, key, scope))) {
      const kept = await repo.findKey(tx, memberId, key);
      if (!kept || kept.scope !== scope) {
        throw AppError.validation({ idempotency_key: idempotencyMessages.keyUsed });
      }
      return {
        data: kept.response.data as T,
        message: kept.response.message ?? message,
        replayed: true,
      };
    }
    const data = await work(tx);
    if (key) await repo.keepAnswer(tx, memberId, key, { data, message });
    return { data, message, replayed: false };
  });
}
