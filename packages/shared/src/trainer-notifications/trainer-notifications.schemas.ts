import { z } from 'zod';
import { boundedPageQuerySchema, sortDirSchema } from '../common/envelope';
import { trainerNotificationKinds } from './trainer-notifications.constants';

/**
 * `GET /api/notification/v1/trainer/list` (spec 01 §7): `reads=0` only unread, `reads=1` only
 * read, absent both. The bell counts unread with `reads=0&limit=1` and reads `total`: pages are
 * 1–100 entries, never "all" (the entries grow with a program's participants).
 */
export const trainerNotificationListQuerySchema = boundedPageQuerySchema.extend({
  sort_by: z.enum(['created_at'], { error: 'sort_by tidak valid' }).default('created_at'),
  dir: sortDirSchema.default('desc'),
  reads: z.enum(['0', '1'], { error: 'reads harus 0 atau 1' }).optional(),
});
export type TrainerNotificationListQuery = z.output<typeof trainerNotificationListQuerySchema>;

const named = z.object({ name: z.string() }).nullable();

/** One trainer notification (spec 01 §3), plus where a click goes. */
export const trainerNotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(trainerNotificationKinds),
  read: z.boolean(),
  created_at: z.string(),
  notification: z.object({ title: z.string(), description: z.string() }),
  additional: z.object({ program: named, topic: named, activity: named }),
  link: z.string().nullable(),
});
export type TrainerNotification = z.infer<typeof trainerNotificationSchema>;

export const trainerNotificationListSchema = z.object({
  list: z.array(trainerNotificationSchema),
  limit: z.number(),
  page: z.number(),
  total: z.number(),
  total_data: z.number(),
});
export type TrainerNotificationList = z.infer<typeof trainerNotificationListSchema>;
