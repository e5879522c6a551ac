import type { FastifyBaseLogger } from 'fastify';
import { memberTarget, type RealtimeTarget } from '@ajar/shared/realtime';
import type { DbOrTx } from '../../db/client';
import type { Realtime } from '../../plugins/realtime';
import { programMemberIds } from './member-discussions.repository';

/**
 * How long new messages of one thread are gathered before the program's members are told: a
 * busy thread in a cohort of thousands then costs one member lookup and one event per window,
 * not one per message (docs/decisions.md, "A cohort learns at once").
 */
export const announceWindowMs = 300;

interface AnnounceDeps {
  db: DbOrTx;
  realtime: Realtime;
  log: Pick<FastifyBaseLogger, 'error'>;
}

interface Pending {
  deps: AnnounceDeps;
  programId: string;
  activityId: string;
  /** How many messages were written in the window. */
  total: number;
  /** Messages per writing member (they are not told about their own). */
  byWriter: Map<string, number>;
}

const pending = new Map<string, Pending>();

async function flush(batch: Pending): Promise<void> {
  const { deps, programId, activityId, total, byWriter } = batch;
  try {
    // Members grouped by how many of the window's messages are new to them: one event per group.
    const groups = new Map<number, RealtimeTarget[]>();
    for (const id of await programMemberIds(deps.db, programId)) {
      const count = total - (byWriter.get(id) ?? 0);
      if (count <= 0) continue;
      const list = groups.get(count) ?? [];
      list.push(memberTarget(id));
      groups.set(count, list);
    }
    for (const [count, targets] of groups) {
      deps.realtime.emit(targets, 'discussion.unread_changed', {
        program_id: programId,
        activity_id: activityId,
        new_messages: count,
      });
    }
  } catch (err) {
    deps.log.error({ err, activityId }, 'discussion announcement failed');
  }
}

/**
 * Tells the program's members, within `announceWindowMs`, how many new messages a public thread
 * has (their app adds them to its counts without a request). The writer is left out of their
 * own message. A failure is logged: the message is stored either way.
 */
export function announceNewMessage(
  deps: AnnounceDeps,
  programId: string,
  activityId: string,
  writerMemberId?: string,
): void {
  const key = `${programId}:${activityId}`;
  let batch = pending.get(key);
  if (!batch) {
    batch = { deps, programId, activityId, total: 0, byWriter: new Map() };
    pending.set(key, batch);
    const timer = setTimeout(() => {
      pending.delete(key);
      void flush(batch!);
    }, announceWindowMs);
    timer.unref();
  }
  batch.total += 1;
  if (writerMemberId) {
    batch.byWriter.set(writerMemberId, (batch.byWriter.get(writerMemberId) ?? 0) + 1);
  }
}
