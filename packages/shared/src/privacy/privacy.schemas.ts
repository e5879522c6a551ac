import { z } from 'zod';
import { memberExportStatuses } from './privacy.constants';

/** The participant's latest data export ('Unduh data saya'); null when never asked. */
export const memberDataExportSchema = z.object({
  id: z.string(),
  status: z.enum(memberExportStatuses),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  /** Whether the file can still be downloaded (done, not downloaded, not expired). */
  downloadable: z.boolean(),
  downloaded_at: z.string().nullable(),
});
export type MemberDataExport = z.infer<typeof memberDataExportSchema>;

export const deletionRequestBodySchema = z.object({
  password: z.string({ error: 'Password wajib diisi' }).min(1, { error: 'Password wajib diisi' }),
});
export type DeletionRequestBody = z.infer<typeof deletionRequestBodySchema>;

/** The member's own pending request to erase the account, or null. */
export const memberDeletionRequestSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'erased', 'cancelled']),
  created_at: z.string(),
  due_at: z.string(),
});
export type MemberDeletionRequest = z.infer<typeof memberDeletionRequestSchema>;

/** A request as staff see it in the back office list. */
export const staffDeletionRequestSchema = memberDeletionRequestSchema.extend({
  member_id: z.string(),
  fullname: z.string(),
  email: z.string(),
  erased_at: z.string().nullable(),
});
export type StaffDeletionRequest = z.infer<typeof staffDeletionRequestSchema>;

export const deletionRequestListQuerySchema = z.object({
  status: z.enum(['pending', 'erased', 'cancelled']).default('pending'),
});
export const staffDeletionRequestListSchema = z.object({
  list: z.array(staffDeletionRequestSchema),
});
export type StaffDeletionRequestList = z.infer<typeof staffDeletionRequestListSchema>;
