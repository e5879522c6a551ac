import { z } from 'zod';
import { exportReplySchema } from '../exports/exports.schemas';
import { attentionLimits, attentionMessages, attentionPageSizes } from './attention.constants';

const days = z.coerce
  .number({ error: attentionMessages.daysInvalid })
  .int({ error: attentionMessages.daysInvalid })
  .min(attentionLimits.minInactiveDays, { error: attentionMessages.daysInvalid })
  .max(attentionLimits.maxInactiveDays, { error: attentionMessages.daysInvalid })
  .default(attentionLimits.defaultInactiveDays);

export const attentionParamsSchema = z.object({
  programId: z.uuid({ error: 'Program tidak valid' }),
});

/** `GET /api/analytics/v1/program/{programId}/attention`: inactivity threshold and page. */
export const attentionQuerySchema = z.object({
  /** Days without activity that flag a participant. */
  days,
  page: z.coerce
    .number({ error: 'page tidak valid' })
    .int({ error: 'page tidak valid' })
    .min(1, { error: 'page tidak valid' })
    .max(1_000_000, { error: 'page tidak valid' })
    .default(1),
  limit: z.coerce
    .number({ error: 'limit tidak valid' })
    .int({ error: 'limit tidak valid' })
    .refine((n) => (attentionPageSizes as readonly number[]).includes(n), {
      error: 'limit tidak valid',
    })
    .default(attentionPageSizes[0]),
});
export type AttentionQuery = z.input<typeof attentionQuerySchema>;
export type AttentionQueryParsed = z.output<typeof attentionQuerySchema>;

export const attentionExportQuerySchema = z.object({ days });
export type AttentionExportQueryParsed = z.output<typeof attentionExportQuerySchema>;

/** Why one participant is listed; at least one reason holds. */
export const attentionReasonsSchema = z.object({
  /** Whole days since their last activity, when that reaches the threshold; else null. */
  inactive_days: z.number().int().min(0).nullable(),
  /** No activity at all yet: the days count from joining the program. */
  never_active: z.boolean(),
  /** Activities past their schedule (or the program's end) and not complete. */
  behind: z.number().int().min(0),
  /** Quizzes not passed with no attempt left, by name. */
  quiz_failed: z.array(z.string()),
});
export type AttentionReasons = z.infer<typeof attentionReasonsSchema>;

export const attentionRowSchema = z.object({
  redeem_id: z.uuid(),
  member_id: z.uuid(),
  fullname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  progress: z.number().int(),
  joined_at: z.string(),
  /** The participant's last own event in the program's learning record; null: none yet. */
  last_activity_at: z.string().nullable(),
  reasons: attentionReasonsSchema,
  /** The last 'Kirim pengingat' to them about this program; null: never. */
  last_reminded_at: z.string().nullable(),
});
export type AttentionRow = z.infer<typeof attentionRowSchema>;

export const attentionListSchema = z.object({
  program: z.object({ id: z.uuid(), title: z.string() }),
  days: z.number().int(),
  list: z.array(attentionRowSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type AttentionList = z.infer<typeof attentionListSchema>;

/** `POST …/attention/remind`: the participants (redemptions of the program) to remind. */
export const attentionRemindBodySchema = z.object({
  redeem_ids: z
    .array(z.uuid({ error: attentionMessages.redeemInvalid }), {
      error: attentionMessages.redeemsRequired,
    })
    .min(1, { error: attentionMessages.redeemsRequired })
    .max(attentionLimits.maxRemind, { error: attentionMessages.redeemsTooMany }),
});
export type AttentionRemindBody = z.infer<typeof attentionRemindBodySchema>;

export const attentionRemindReplySchema = z.object({
  /** Participants a reminder was sent to now. */
  sent: z.number().int(),
  /** Participants skipped: reminded within the quiet minutes. */
  skipped: z.number().int(),
  /** When the reminders were recorded ('Terakhir diingatkan'). */
  reminded_at: z.string(),
});
export type AttentionRemindReply = z.infer<typeof attentionRemindReplySchema>;

export const attentionExportReplySchema = exportReplySchema;
