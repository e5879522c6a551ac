import { z } from 'zod';
import { programStatuses } from '../programs/programs.constants';

const count = z.number().int().min(0);

/** Programs in the viewer's scope, per status. */
export const dashboardProgramCountsSchema = z.object({
  total: count,
  draft: count,
  publish: count,
  archive: count,
});

/** One bar of the redeem chart: a day (`YYYY-MM-DD`, WIB) and its redeems. */
export const dashboardRedeemDaySchema = z.object({
  date: z.iso.date(),
  total: count,
});

export const dashboardResellerSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  referral_code: z.string(),
  /** Redeems of the viewer's programs made through this reseller, all time. */
  total: count,
});

export const dashboardProgramSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(programStatuses),
  total_participants: count,
  updated_at: z.string(),
});

const learningFigures = {
  /** Participants with an own event in the learning record in the last 7 days. */
  active_this_week: count,
  /** Redemptions finished (progress 100 or the final test ended). */
  completions: count,
  /** Certificates in force (`valid`). */
  certificates: count,
  /** Median days from joining to finishing, over finished participants; null: none finished. */
  median_completion_days: z.number().nullable(),
  /** Mean of (best post-test − best pre-test) over participants with both; null: none. */
  average_gain: z.number().nullable(),
  /** Participants the gain is the mean over. */
  gain_participants: count,
};

/** One program's learning figures (the dashboard links each to the program). */
export const dashboardLearningProgramSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  ...learningFigures,
  /** Its flagged questions (docs/decisions.md, "The provider dashboard's learning figures"). */
  flagged_questions: count,
});

/** The learning figures over the viewer's programs, and the most active programs'. */
export const dashboardLearningSchema = z.object({
  totals: z.object({
    ...learningFigures,
    /** Programs with at least one flagged question. */
    flagged_programs: count,
  }),
  /** Up to 10 programs, most active this week first. */
  programs: z.array(dashboardLearningProgramSchema),
});

/**
 * `GET /api/dashboard/v1/summary`: what exists so far, counted by the database. Every number is
 * limited to the viewer's programs (a trainer: the programs they are assigned to).
 */
export const dashboardSummarySchema = z.object({
  /** `all` for staff who see every program, `assigned` for a trainer. */
  scope: z.enum(['all', 'assigned']),
  programs: dashboardProgramCountsSchema,
  /** Topics of those programs. */
  topics: count,
  activities: z.object({
    total: count,
    /** Most frequent type first. */
    by_type: z.array(z.object({ type: z.string(), total: count })),
  }),
  /** Distinct members with at least one redeem of those programs. */
  participants: count,
  /** Redeems of those programs that are finished: progress 100 or the final test ended. */
  completions: count,
  /** Check-ins ('presensi') to those programs' meetings made today (WIB). */
  attendance_today: count,
  /** Practice work uploaded to those programs and still waiting for feedback. */
  waiting_feedback: count,
  /** Member messages of those programs' public discussions the viewer has not read yet. */
  unread_discussions: count,
  /**
   * Redeems of those programs made through a reseller (all time); null for a viewer without the
   * reseller permission, like `top_resellers`.
   */
  reseller_redeems: count.nullable(),
  redeems: z.object({
    /** All redeems of those programs. */
    total: count,
    /** Redeems of the last 30 days (the sum of `per_day`). */
    last_30_days: count,
    /** Today (WIB) and the 29 days before it, oldest first, one entry per day. */
    per_day: z.array(dashboardRedeemDaySchema),
  }),
  /**
   * Top 5 resellers by redeems of those programs; null for a viewer without the reseller
   * permission (DESIGN §4: resellers are not a trainer's business).
   */
  top_resellers: z.array(dashboardResellerSchema).nullable(),
  /** The 5 programs updated most recently. */
  latest_programs: z.array(dashboardProgramSchema),
  learning: dashboardLearningSchema,
});

export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export type DashboardRedeemDay = z.infer<typeof dashboardRedeemDaySchema>;
export type DashboardReseller = z.infer<typeof dashboardResellerSchema>;
export type DashboardProgram = z.infer<typeof dashboardProgramSchema>;
export type DashboardLearning = z.infer<typeof dashboardLearningSchema>;
export type DashboardLearningProgram = z.infer<typeof dashboardLearningProgramSchema>;
