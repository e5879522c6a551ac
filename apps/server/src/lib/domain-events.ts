import type { FastifyBaseLogger } from 'fastify';
import type { ReminderKind } from '@ajar/shared/agenda/agenda.constants';

/**
 * What happened in a module that another module reacts to, named `<domain>.<past tense>`, with
 * the facts the reaction needs (ids, and the text or score that was written). Modules publish;
 * the notifications module subscribes (modules/notifications/notification-subscribers.plugin.ts).
 * Payloads are plain data: this file imports no module, so every module can publish.
 */
export interface DomainEventMap {
  /** A chat message stored in a private room, by its member or by staff. */
  'chat.message_sent': {
    sender: 'member' | 'staff';
    roomId: string;
    programId: string;
    memberId: string;
    trainerId: string;
    topicId: string | null;
    activityId: string | null;
    /** The stored message (sanitized HTML). */
    html: string;
  };
  /** A member's post or reply in an activity's public thread. */
  'discussion.member_posted': {
    programId: string;
    topicId: string;
    activityId: string;
    memberId: string;
  };
  /** A staff reply to a member's message in an activity's thread. */
  'discussion.replied': {
    programId: string;
    activityId: string;
    activityName: string;
    /** The member whose message was answered. */
    memberId: string;
    /** The reply (HTML). */
    html: string;
  };
  /** A member uploaded practice work, waiting for grading. */
  'work.submitted': {
    programId: string;
    topicId: string;
    activityId: string;
    memberId: string;
  };
  /** Staff gave (or changed) the score and response on a member's activity. */
  'work.graded': {
    programId: string;
    activityId: string;
    activityName: string;
    memberId: string;
    score: number;
  };
  /** Staff reminded a participant from 'Perlu perhatian' (already in the audit trail). */
  'attention.reminded': {
    programId: string;
    programTitle: string;
    memberId: string;
  };
  /** A reminder (meeting start, check-in closing, deadline) fell due and was claimed once. */
  'agenda.reminder_due': {
    kind: ReminderKind;
    programId: string;
    activityId: string;
    activityName: string;
    memberId: string;
    /** When the meeting starts, the check-in closes or the work is due. */
    at: Date;
  };
}

export type DomainEventName = keyof DomainEventMap;

export type DomainEventHandler<N extends DomainEventName> = (
  payload: DomainEventMap[N],
) => Promise<void> | void;

/** What a service needs to announce an event (docs/decisions.md, "Domain events"). */
export interface DomainEventPublisher {
  /**
   * Runs every handler of the event, in the order they subscribed, and resolves when all ran.
   * Call it after the change's transaction committed, never inside it. It never rejects: a
   * failing handler is logged, and the request that made the change still succeeds.
   */
  publish<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): Promise<void>;
}

export interface DomainEvents extends DomainEventPublisher {
  subscribe<N extends DomainEventName>(name: N, handler: DomainEventHandler<N>): void;
}

/** An event bus in this process; every server has its own, with the same subscribers. */
export function createDomainEvents(log: Pick<FastifyBaseLogger, 'error'>): DomainEvents {
  const handlers = new Map<DomainEventName, DomainEventHandler<never>[]>();
  return {
    subscribe(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as DomainEventHandler<never>]);
    },
    async publish(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await (handler as DomainEventHandler<typeof name>)(payload);
        } catch (err) {
          log.error({ err, event: name }, 'domain event handler failed');
        }
      }
    },
  };
}
