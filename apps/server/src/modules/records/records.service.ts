import type { LearningEventKind } from '@ajar/shared/learning-record/learning-events';
import type { DbOrTx } from '../../db/client';
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
  actorUserId: string | null;
  /** `member.email_changed`, … */
  action: string;
  subjectType: 'member' | 'certificate' | 'program' | 'user';
  subjectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records a staff action on audited data, in the transaction of the change. */
export async function recordAuditEvent(db: DbOrTx, event: AuditEventInput): Promise<void> {
  await repo.insertAuditEvent(db, {
    actor_user_id: event.actorUserId,
    action: event.action,
    subject_type: event.subjectType,
    subject_id: event.subjectId,
    before: event.before ?? null,
    after: event.after ?? null,
  });
}
