import { z } from 'zod';
import { pageQuerySchema } from '../common/envelope';
import { jobKinds, jobStatuses } from './jobs.constants';

/** `GET /api/job/v1/list`: the signed-in user's own jobs, newest first. */
export const jobListQuerySchema = pageQuerySchema;

/** A job as `GET /api/job/v1/detail/{id}` answers it (and each row of the list). */
export const jobSchema = z.object({
  id: z.uuid(),
  kind: z.enum(jobKinds),
  /** What the list shows: the file's name. */
  name: z.string(),
  status: z.enum(jobStatuses),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** Why it failed (Indonesian, for the user); null otherwise. */
  message: z.string().nullable(),
  /**
   * A fresh, single-use download link of the file while the job is done and its file kept (the
   * detail only; null in the list and in every other state).
   */
  public_url: z.string().nullable(),
  created_at: z.string(),
  /** When its current attempt began running (a retry starts again); null while first queued. */
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({
  list: z.array(jobSchema),
  limit: z.number(),
  page: z.number(),
  total: z.number(),
  total_data: z.number(),
});
export type JobList = z.infer<typeof jobListSchema>;

/** What a route that starts a job answers. */
export const jobStartedSchema = z.object({ job_id: z.uuid() });
export type JobStarted = z.infer<typeof jobStartedSchema>;
