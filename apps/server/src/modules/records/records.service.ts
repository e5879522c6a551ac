import type { LearningEventKind } from '@ajar/shared/learning-record/learning-events';
import { activityOpenedQuietMinutes } from '@ajar/shared/learning-record/learning-record.constants';
import type {
  LearningRecordEventList,
  LearningRecordEventsQueryParsed,
  LearningRecordSummary,
} from '@ajar/shared/learning-record/learning-record.schemas';
import { participantMessages } from '@ajar/shared/participants/participants.constants';
import type { AuditAction, AuditSubjectType } from '@ajar/shared/audit/audit.constants';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { currentRequest } from '../../lib/request-context';
import type { RequestUser } from '../../plugins/auth';
import { redeemProgram } from '../participants/participants.repository';
import { assertProgramVisible } from '../programs/programs.service';
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

export interface AuditEventInput {
  /** The staff user who acted; null for a participant's own act or the system. */
  actorUserId: string | null;
  /** The actor's role; by default the actor's role in `users` when the entry is written. */
  actorRole?: string | null;
  /** `member.email_changed`, … (packages/shared/src/audit/audit.constants.ts) */
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records an audited action, in the transaction of the change. The actor's address comes from the
 * request being served (lib/request-context.ts); none in a job.
 */
export async function recordAuditEvent(db: DbOrTx, event: AuditEventInput): Promise<void> {
  const role =
    event.actorRole !== undefined
      ? event.actorRole
      : event.actorUserId
        ? repo.roleOfUser(event.actorUserId)
        : null;
  await repo.insertAuditEvent(db, {
    actor_user_id: event.actorUserId,
    actor_role: role,
    actor_ip: currentRequest()?.ip ?? null,
    action: event.action,
    subject_type: event.subjectType,
    subject_id: event.subjectId,
    before: event.before ?? null,
    after: event.after ?? null,
  });
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

type Viewer = Pick<RequestUser, 'id' | 'role'>;

/**
 * The redemption behind a timeline, if the viewer may grade its program: staff every program, a
 * trainer only assigned ones; anything else is 404 (the participants' own access path).
 */
async function visibleRedeem(db: DbOrTx, viewer: Viewer, redeemId: string) {
  const redeem = await redeemProgram(db, redeemId);
  if (!redeem) throw AppError.notFound(participantMessages.redeemNotFound);
  await assertProgramVisible(db, viewer, redeem.program_id);
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
