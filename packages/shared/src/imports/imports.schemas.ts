import { z } from 'zod';

/** One row's result (spec 01 §3 'Import result row'), plus the sheet row it came from. */
export const importResultRowSchema = z.object({
  /** Sheet row number (1-based, as Excel shows it), so a user can find the line. */
  row: z.number().int(),
  license: z.string(),
  /** The activity number as read: a number, or the text typed when it was not one. */
  activity_number: z.union([z.number(), z.string()]).nullable(),
  status: z.boolean(),
  message: z.string(),
  /**
   * A saved row that deserves a look: the score is stored, but the participant never
   * did the activity (no completion and no uploaded work).
   */
  warning: z.string().optional(),
});
export type ImportResultRow = z.infer<typeof importResultRowSchema>;

/** `data` of the import reply: one result per non-empty data row, in sheet order. */
export const importResultSchema = z.array(importResultRowSchema);
export type ImportResult = z.infer<typeof importResultSchema>;
