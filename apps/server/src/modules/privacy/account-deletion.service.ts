import type { FastifyBaseLogger } from 'fastify';
import {
  deletionCoolingOffDays,
  deletionMessages,
  erasedMemberName,
  erasedText,
} from '@ajar/shared/privacy/privacy.constants';
import type {
  MemberDeletionRequest,
  StaffDeletionRequestList,
} from '@ajar/shared/privacy/privacy.schemas';
import { memberTarget } from '@ajar/shared/realtime';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { defineJob, type JobQueue } from '../../lib/job-queue';
import type { Storage } from '../../lib/storage';
import { verifyPassword } from '../../lib/tokens';
import type { Realtime } from '../../plugins/realtime';
import { beginLogin } from '../auth/login-throttle.service';
import { findMemberById } from '../members/members.repository';
import { recordAuditEvent } from '../records/audit-trail.service';
import * as repo from './privacy.repository';

/** The queue of the erasures that complete by themselves at the end of the cooling-off. */
const dueQueue = 'member-erasure-due';

export interface DeletionDeps {
  db: Db;
  storage: Storage;
  queue: JobQueue;
  realtime: Pick<Realtime, 'endSessions'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

function toRequest(row: repo.DeletionRequestRow): MemberDeletionRequest {
  return {
    id: row.id,
    status: row.status as MemberDeletionRequest['status'],
    created_at: row.created_at.toISOString(),
    due_at: row.due_at.toISOString(),
  };
}

/**
 * A non-deliverable address that is unique per member (`.invalid` never resolves, RFC 2606): the
 * unique e-mail index stays satisfied and the real address is free to register again.
 */
export function erasedEmail(memberId: string) {
  return `terhapus-${memberId}@terhapus.invalid`;
}

export async function myDeletionRequest(db: Db, memberId: string) {
  const row = await repo.pendingRequestOf(db, memberId);
  return row ? toRequest(row) : null;
}

/**
 * 'Hapus akun' with the member's password. The erasure follows when staff confirm it, or by
 * itself after `deletionCoolingOffDays` (a delayed job; the job also picks up any other overdue
 * request, so one lost job delays an erasure only until the next one runs).
 */
export async function requestDeletion(
  deps: DeletionDeps,
  member: { id: string; email: string },
  input: { password: string; ip: string },
): Promise<MemberDeletionRequest> {
  const memberId = member.id;
  // Throttled as a sign-in: the password check must not be a way to guess it.
  const attempt = await beginLogin(
    deps.db,
    { scope: 'member', email: member.email, ip: input.ip },
    'password',
  );
  const found = await findMemberById(deps.db, memberId);
  if (!found?.password_hash || !(await verifyPassword(input.password, found.password_hash))) {
    await attempt.recordFailure();
    throw AppError.validation({ password: deletionMessages.passwordWrong });
  }
  await attempt.succeed(deps.db);
  const existing = await repo.pendingRequestOf(deps.db, memberId);
  if (existing) return toRequest(existing);
  const dueAt = new Date(Date.now() + deletionCoolingOffDays * 24 * 60 * 60 * 1000);
  const row = await repo.insertDeletionRequest(deps.db, memberId, dueAt);
  await deps.queue.send(
    dueQueue,
    {},
    // Kept past pg-boss's default retention (14 days), which would drop it before it runs.
    { startAfter: dueAt, retentionSeconds: (deletionCoolingOffDays + 7) * 24 * 60 * 60 },
  );
  return toRequest(row);
}

export async function cancelDeletion(db: Db, memberId: string) {
  const pending = await repo.pendingRequestOf(db, memberId);
  if (!pending) throw AppError.badRequest(deletionMessages.notPending);
  await repo.setRequestStatus(db, pending.id, { status: 'cancelled' });
  return null;
}

export async function listDeletionRequests(
  db: Db,
  status: 'pending' | 'erased' | 'cancelled',
): Promise<StaffDeletionRequestList> {
  const rows = await repo.listDeletionRequests(db, status);
  return {
    list: rows.map((row) => ({
      id: row.id,
      member_id: row.member_id,
      status: row.status as MemberDeletionRequest['status'],
      created_at: row.created_at.toISOString(),
      due_at: row.due_at.toISOString(),
      erased_at: row.erased_at?.toISOString() ?? null,
      fullname: row.fullname,
      email: row.email,
    })),
  };
}

/**
 * Erases the member of a pending request: personal data, files, sessions (docs/decisions.md,
 * "Erasing a participant's account"). `actorUserId`: the confirming staff member, or null when
 * the cooling-off ended it.
 */
export async function eraseRequest(
  deps: Omit<DeletionDeps, 'queue'>,
  requestId: string,
  actorUserId: string | null,
) {
  const done = await deps.db.transaction(async (tx) => {
    const request = await repo.findDeletionRequest(tx, requestId);
    if (!request) throw AppError.notFound();
    const claimed = await repo.setRequestStatus(tx, requestId, {
      status: 'erased',
      erased_at: new Date(),
      confirmed_by: actorUserId,
    });
    if (!claimed) throw AppError.badRequest(deletionMessages.notPending);
    const member = await findMemberById(tx, request.member_id);
    if (!member) throw AppError.notFound();
    const erased = await repo.eraseMember(tx, member, {
      name: erasedMemberName,
      email: erasedEmail(member.id),
      text: erasedText,
    });
    await recordAuditEvent(tx, {
      actorUserId,
      action: 'member.erased',
      subjectType: 'member',
      subjectId: member.id,
      after: { request_id: requestId, by: actorUserId ? 'staff' : 'cooling_off' },
    });
    return { ...erased, memberId: member.id };
  });
  for (const key of done.keys) {
    await deps.storage.remove(key).catch((err: unknown) => {
      deps.log.warn({ err, key }, 'file of an erased member not removed');
    });
  }
  deps.realtime.endSessions({ target: memberTarget(done.memberId) });
  return null;
}

/** Erases every request past its cooling-off. */
export async function eraseDueRequests(deps: Omit<DeletionDeps, 'queue'>, now = new Date()) {
  const due = await repo.dueRequests(deps.db, now);
  for (const request of due) {
    await eraseRequest(deps, request.id, null).catch((err: unknown) => {
      if (err instanceof AppError) return; // confirmed or cancelled meanwhile
      throw err;
    });
  }
  return due.length;
}

export async function defineErasureJob(deps: DeletionDeps) {
  await defineJob<object>(deps.queue, {
    name: dueQueue,
    queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true },
    handler: () => eraseDueRequests(deps),
  });
}
