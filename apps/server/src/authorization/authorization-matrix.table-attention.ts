import { row, S, type MatrixRow } from './authorization-matrix.types';

// 'Perlu perhatian' of a program. Statuses: anonymous, member, trainer B, trainer A, admin,
// superadmin.

const base = (programId: string) => `/api/analytics/v1/program/${programId}/attention`;

export const attentionRows: MatrixRow[] = [
  row(
    'GET /api/analytics/v1/program/:programId/attention',
    S.scoped,
    "program.view, scoped: another trainer's program is 404",
    ({ w }) => ({ url: `${base(w.program.id)}?days=1` }),
  ),
  row(
    'GET /api/analytics/v1/program/:programId/attention/export',
    S.scoped,
    'program.view, scoped',
    ({ w }) => ({ url: `${base(w.program.id)}/export?days=1` }),
  ),
  row(
    'POST /api/analytics/v1/program/:programId/attention/remind',
    S.scoped,
    'grade.manage, scoped (a repeat within the quiet minutes is skipped, still 200)',
    ({ w }) => ({ url: `${base(w.program.id)}/remind`, payload: { redeem_ids: [w.redeemId] } }),
  ),
];
