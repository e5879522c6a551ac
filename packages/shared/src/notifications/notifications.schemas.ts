import { z } from 'zod';
import { pageQuerySchema } from '../common/envelope';
import { messages } from '../common/messages';
import {
  notificationFieldLabels as L,
  notificationFieldLimits as limits,
  memberNotificationTypes,
  notificationMessages,
  notificationTypes,
} from './notifications.constants';

/** An empty form field (or JSON null) means "not given". */
const emptyAsUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const progressField = (label: string, fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: messages.number(label) })
      .int({ error: messages.number(label) })
      .min(0, { error: messages.numberMin(label, 0) })
      .max(100, { error: messages.numberMax(label, 100) })
      .default(fallback),
  );

/** The target and progress range, shared by the create body and the recipient count. */
const targetShape = {
  /** Absent or null: every participant ('Semua user'). */
  program_id: z.preprocess(
    emptyAsUndefined,
    z.uuid({ error: messages.required(L.program) }).optional(),
  ),
  progress_start: progressField(L.progressStart, 0),
  progress_end: progressField(L.progressEnd, 100),
};

const progressOrder = <T extends { progress_start: number; progress_end: number }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.progress_start > value.progress_end) {
    ctx.addIssue({
      code: 'custom',
      path: ['progress_end'],
      message: notificationMessages.progressOrder,
    });
  }
};

/** Body of `POST /api/notification/v1/create` (spec 01 §7). */
export const notificationCreateBodySchema = z
  .object({
    ...targetShape,
    title: z
      .string({ error: messages.required(L.title) })
      .trim()
      .min(1, { error: messages.required(L.title) })
      .max(limits.title, { error: messages.max(L.title, limits.title) }),
    message: z
      .string({ error: messages.required(L.message) })
      .trim()
      .min(1, { error: messages.required(L.message) })
      .max(limits.message, { error: messages.max(L.message, limits.message) }),
    link: z.preprocess(
      emptyAsUndefined,
      z
        .string({ error: notificationMessages.invalidLink })
        .trim()
        .max(limits.link, { error: messages.max(L.link, limits.link) })
        .refine((u) => /^https?:\/\/[^\s]+$/i.test(u) && URL.canParse(u), {
          error: notificationMessages.invalidLink,
        })
        .optional(),
    ),
  })
  .superRefine(progressOrder);
export type NotificationCreateBody = z.input<typeof notificationCreateBodySchema>;
export type NotificationCreateBodyParsed = z.output<typeof notificationCreateBodySchema>;

/** `GET /api/notification/v1/recipients`: how many members a target reaches, before sending. */
export const notificationRecipientsQuerySchema = z.object(targetShape).superRefine(progressOrder);
export type NotificationRecipientsQuery = z.input<typeof notificationRecipientsQuerySchema>;
/** The parsed target (program, range) the count is asked for. */
export type NotificationRecipientsTarget = z.output<typeof notificationRecipientsQuerySchema>;

export const notificationRecipientsSchema = z.object({ recipients: z.number().int() });
export type NotificationRecipients = z.infer<typeof notificationRecipientsSchema>;

export const notificationCreatedSchema = z.object({
  id: z.uuid(),
  recipients: z.number().int(),
});
export type NotificationCreated = z.infer<typeof notificationCreatedSchema>;

/** `GET /api/notification/v1/list` (page, limit). */
export const notificationListQuerySchema = pageQuerySchema;
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** A sent notification record (spec 01 §3), with its delivery counts. */
export const sentNotificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(notificationTypes),
  program: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  progress: z.object({ progress_start: z.number().int(), progress_end: z.number().int() }),
  created_at: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  /** Members who got the in-app notification. */
  recipients: z.number().int(),
  /** Web Push messages accepted by the push services so far. */
  delivered: z.number().int(),
  /** 'pending' | 'sending' | 'done': where the push fan-out is. */
  push_state: z.string(),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;

export const sentNotificationListSchema = z.object({
  list: z.array(sentNotificationSchema),
  limit: z.number(),
  page: z.number(),
  total: z.number(),
  total_data: z.number(),
});
export type SentNotificationList = z.infer<typeof sentNotificationListSchema>;

/** `GET /api/member/v1/notification/list`: the member's own, newest first. */
export const memberNotificationListQuerySchema = pageQuerySchema;

export const memberNotificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(memberNotificationTypes),
  program: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type MemberNotification = z.infer<typeof memberNotificationSchema>;

export const memberNotificationListSchema = z.object({
  list: z.array(memberNotificationSchema),
  limit: z.number(),
  page: z.number(),
  total: z.number(),
  total_data: z.number(),
  total_unread: z.number(),
});
export type MemberNotificationList = z.infer<typeof memberNotificationListSchema>;
