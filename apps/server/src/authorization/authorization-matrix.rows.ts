import { contentRows } from './authorization-matrix.table';
import { attentionRows } from './authorization-matrix.table-attention';
import { memberRows } from './authorization-matrix.table-member';
import { programAnalyticsRows } from './authorization-matrix.table-program-analytics';
import { peopleRows } from './authorization-matrix.table-people';
import { quizRows } from './authorization-matrix.table-quiz';
import type { MatrixRow } from './authorization-matrix.types';

/** Every row of the authorization matrix (the table is split by domain to stay readable). */
export const matrixRows: MatrixRow[] = [
  ...contentRows,
  ...quizRows,
  ...peopleRows,
  ...memberRows,
  ...attentionRows,
  ...programAnalyticsRows,
];
