import type { LearningEventKind } from '@ajar/shared/learning-record/learning-events';
import { activityOpenedQuietMinutes } from '@ajar/shared/learning-record/learning-record.constants';
import type {
  LearningRecordEventList,
  LearningRecordEventsQueryParsed,
  LearningRecordSummary,
} from '@ajar/shared/learning-record/learning-record.schemas';
import { participantMessages } from '@ajar/shared/participants/participants.constants';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { redeemProgram } from '../participants/participants.repository';
import { requireProgram, type Viewer } from '../access/access.service';
import * as repo from './records.repository';

export interface LearningEventInput {
  memberId: string;
  programId: string | null;
  activityId?: string | null;
  kind: LearningEventKind;
  data?: Record<string, unknown>;
  /** The staff user behind it (feedback, a certificate corrected or revoked). */
  actorUserId?: string | null;
}

/**
 * Appends to a participant's learning record. Pass the transaction of the work it records, so
 * the event and the work are saved together or not at all.
 */
export async function recordLearningEvent(db: DbOrTx, event: LearningEventInput): Promise<void> {
  await repo.insertLearningEvents(db, [
    {
      member_id: event.memberId,
      program_id: event.programId,
      activity_id: event.activityId ?? null,
      kind: event.kind,
      data: event.data ?? {},
      actor_user_id: event.actorUserId ?? null,
    },
  ]);
}

/**
 * `activity_opened`: the member opened an activity's detail in Ajar Belajar. Once per member and
 * activity within `activityOpenedQuietMinutes` (the learner app reloads the detail on focus and
 * reconnect; see packages/shared/src/learning-record/learning-record.constants.ts).
 */
export async function recordActivityOpened(
  db: DbOrTx,
  event: { memberId: string; programId: string; activityId: string },
): Promise<void> {
  await repo.insertUnlessRecent(
    db,
    {
      member_id: event.memberId,
      program_id: event.programId,
      activity_id: event.activityId,
      kind: 'activity_opened',
    },
    activityOpenedQuietMinutes,
  );
}

/**
 * The redemption behind a timeline, if the viewer may grade its program: staff every program, a
 * trainer only assigned ones; anything else is 404 (the participants' own access path).
 */
async function visibleRedeem(db: DbOrTx, viewer: Viewer, redeemId: string) {
  const redeem = await redeemProgram(db, redeemId);
  if (!redeem) throw AppError.notFound(participantMessages.redeemNotFound);
  await requireProgram(db, viewer, redeem.program_id);
  return redeem;
}

/**
 * `GET /api/program/v1/trainer/member-redeem/{id}/learning-record`: per activity of the
 * participant's program, when (first and last event), how long, how much video, what score.
 */
export async function getLearningRecord(
  db: Db,
  viewer: Viewer,
  redeemId: string,
): Promise<LearningRecordSummary> {
  const redeem = await visibleRedeem(db, viewer, redeemId);
  const rows = await repo.activitySummaries(db, redeem.member_id, redeem.program_id);
  return {
    activities: rows.map((r) => ({
      activity_id: r.activity_id,
      activity_name: r.activity_name,
      first_at: r.first_at.toISOString(),
      last_at: r.last_at.toISOString(),
      span_seconds: Math.round((r.last_at.getTime() - r.first_at.getTime()) / 1000),
      events: r.events,
      watched_seconds: r.watched_seconds,
      score: r.score,
    })),
  };
}

/** `GET …/member-redeem/{id}/learning-record/events`: one page of events, oldest first. */
export async function listLearningRecordEvents(
  db: Db,
  viewer: Viewer,
  redeemId: string,
  query: LearningRecordEventsQueryParsed,
): Promise<LearningRecordEventList> {
  const redeem = await visibleRedeem(db, viewer, redeemId);
  const { rows, total } = await repo.listMemberEvents(
    db,
    { memberId: redeem.member_id, programId: redeem.program_id, activityId: query.activity_id },
    { page: query.page, limit: query.limit },
  );
  return {
    list: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    limit: query.limit,
    page: query.page,
    total,
  };
}

/**
 * `feedback_given` of each score a staff member's import wrote (TPM/UK), in the import's
 * transaction; `data.source` is `import`.
 */
export async function recordImportedFeedback(
  db: DbOrTx,
  rows: Parameters<typeof repo.insertFeedbackEvents>[1],
  actorUserId: string,
): Promise<void> {
  await repo.insertFeedbackEvents(db, rows, actorUserId, 'import');
}
