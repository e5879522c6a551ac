import type { AuditAction, AuditSubjectType } from '@ajar/shared/audit/audit.constants';
import type { DbOrTx } from '../../db/client';
import { currentRequest } from '../../lib/request-context';
import * as repo from './records.repository';

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
