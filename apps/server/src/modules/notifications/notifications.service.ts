import type { FastifyBaseLogger } from 'fastify';
import type {
  MemberNotificationType,
  NotificationType,
} from '@ajar/shared/notifications/notifications.constants';
import { notificationMessages } from '@ajar/shared/notifications/notifications.constants';
import type {
  MemberNotificationList,
  NotificationCreateBodyParsed,
  NotificationCreated,
  NotificationRecipients,
  SentNotificationList,
} from '@ajar/shared/notifications/notifications.schemas';
import { memberTarget } from '@ajar/shared/realtime';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RequestUser } from '../../plugins/auth';
import type { RequestMember } from '../../plugins/member-auth';
import type { Realtime } from '../../plugins/realtime';
import type { NotificationPushWorker } from './notification-push.service';
import * as repo from './notifications.repository';

interface Target {
  program_id?: string;
  progress_start: number;
  progress_end: number;
}

async function resolveTarget(db: Db, target: Target): Promise<repo.NotificationTarget> {
  const programId = target.program_id ?? null;
  if (programId && !(await repo.programExists(db, programId))) {
    throw AppError.validation({ program_id: notificationMessages.programNotFound });
  }
  return { programId, progressStart: target.progress_start, progressEnd: target.progress_end };
}

/** How many members the target reaches right now. */
export async function countRecipients(db: Db, query: Target): Promise<NotificationRecipients> {
  return { recipients: await repo.countRecipients(db, await resolveTarget(db, query)) };
}

/**
 * Sends a notification: the record and every recipient's in-app row are committed before the
 * answer; Web Push runs afterwards as a job of the job queue, so the request never waits for it.
 * When the job cannot be queued nothing of the send stays: the answer is an error. The
 * recipients' open apps are told at once (their bells reload, spread over a moment).
 */
export async function createNotification(
  deps: { db: Db; push: NotificationPushWorker; realtime: Pick<Realtime, 'emit'> },
  user: RequestUser,
  body: NotificationCreateBodyParsed,
): Promise<NotificationCreated> {
  const target = await resolveTarget(deps.db, body);
  const type: NotificationType = target.programId ? 'program' : 'global';
  const created = await repo.insertSentNotification(deps.db, {
    ...target,
    type,
    title: body.title,
    message: body.message,
    link: body.link ?? null,
    createdBy: user.id,
  });
  try {
    await deps.push.enqueue(created.id);
  } catch (err) {
    // Without its push the send is taken back whole, so a retry after the error sends it once.
    await repo.deleteSentNotification(deps.db, created.id);
    throw err;
  }
  if (created.recipients > 0) {
    const members = await repo.recipientMemberIds(deps.db, created.id);
    deps.realtime.emit(members.map(memberTarget), 'member_notification.new', {
      program_id: target.programId,
    });
  }
  return created;
}

const program = (id: string | null, title: string | null) =>
  id && title !== null ? { id, title } : null;

export async function listSentNotifications(
  db: Db,
  query: { page: number; limit: number },
): Promise<SentNotificationList> {
  const { rows, total } = await repo.listSentNotifications(db, query.page, query.limit);
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: r.type as NotificationType,
      program: program(r.program_id, r.program_title),
      progress: { progress_start: r.progress_start, progress_end: r.progress_end },
      created_at: r.created_at.toISOString(),
      title: r.title,
      description: r.message,
      link: r.link,
      recipients: r.recipients,
      delivered: r.delivered,
      push_state: r.push_state,
    })),
    limit: query.limit,
    page: query.page,
    total,
    total_data: total,
  };
}

export async function listMemberNotifications(
  db: Db,
  member: RequestMember,
  query: { page: number; limit: number },
): Promise<MemberNotificationList> {
  const { rows, total, unread } = await repo.listMemberNotifications(
    db,
    member.id,
    query.page,
    query.limit,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: r.type as MemberNotificationType,
      program: program(r.program_id, r.program_title),
      title: r.title,
      description: r.message,
      link: r.link,
      read: r.read_at !== null,
      read_at: r.read_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    })),
    limit: query.limit,
    page: query.page,
    total,
    total_data: total,
    total_unread: unread,
  };
}

/** Marks one of the member's notifications read; another member's is 404. */
export async function readMemberNotification(db: Db, member: RequestMember, id: string) {
  if (!(await repo.markMemberNotificationRead(db, member.id, id))) throw AppError.notFound();
}

/** What notifying a member needs (the notifications module's subscribers pass it). */
export interface MemberNotifyDeps {
  db: Db;
  participantPush: NotificationPushWorker;
  realtime: Realtime;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * One notification for one member on an event of theirs: the in-app row now (their open app is
 * told at once), the Web Push to every subscription of theirs by the background worker. A failure
 * is logged, never thrown: the staff action that caused it has already succeeded.
 */
export async function notifyMember(
  deps: MemberNotifyDeps,
  input: repo.NewPersonalNotification,
): Promise<void> {
  try {
    const sentId = await repo.insertPersonalNotification(deps.db, input);
    deps.realtime.emit(memberTarget(input.memberId), 'member_notification.new', {
      program_id: input.programId,
    });
    await deps.participantPush.enqueue(sentId);
  } catch (err) {
    deps.log.error({ err, memberId: input.memberId }, 'member notification failed');
  }
}
