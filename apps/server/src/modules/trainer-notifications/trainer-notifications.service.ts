import type { FastifyBaseLogger } from 'fastify';
import type {
  TrainerNotification,
  TrainerNotificationList,
  TrainerNotificationListQuery,
} from '@ajar/shared/trainer-notifications/trainer-notifications.schemas';
import { userTarget } from '@ajar/shared/realtime';
import { messagePreview } from '@ajar/shared/chat/message-preview';
import {
  trainerNotificationLinks,
  trainerNotificationMessages as M,
  type TrainerNotificationKind,
} from '@ajar/shared/trainer-notifications/trainer-notifications.constants';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { PushSender } from '../../lib/push';
import type { Realtime } from '../../plugins/realtime';
import * as repo from './trainer-notifications.repository';
import { programTrainerIds } from '../access/access.repository';

/** What notifying the trainers needs (the notifications module's subscribers pass it). */
export interface TrainerNotifyDeps {
  db: Db;
  realtime: Realtime;
  push: PushSender;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** A member event in a program; the texts are written here so every kind reads alike. */
export interface TrainerNotifyEvent {
  kind: Exclude<TrainerNotificationKind, 'job'>;
  programId: string;
  topicId?: string | null;
  activityId?: string | null;
  memberId: string;
  /** Only this trainer (a chat message belongs to its room's trainer); else every trainer. */
  trainerId?: string;
  /** The member's message (HTML) of a chat message. */
  message?: string;
  /** The chat room, for the link of a chat message. */
  roomId?: string;
}

const named = (name: string | null) => (name === null ? null : { name });

function toNotification(row: repo.TrainerNotificationRow): TrainerNotification {
  return {
    id: row.id,
    kind: row.kind,
    read: row.read_at !== null,
    created_at: row.created_at.toISOString(),
    notification: { title: row.title, description: row.description },
    additional: {
      program: named(row.program_name),
      topic: named(row.topic_name),
      activity: named(row.activity_name),
    },
    link: row.link,
  };
}

/** Plain text of a message's HTML, cut for a one-line description ('[Gambar]' for an image). */
export function excerpt(html: string, max = 120): string {
  const plain = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  const text = messagePreview(plain, html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function describe(
  event: TrainerNotifyEvent,
  names: Awaited<ReturnType<typeof repo.contextNames>>,
): { title: string; description: string; link: string } {
  const member = names.member ?? 'Peserta';
  const activity = names.activity ?? '';
  switch (event.kind) {
    case 'discussion':
      return {
        title: M.discussionTitle,
        description: M.discussionDescription(member, activity),
        link: trainerNotificationLinks.discussion(
          event.programId,
          event.topicId ?? '',
          event.activityId ?? '',
          activity,
        ),
      };
    case 'chat':
      return {
        title: M.chatTitle,
        description: M.chatDescription(member, excerpt(event.message ?? '')),
        link: trainerNotificationLinks.chat(event.programId, event.roomId),
      };
    case 'work':
      return {
        title: M.workTitle,
        description: M.workDescription(member, activity),
        link: trainerNotificationLinks.work(event.programId),
      };
  }
}

/**
 * A member event in a program: one notification per trainer of the program, delivered live on
 * each trainer's socket and as Web Push to their subscriptions. Called after the event's own
 * write succeeded; it never throws, so a failing notification never fails the member's request.
 * Push runs in the background (dead subscriptions are removed by the sender).
 *
 * A chat message is the exception: its unread count is the mail icon's, so it stores
 * no bell notification and sends none live; only the Web Push goes out, for a closed tab.
 */
export async function notifyTrainers(
  deps: TrainerNotifyDeps,
  event: TrainerNotifyEvent,
): Promise<void> {
  try {
    const topicId = event.topicId ?? null;
    const activityId = event.activityId ?? null;
    const names = await repo.contextNames(deps.db, {
      programId: event.programId,
      topicId,
      activityId,
      memberId: event.memberId,
    });
    const texts = describe(event, names);
    if (event.kind === 'chat') {
      const trainers = (await programTrainerIds(deps.db, event.programId)).filter(
        (id) => !event.trainerId || id === event.trainerId,
      );
      pushAll(
        deps,
        texts,
        trainers.map((userId) => ({ userId, data: { type: 'chat', room_id: event.roomId ?? '' } })),
      );
      return;
    }
    const rows = await repo.insertForProgramTrainers(deps.db, {
      programId: event.programId,
      trainerId: event.trainerId,
      topicId,
      activityId,
      kind: event.kind,
      ...texts,
      memberId: event.memberId,
    });
    for (const row of rows) {
      deps.realtime.emit(
        userTarget(row.user_id),
        'notification.new',
        toNotification({
          id: row.id,
          kind: event.kind,
          ...texts,
          read_at: null,
          created_at: row.created_at,
          program_name: names.program,
          topic_name: names.topic,
          activity_name: names.activity,
        }),
      );
    }
    pushAll(
      deps,
      texts,
      rows.map((row) => ({
        userId: row.user_id,
        data: { type: 'trainer_notification', id: row.id },
      })),
    );
  } catch (err) {
    deps.log.error({ err, event: event.kind }, 'trainer notification failed');
  }
}

/**
 * Stores the bell entry saying one of the user's jobs ended: 'Unduhan siap' with the
 * file name, or 'Unduhan gagal' with the file name and the reason; a click opens 'Unduhan'.
 * Called in the transaction that ends the job, so a job has exactly one; the caller sends the
 * returned notification live (`notification.new`) once that transaction is committed.
 */
export async function recordJobEnded(
  db: DbOrTx,
  job: { userId: string; name: string; status: 'done' | 'failed'; message: string | null },
): Promise<{ userId: string; notification: TrainerNotification }> {
  const texts =
    job.status === 'done'
      ? { title: M.jobDoneTitle, description: M.jobDoneDescription(job.name) }
      : {
          title: M.jobFailedTitle,
          description: M.jobFailedDescription(job.name, job.message ?? ''),
        };
  const row = await repo.insertForUser(db, {
    userId: job.userId,
    kind: 'job',
    ...texts,
    link: trainerNotificationLinks.job(),
  });
  return {
    userId: job.userId,
    notification: toNotification({
      ...row,
      program_name: null,
      topic_name: null,
      activity_name: null,
    }),
  };
}

/** The Web Push of a notification to each recipient, in the background. */
function pushAll(
  deps: TrainerNotifyDeps,
  texts: { title: string; description: string; link: string },
  recipients: { userId: string; data: Record<string, string> }[],
): void {
  void Promise.all(
    recipients.map(({ userId, data }) =>
      deps.push
        .sendToUser(userId, { title: texts.title, body: texts.description, url: texts.link, data })
        .catch((err: unknown) => deps.log.warn({ err, userId }, 'trainer push')),
    ),
  );
}

/** `GET /api/notification/v1/trainer/list`: the signed-in user's own notifications. */
export async function list(
  db: Db,
  userId: string,
  query: TrainerNotificationListQuery,
): Promise<TrainerNotificationList> {
  const { rows, total } = await repo.listForUser(db, userId, {
    page: query.page,
    limit: query.limit,
    dir: query.dir,
    read: query.reads === undefined ? undefined : query.reads === '1',
  });
  return {
    list: rows.map(toNotification),
    limit: query.limit,
    page: query.page,
    total,
    total_data: total,
  };
}

/** `PUT /api/notification/v1/trainer/read/{id}`: someone else's notification is 404. */
export async function markRead(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.markRead(db, userId, id))) throw AppError.notFound();
}
