import {
  activityStates,
  type ActivityStateResult,
} from '@ajar/shared/members/activity-locks.rules';
import type { NextActivity } from '@ajar/shared/members/members.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { lockRowsOfRedeem, stateRowsOfRedeems } from './activity-states.repository';

export interface RedeemStates {
  byActivity: Map<string, ActivityStateResult>;
  /** The first activity in program order neither complete nor locked. */
  next: NextActivity | null;
}

/** States of every activity of these redemptions (one query, one pass per program). */
export async function statesOfRedeems(
  db: DbOrTx,
  redeemIds: string[],
  now = new Date(),
): Promise<Map<string, RedeemStates>> {
  const rows = await stateRowsOfRedeems(db, redeemIds);
  const grouped = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = grouped.get(row.redeem_id) ?? [];
    list.push(row);
    grouped.set(row.redeem_id, list);
  }
  const out = new Map<string, RedeemStates>();
  for (const id of redeemIds) {
    const list = grouped.get(id) ?? [];
    const states = activityStates(list, now);
    const byActivity = new Map(list.map((a, i) => [a.id, states[i]!]));
    const nextIndex = states.findIndex((s) => s.state === 'belum' || s.state === 'sedang');
    const next = nextIndex >= 0 ? list[nextIndex]! : null;
    out.set(id, {
      byActivity,
      next: next ? { id: next.id, title: next.name, topic_id: next.topic_id } : null,
    });
  }
  return out;
}

export async function statesOfRedeem(db: DbOrTx, redeemId: string): Promise<RedeemStates> {
  return (await statesOfRedeems(db, [redeemId])).get(redeemId)!;
}

/**
 * Refuses (403, the reason) an activity the member cannot open yet. A lock depends only on the
 * activities before it and on its own schedule, so only those are read (`activity` carries its
 * content).
 */
export async function assertUnlocked(
  db: DbOrTx,
  redeemId: string,
  activity: { id: string; content: Record<string, unknown> },
  now = new Date(),
): Promise<void> {
  const rows = await lockRowsOfRedeem(db, redeemId);
  const at = rows.findIndex((row) => row.id === activity.id);
  if (at < 0) return;
  const upTo = rows.slice(0, at + 1).map((row) => ({
    ...row,
    content: row.id === activity.id ? activity.content : {},
    started: false,
  }));
  const state = activityStates(upTo, now).at(-1)!;
  if (state.state === 'terkunci') throw AppError.forbidden(state.lock_reason ?? undefined);
}
