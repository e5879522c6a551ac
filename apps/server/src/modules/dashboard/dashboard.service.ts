import { can } from '@ajar/shared/common/roles';
import {
  dashboardLatestPrograms,
  dashboardLearningPrograms,
  dashboardRedeemDays,
  dashboardTimeZone,
  dashboardTopResellers,
} from '@ajar/shared/dashboard/dashboard.constants';
import type { DashboardSummary } from '@ajar/shared/dashboard/dashboard.schemas';
import type { Db } from '../../db/client';
import * as repo from './dashboard.repository';
import { learningFigures, type LearningFiguresRow } from './dashboard-learning.repository';
import { assignedScope, type Viewer } from '../access/access.service';

/**
 * `GET /api/dashboard/v1/summary`: the counts of the dashboard, each computed by the database
 * (five statements whatever the amount of data). Staff count every program; a trainer only the
 * programs they are assigned to, with those programs' topics, activities, redeems, attendance,
 * waiting work and discussions. Resellers are not a trainer's business (no
 * `reseller.manage`), so they get no reseller list or reseller redeem count.
 */
export async function getSummary(db: Db, viewer: Viewer): Promise<DashboardSummary> {
  const scope: repo.DashboardScope = { assignedUserId: assignedScope(viewer) };
  const showResellers = can(viewer.role, 'reseller.manage');
  const [totals, byType, perDay, resellers, latest, learning] = await Promise.all([
    repo.countTotals(db, scope, { viewerId: viewer.id, timeZone: dashboardTimeZone }),
    repo.countActivitiesByType(db, scope),
    repo.countRedeemsPerDay(db, scope, dashboardRedeemDays, dashboardTimeZone),
    showResellers ? repo.topResellers(db, scope, dashboardTopResellers) : null,
    repo.latestPrograms(db, scope, dashboardLatestPrograms),
    learningFigures(db, scope.assignedUserId, dashboardLearningPrograms),
  ]);
  return {
    scope: scope.assignedUserId ? 'assigned' : 'all',
    programs: {
      total: totals.programs,
      draft: totals.draft,
      publish: totals.publish,
      archive: totals.archive,
    },
    topics: totals.topics,
    activities: { total: totals.activities, by_type: byType },
    participants: totals.participants,
    completions: totals.completions,
    attendance_today: totals.attendance_today,
    waiting_feedback: totals.waiting_feedback,
    unread_discussions: totals.unread_discussions,
    reseller_redeems: showResellers ? totals.reseller_redeems : null,
    redeems: {
      total: totals.redeems,
      last_30_days: perDay.reduce((sum, day) => sum + day.total, 0),
      per_day: perDay,
    },
    top_resellers: resellers,
    latest_programs: latest.map((p) => ({
      ...p,
      total_participants: Number(p.total_participants),
      updated_at: p.updated_at.toISOString(),
    })),
    learning: learningSummary(learning),
  };
}

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

function figures(row: LearningFiguresRow) {
  return {
    active_this_week: row.active_this_week,
    completions: row.completions,
    certificates: row.certificates,
    median_completion_days: round1(row.median_completion_days),
    average_gain: round1(row.average_gain),
    gain_participants: row.gain_participants,
  };
}

/** The total row (no program) and the programs' rows, as the summary answers them. */
function learningSummary(rows: LearningFiguresRow[]): DashboardSummary['learning'] {
  const total = rows.find((r) => r.id === null);
  const zero: LearningFiguresRow = {
    id: null,
    title: null,
    active_this_week: 0,
    completions: 0,
    certificates: 0,
    median_completion_days: null,
    average_gain: null,
    gain_participants: 0,
    flagged: 0,
  };
  return {
    totals: { ...figures(total ?? zero), flagged_programs: (total ?? zero).flagged },
    programs: rows.flatMap((r) =>
      r.id === null
        ? []
        : [{ id: r.id, title: r.title ?? '', ...figures(r), flagged_questions: r.flagged }],
    ),
  };
}
