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
