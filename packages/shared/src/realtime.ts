import { z } from 'zod';
import { chatMessageSchema } from './chat/chat.schemas';
import { jobSchema } from './jobs/jobs.schemas';
import { trainerNotificationSchema } from './trainer-notifications/trainer-notifications.schemas';

/**
 * Every Socket.IO event: one map of `<domain>.<event>` → payload schema, used by
 * the server's emitter, the web client and the tests' socket clients.
 */
export const realtimeEvents = {
  /** A new message in a room the receiver belongs to. */
  'chat.message': chatMessageSchema,
  /** A room of the receiver changed (new room, new message, read): lists refetch. */
  'chat.rooms_changed': z.object({ room_id: z.string(), program_id: z.string() }),
  /** The receiver's own unread total of private discussion. */
  'chat.unread': z.object({ total_unread: z.number() }),
  /** A member's online state (active within the last hour). */
  'chat.presence': z.object({ member_id: z.string(), online: z.boolean() }),
  /** The trainer of the receiver's rooms connected (online) or left (offline), for members. */
  'chat.trainer_presence': z.object({ trainer_id: z.string(), online: z.boolean() }),
  /** The other side of a room read it up to `read_at` (the sender's read marks). */
  'chat.read': z.object({
    room_id: z.string(),
    reader: z.enum(['member', 'staff']),
    read_at: z.string(),
  }),
  /**
   * Posts or replies arrived in the public thread of an activity of a program the member is in
   * (gathered over a short window): the app adds `new_messages` to that thread's unread count in
   * its cache, without a request.
   */
  'discussion.unread_changed': z.object({
    program_id: z.string(),
    activity_id: z.string(),
    new_messages: z.number().int().positive(),
  }),
  /** A new trainer notification for the receiver (the bell's live pop-up). */
  'notification.new': trainerNotificationSchema,
  /**
   * A new notification for the receiving member (a reminder, a response, a staff send): the bell
   * and 'Notifikasi' reload. The program it is about, none for a send to everyone.
   */
  'member_notification.new': z.object({ program_id: z.string().nullable() }),
  /**
   * The trainer scored or answered the receiving member's work on an activity: the activity, its
   * program's progress and 'Nilai' reload.
   */
  'activity.feedback': z.object({ program_id: z.string(), activity_id: z.string() }),
  /** One of the receiver's jobs moved (progress, done, failed): 'Unduhan' updates. */
  'job.progress': jobSchema,
} as const;

export type RealtimeEventName = keyof typeof realtimeEvents;
export type RealtimePayload<E extends RealtimeEventName> = z.infer<(typeof realtimeEvents)[E]>;

/** Socket.IO's typed server→client map derived from the schemas. */
export type ServerToClientEvents = {
  [E in RealtimeEventName]: (payload: RealtimePayload<E>) => void;
};

export { realtimePath } from './realtime.constants';

/**
 * Socket.IO rooms: one per staff user, one per member, and one for the staff who see every
 * private room (admin, superadmin).
 */
export type RealtimeTarget = `user:${string}` | `member:${string}` | 'staff:all';
export const userTarget = (id: string): RealtimeTarget => `user:${id}`;
export const memberTarget = (id: string): RealtimeTarget => `member:${id}`;
export const allStaffTarget: RealtimeTarget = 'staff:all';
