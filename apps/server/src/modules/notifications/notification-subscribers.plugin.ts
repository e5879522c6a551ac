import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reminderTexts } from '@ajar/shared/agenda/agenda.constants';
import { attentionReminderTexts } from '@ajar/shared/analytics/attention.constants';
import { formatEventTime } from '@ajar/shared/common/datetime';
import {
  learnerLinks,
  personalNotificationTexts,
} from '@ajar/shared/notifications/notifications.constants';
import { memberTarget } from '@ajar/shared/realtime';
import type { DomainEventMap, DomainEvents } from '../../lib/domain-events';
import type { Realtime } from '../../plugins/realtime';
import {
  excerpt,
  notifyTrainers,
  type TrainerNotifyDeps,
} from '../trainer-notifications/trainer-notifications.service';
import { notifyMember, type MemberNotifyDeps } from './notifications.service';

const reminderTitle: Record<DomainEventMap['agenda.reminder_due']['kind'], string> = {
  meeting_start: reminderTexts.meetingStartTitle,
  checkin_close: reminderTexts.checkinCloseTitle,
  deadline: reminderTexts.deadlineTitle,
};

/**
 * Who hears of what: the program's trainers of a member's chat message, discussion post and
 * practice work (the bell, live and by Web Push); the member of a staff reply, a score, a chat
 * message while away from the app, and a reminder (the app's list and Web Push).
 */
export function subscribeNotifications(
  events: Pick<DomainEvents, 'subscribe'>,
  deps: TrainerNotifyDeps & MemberNotifyDeps & { realtime: Realtime },
): void {
  events.subscribe('chat.message_sent', async (sent) => {
    if (sent.sender === 'member') {
      await notifyTrainers(deps, {
        kind: 'chat',
        programId: sent.programId,
        topicId: sent.topicId,
        activityId: sent.activityId,
        memberId: sent.memberId,
        trainerId: sent.trainerId,
        message: sent.html,
        roomId: sent.roomId,
      });
      return;
    }
    // A member with a socket open sees the message live and gets no notification.
    if ((await deps.realtime.countSockets(memberTarget(sent.memberId))) > 0) return;
    await notifyMember(deps, {
      memberId: sent.memberId,
      programId: sent.programId,
      title: personalNotificationTexts.chatTitle,
      message: excerpt(sent.html),
      link: learnerLinks.chat(sent.programId),
    });
  });

  events.subscribe('discussion.member_posted', (posted) =>
    notifyTrainers(deps, { kind: 'discussion', ...posted }),
  );

  events.subscribe('discussion.replied', (reply) =>
    notifyMember(deps, {
      memberId: reply.memberId,
      programId: reply.programId,
      title: personalNotificationTexts.discussionReplyTitle,
      message: personalNotificationTexts.discussionReply(reply.activityName, excerpt(reply.html)),
      link: learnerLinks.activity(reply.programId, reply.activityId),
    }),
  );

  events.subscribe('work.submitted', (work) => notifyTrainers(deps, { kind: 'work', ...work }));

  events.subscribe('work.graded', async (graded) => {
    // The participant's open app shows the score at once (the work's screen reloads on it).
    deps.realtime.emit(memberTarget(graded.memberId), 'activity.feedback', {
      program_id: graded.programId,
      activity_id: graded.activityId,
    });
    await notifyMember(deps, {
      memberId: graded.memberId,
      programId: graded.programId,
      title: personalNotificationTexts.feedbackTitle,
      message: personalNotificationTexts.feedback(graded.activityName, graded.score),
      link: learnerLinks.activity(graded.programId, graded.activityId),
    });
  });

  events.subscribe('attention.reminded', (reminded) =>
    notifyMember(deps, {
      memberId: reminded.memberId,
      programId: reminded.programId,
      title: attentionReminderTexts.title,
      message: attentionReminderTexts.message(reminded.programTitle),
      link: learnerLinks.program(reminded.programId),
    }),
  );

  events.subscribe('agenda.reminder_due', (due) =>
    notifyMember(deps, {
      memberId: due.memberId,
      programId: due.programId,
      title: reminderTitle[due.kind],
      message: reminderTexts.message(due.activityName, formatEventTime(due.at)),
      link: learnerLinks.activity(due.programId, due.activityId),
    }),
  );
}

/** The notifications module's subscriptions, on the app's bus. */
export const notificationSubscribersPlugin = fp(
  async (app: FastifyInstance) => {
    subscribeNotifications(app.events, {
      db: app.db,
      realtime: app.realtime,
      push: app.push,
      participantPush: app.participantPush,
      log: app.log,
    });
  },
  {
    name: 'notification-subscribers',
    dependencies: ['database', 'domain-events', 'realtime', 'push', 'participant-push'],
  },
);
