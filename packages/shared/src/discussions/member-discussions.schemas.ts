import { z } from 'zod';
import { activityParamSchema } from '../members/member-learning.schemas';
import { discussionContentSchema, discussionMessageSchema } from './discussions.schemas';

/**
 * The participant's side of the public thread (Ajar Belajar): posts with their replies,
 * the newest activity first, a page at a time; own posts can be edited and deleted; unread counts
 * per activity and per program.
 */

/** Posts per page of the thread ('Muat lebih banyak' asks for the next page). */
export const memberThreadPageSize = 10;

export const memberThreadQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(memberThreadPageSize),
});
export type MemberThreadQuery = z.output<typeof memberThreadQuerySchema>;

/** A message as the participant sees it: `is_mine` is theirs; `edited` after a change. */
export const memberDiscussionMessageSchema = discussionMessageSchema.extend({
  edited: z.boolean(),
});
export type MemberDiscussionMessage = z.infer<typeof memberDiscussionMessageSchema>;

/** A post (a message without a parent) with every reply below it, oldest reply first. */
export const memberDiscussionPostSchema = memberDiscussionMessageSchema.extend({
  replies: z.array(memberDiscussionMessageSchema),
  /** The newest message of the post or its replies: the thread's order. */
  last_activity_at: z.string(),
});
export type MemberDiscussionPost = z.infer<typeof memberDiscussionPostSchema>;

/** `GET …/discussion/thread`: one page of posts; `total` counts posts. */
export const memberThreadSchema = z.object({
  list: z.array(memberDiscussionPostSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type MemberThread = z.infer<typeof memberThreadSchema>;

export const memberMessageParamSchema = activityParamSchema.extend({
  messageId: z.uuid({ error: 'Pesan tidak ditemukan' }),
});

/** `PUT …/discussion/{messageId}`: the new text of one's own message. */
export const memberDiscussionUpdateBodySchema = z.object({ content: discussionContentSchema });
export type MemberDiscussionUpdateBody = z.input<typeof memberDiscussionUpdateBodySchema>;

/** `GET /api/member/v1/program/{programId}/discussion/unread`. */
export const memberDiscussionUnreadSchema = z.object({
  total_unread: z.number(),
  activities: z.array(z.object({ activity_id: z.uuid(), total_unread: z.number() })),
});
export type MemberDiscussionUnread = z.infer<typeof memberDiscussionUnreadSchema>;

export const memberDiscussionMessages = {
  updated: 'Pesan berhasil diubah',
  read: 'Diskusi sudah dibaca',
} as const;
