import {
  activityStates,
  type ActivityStateResult,
} from '@ajar/shared/members/activity-locks.rules';
import type { NextActivity } from '@ajar/shared/members/members.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { progressOfRedeems } from './activity-states.repository';
import { programOutline, type OutlineActivity } from './program-outline';

export interface RedeemStates {
  byActivity: Map<string, ActivityStateResult>;
  /** The first activity in program order neither complete nor locked. */
  next: NextActivity | null;
}

/** What the states of one redemption are computed from (`statesOfRedeems`, `assertUnlocked`). */
interface RedeemProgress {
  outline: OutlineActivity[];
  complete: ReadonlySet<string>;
  started: ReadonlySet<string>;
}

/** The member's progress of these redemptions with their programs' outlines (one small query). */
async function progressWithOutlines(
  db: DbOrTx,
  redeemIds: string[],
): Promise<Map<string, RedeemProgress>> {
  const rows = await progressOfRedeems(db, redeemIds);
  const out = new Map<string, RedeemProgress>();
  await Promise.all(
    rows.map(async (row) => {
      out.set(row.redeem_id, {
        outline: await programOutline(db, row.program_id, row.outline_version),
        complete: new Set(row.complete),
        started: new Set(row.started),
      });
    }),
  );
  return out;
}

/**
 * States of every activity of these redemptions: the programs' outlines come from memory (see
 * `programOutline`), the member's progress is ids only, so a request reads no activity row.
 */
export async function statesOfRedeems(
  db: DbOrTx,
  redeemIds: string[],
  now = new Date(),
): Promise<Map<string, RedeemStates>> {
  const progress = await progressWithOutlines(db, redeemIds);
  const out = new Map<string, RedeemStates>();
  for (const id of redeemIds) {
    const own = progress.get(id);
    const list = (own?.outline ?? []).map((a) => ({
      ...a,
      is_complete: own!.complete.has(a.id),
      started: own!.started.has(a.id),
    }));
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
 * activities before it and on its own schedule, so only those are computed.
 */
export async function assertUnlocked(
  db: DbOrTx,
  redeemId: string,
  activity: { id: string },
  now = new Date(),
): Promise<void> {
  const own = (await progressWithOutlines(db, [redeemId])).get(redeemId);
  if (!own) return;
  const at = own.outline.findIndex((row) => row.id === activity.id);
  if (at < 0) return;
  const upTo = own.outline.slice(0, at + 1).map((row) => ({
    ...row,
    is_complete: own.complete.has(row.id),
    started: false,
  }));
  const state = activityStates(upTo, now).at(-1)!;
  if (state.state === 'terkunci') throw AppError.forbidden(state.lock_reason ?? undefined);
}
