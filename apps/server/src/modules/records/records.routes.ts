import type { FastifyPluginAsync } from 'fastify';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { exportReplySchema } from '@ajar/shared/exports/exports.schemas';
import { learningRecordMessages } from '@ajar/shared/learning-record/learning-record.constants';
import {
  learningRecordEventListSchema,
  learningRecordEventsQuerySchema,
  learningRecordSummarySchema,
} from '@ajar/shared/learning-record/learning-record.schemas';
import { programIdParamSchema } from '@ajar/shared/participants/participants.schemas';
import { staffRoute } from '../../lib/route';
import { defineFileJob } from '../jobs/jobs.service';
import * as exporter from './records.export';
import * as service from './records.service';

const tags = ['records'];

/**
 * The learning record as staff read it (docs/decisions.md, 'The evidence, for staff and for
 * audits'): a participant's timeline in 'Detail Aktivitas' and a program's whole record as an
 * .xlsx. Grading right needed; a trainer only in assigned programs (404 elsewhere).
 */
export const recordsRoutes: FastifyPluginAsync = async (app) => {
  await defineFileJob<exporter.LearningRecordExportJobInput>(app, {
    kind: 'record_export',
    run: (ctx) => exporter.runLearningRecordExportJob(app.db, ctx),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/trainer/member-redeem/:id/learning-record',
    permission: 'grade.manage',
    tags,
    summary: "A participant's learning record per activity (Detail Aktivitas)",
    description:
      'For each activity with events (and once for events of no activity): first and last ' +
      'event (server time), their span, the number of events, video seconds watched and the ' +
      'last score an event states.',
    params: idParamSchema,
    data: learningRecordSummarySchema,
    handler: ({ params, user }) => service.getLearningRecord(app.db, user, params.id),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/trainer/member-redeem/:id/learning-record/events',
    permission: 'grade.manage',
    tags,
    summary: "A page of a participant's learning events, oldest first",
    params: idParamSchema,
    query: learningRecordEventsQuerySchema,
    data: learningRecordEventListSchema,
    handler: ({ params, query, user }) =>
      service.listLearningRecordEvents(app.db, user, params.id, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/program/v1/trainer/learning-record/export/:programId',
    permission: 'grade.manage',
    tags,
    summary: "Export every participant's learning events of a program (Ekspor Rekam Belajar)",
    description:
      'An .xlsx, one row per event, oldest first: the link at once (`public_url`), or past ' +
      '10,000 events a job (`job_id`) followed in Unduhan.',
    params: programIdParamSchema,
    data: exportReplySchema,
    message: learningRecordMessages.exported,
    handler: ({ params, user }) =>
      exporter.exportLearningRecord(
        { db: app.db, storage: app.storage, config: app.config, queue: app.queue },
        user,
        params.programId,
      ),
  });
};
