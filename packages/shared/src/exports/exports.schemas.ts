import { z } from 'zod';
import { messages } from '../common/messages';
import {
  exportFieldLabels as L,
  exportLimits,
  exportMessages,
  exportSortFields,
  type ExportSortField,
} from './exports.constants';
import { isCalendarDate, latestExportDate } from './exports.rules';

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A `YYYY-MM-DD` day of the dialog, 1950-01-01..today (spec 01 §5). */
const dateQuery = (field: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string({ error: exportMessages.dateInvalid(field) })
      .superRefine((value, ctx) => {
        if (!isCalendarDate(value)) {
          ctx.addIssue({ code: 'custom', message: exportMessages.dateInvalid(field) });
        } else if (value < exportLimits.minDate) {
          ctx.addIssue({ code: 'custom', message: exportMessages.dateBeforeMin(field) });
        } else if (value > latestExportDate()) {
          ctx.addIssue({ code: 'custom', message: exportMessages.dateAfterToday(field) });
        }
      })
      .optional(),
  );

const progressQuery = (field: string, fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: exportMessages.progressRange(field) })
      .int({ error: exportMessages.progressRange(field) })
      .min(exportLimits.progressMin, { error: exportMessages.progressRange(field) })
      .max(exportLimits.progressMax, { error: exportMessages.progressRange(field) })
      .default(fallback),
  );

const sortQuery = z.enum(exportSortFields, { error: exportMessages.sortInvalid });

/**
 * Query of `POST /api/users/v1/export/member_redeem(_epm)` and `GET …/member_redeem/{programId}`
 * (spec 01 §7). `range_date_type` picks the date the range filters on; absent, it is `sort`.
 */
export const memberRedeemExportQuerySchema = z
  .object({
    sort: z.preprocess(emptyAsUndefined, sortQuery.default('created_at')),
    range_date_type: z.preprocess(emptyAsUndefined, sortQuery.optional()),
    /** -1 = every matching participant (spec 01 §9); a positive number caps the rows. */
    limit: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: exportMessages.limitInvalid })
        .int({ error: exportMessages.limitInvalid })
        .refine((n) => n === -1 || n > 0, { error: exportMessages.limitInvalid })
        .default(-1),
    ),
    progress_start: progressQuery(L.progressStart, exportLimits.progressMin),
    progress_end: progressQuery(L.progressEnd, exportLimits.progressMax),
    start_date: dateQuery(L.startDate),
    end_date: dateQuery(L.endDate),
  })
  .superRefine((query, ctx) => {
    if (query.progress_start > query.progress_end) {
      ctx.addIssue({
        code: 'custom',
        path: ['progress_start'],
        message: exportMessages.progressOrder,
      });
    }
    if (query.start_date && query.end_date && query.start_date > query.end_date) {
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: exportMessages.dateOrder });
    }
  });
/** What a client sends (every field optional; the server applies the defaults). */
export interface MemberRedeemExportQuery {
  sort?: ExportSortField;
  range_date_type?: ExportSortField;
  limit?: number;
  progress_start?: number;
  progress_end?: number;
  start_date?: string;
  end_date?: string;
}
export type MemberRedeemExportQueryParsed = z.output<typeof memberRedeemExportQuerySchema>;

/** Body of the POST exports: the programs to export (at least one). */
export const memberRedeemExportBodySchema = z.object(
  {
    id: z
      .array(z.uuid({ error: exportMessages.programInvalid }), {
        error: messages.required(L.programs),
      })
      .min(1, { error: messages.required(L.programs) })
      .max(exportLimits.programs, { error: exportMessages.tooManyPrograms }),
  },
  { error: messages.required(L.programs) },
);
export type MemberRedeemExportBody = z.infer<typeof memberRedeemExportBodySchema>;

/** `GET /api/users/v1/export/member_redeem/{programId}`. */
export const programExportParamsSchema = z.object({
  programId: z.uuid({ error: exportMessages.programInvalid }),
});

/** Every export answers a short-lived download link. */
/**
 * An export's reply: the link of the file (`public_url`), or, past `exportJobThreshold` rows, the
 * job that makes it (`job_id`; followed in 'Unduhan').
 */
export const exportReplySchema = z.union([
  z.object({ public_url: z.string() }),
  z.object({ job_id: z.uuid() }),
]);
export type ExportReply = z.infer<typeof exportReplySchema>;
