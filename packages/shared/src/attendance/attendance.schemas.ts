import { z } from 'zod';
import { pagedSchema, sortDirSchema } from '../common/envelope';
import { messages } from '../common/messages';
import { jobStartedSchema } from '../jobs/jobs.schemas';
import {
  attendanceDefaultPageSize,
  attendanceLimits as limits,
  attendanceMessages as M,
  attendanceSortFields,
  attendanceTexts,
} from './attendance.constants';

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const pageField = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number({ error: M.pageInvalid })
    .int({ error: M.pageInvalid })
    .min(1, { error: M.pageInvalid })
    .max(1_000_000, { error: M.pageInvalid })
    .default(1),
);

const programIdField = z.preprocess(
  emptyAsUndefined,
  z.uuid({ error: M.programInvalid }).optional(),
);
const topicIdField = z.preprocess(emptyAsUndefined, z.uuid({ error: M.topicInvalid }).optional());

/** `GET /api/presence/v1/company/list`: always paged; q over member name and phone. */
export const attendanceListQuerySchema = z.object({
  page: pageField,
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: M.limitInvalid })
      .int({ error: M.limitInvalid })
      .min(1, { error: M.limitInvalid })
      .max(limits.maxPage, { error: M.limitInvalid })
      .default(attendanceDefaultPageSize),
  ),
  q: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(limits.search, { error: messages.max(attendanceTexts.search, limits.search) })
      .optional(),
  ),
  sort: z.preprocess(
    emptyAsUndefined,
    z.enum(attendanceSortFields, { error: M.sortInvalid }).default('created_at'),
  ),
  dir: z.preprocess(emptyAsUndefined, sortDirSchema.default('desc')),
  program_id: programIdField,
  topic_id: topicIdField,
});
export type AttendanceListQuery = z.input<typeof attendanceListQuerySchema>;
export type AttendanceListQueryParsed = z.output<typeof attendanceListQuerySchema>;

/** One attendance record (spec 01 §3), with the topic and activity it was for. */
export const attendanceSchema = z.object({
  id: z.uuid(),
  member: z.object({ id: z.uuid(), fullname: z.string(), phone: z.string().nullable() }),
  program: z.object({ id: z.uuid(), title: z.string() }),
  topic: z.object({ id: z.uuid(), name: z.string() }),
  activity: z.object({ id: z.uuid(), name: z.string() }),
  /** The schedule occurrence: `2025-03-03 08:00-10:00` (WIB). */
  schedule_key: z.string(),
  /** Tanggal Absen. */
  created_at: z.string(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

export const attendanceListSchema = pagedSchema(attendanceSchema);
export type AttendanceList = z.infer<typeof attendanceListSchema>;

/** `GET /api/presence/v1/company/export` (spec 01 §7): limit=-1 = all, else `page` of `limit`. */
export const attendanceExportQuerySchema = z.object({
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: M.exportLimitInvalid })
      .int({ error: M.exportLimitInvalid })
      .refine((n) => n === -1 || n > 0, { error: M.exportLimitInvalid })
      .default(-1),
  ),
  page: pageField,
  program_id: programIdField,
  topic_id: topicIdField,
});
/** What a client sends (every field optional; the server applies the defaults). */
export interface AttendanceExportQuery {
  limit?: number;
  page?: number;
  program_id?: string;
  topic_id?: string;
}
export type AttendanceExportQueryParsed = z.output<typeof attendanceExportQuerySchema>;

/**
 * Spec 01 §7: the presence export answers `data.public_url`; past 10,000 rows a job makes the
 * file and `data.job_id` names it.
 */
export const attendanceExportReplySchema = z.union([
  z.object({ public_url: z.string() }),
  jobStartedSchema,
]);
export type AttendanceExportReply = z.infer<typeof attendanceExportReplySchema>;

/** The member's check-in answer: the occurrence attended and the program's new progress. */
export const checkInDataSchema = z.object({
  id: z.uuid(),
  activity_id: z.uuid(),
  schedule: z.object({
    key: z.string(),
    date: z.string(),
    start_time: z.string(),
    end_time: z.string(),
  }),
  created_at: z.string(),
  progress: z.number(),
});
export type CheckInData = z.infer<typeof checkInDataSchema>;
