import { row, S, type MatrixRow } from './authorization-matrix.types';

// 'Analitik Program'. Statuses: anonymous, member, trainer B, trainer A, admin, superadmin.

const why = 'program.view, scoped: another trainer’s program answers 404';

export const programAnalyticsRows: MatrixRow[] = [
  row('GET /api/v1/analytics/program/:programId', S.scoped, why, ({ w }) => ({
    url: `/api/v1/analytics/program/${w.program.id}?education_level=sd`,
  })),
  row('GET /api/v1/analytics/program/:programId/gain', S.scoped, why, ({ w }) => ({
    url: `/api/v1/analytics/program/${w.program.id}/gain?page=1`,
  })),
  row('GET /api/v1/analytics/program/:programId/export', S.scoped, why, ({ w }) => ({
    url: `/api/v1/analytics/program/${w.program.id}/export?section=funnel`,
  })),
];
