import type { FastifyPluginAsync } from 'fastify';
import { questionStatsMessages } from '@ajar/shared/analytics/question-stats.rules';
import {
  questionStatsExportSchema,
  questionStatsParamsSchema,
  questionStatsQuerySchema,
  questionStatsSchema,
} from '@ajar/shared/analytics/question-stats.schemas';
import { staffRoute } from '../../lib/route';
import { exportQuestionStats } from './question-stats.export';
import { questionStats } from './question-stats.service';

const tags = ['analytics'];
const base = '/api/v1/analytics/question-stats/:program/:topic/:activity';

/**
 * 'Statistik Soal' of a quiz-type activity: for staff who may see its program (a trainer of
 * another program gets 404), as JSON and as an .xlsx of the per-question table.
 */
export const questionStatsRoutes: FastifyPluginAsync = async (app) => {
  staffRoute(app, {
    method: 'GET',
    url: base,
    permission: 'program.view',
    tags,
    summary: "Question statistics of a quiz-type activity's submitted attempts",
    description:
      'first_attempt=1 keeps first attempts only; from/to (YYYY-MM-DD, WIB) filter the day of ' +
      'submission, both included.',
    params: questionStatsParamsSchema,
    query: questionStatsQuerySchema,
    data: questionStatsSchema,
    handler: ({ user, params, query }) => questionStats(app.db, user, params, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/xlsx`,
    permission: 'program.view',
    tags,
    summary: 'The per-question table as .xlsx (a short-lived download link)',
    params: questionStatsParamsSchema,
    query: questionStatsQuerySchema,
    data: questionStatsExportSchema,
    message: questionStatsMessages.exported,
    handler: ({ user, params, query }) =>
      exportQuestionStats(
        { db: app.db, storage: app.storage, config: app.config },
        user,
        params,
        query,
      ),
  });
};
