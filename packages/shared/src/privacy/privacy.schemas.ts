import { z } from 'zod';
import {
  memberExportStatuses,
  privacyNoticeMaxLength,
  privacyNoticeMessages,
} from './privacy.constants';

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

/** One version of the privacy notice, as anyone may read it. */
export const privacyNoticeSchema = z.object({
  version: z.number().int(),
  content: z.string(),
  created_at: z.string(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** The notice's versions, newest first, for the back office. */
export const privacyNoticeVersionSchema = z.object({
  version: z.number().int(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export const privacyNoticeAdminSchema = z.object({
  current: privacyNoticeSchema.nullable(),
  versions: z.array(privacyNoticeVersionSchema),
});
export type PrivacyNoticeAdmin = z.infer<typeof privacyNoticeAdminSchema>;

export const privacyNoticeBodySchema = z.object({
  content: z
    .string({ error: privacyNoticeMessages.contentRequired })
    .trim()
    .min(1, { error: privacyNoticeMessages.contentRequired })
    .max(privacyNoticeMaxLength, { error: privacyNoticeMessages.contentTooLong }),
});
export type PrivacyNoticeBody = z.input<typeof privacyNoticeBodySchema>;

export const privacyNoticeVersionParamSchema = z.object({
  version: z.coerce
    .number({ error: privacyNoticeMessages.versionInvalid })
    .int({ error: privacyNoticeMessages.versionInvalid })
    .min(1, { error: privacyNoticeMessages.versionInvalid })
    .max(1_000_000, { error: privacyNoticeMessages.versionInvalid }),
});

/** Whether the member must agree to the current notice, and that notice. */
export const memberConsentStatusSchema = z.object({
  required: z.boolean(),
  notice: privacyNoticeSchema.nullable(),
});
export type MemberConsentStatus = z.infer<typeof memberConsentStatusSchema>;

/** 'Setuju': the version the member read (a newer one published meanwhile is 409). */
export const memberConsentBodySchema = z.object({
  version: privacyNoticeVersionParamSchema.shape.version,
});
export type MemberConsentBody = z.input<typeof memberConsentBodySchema>;
