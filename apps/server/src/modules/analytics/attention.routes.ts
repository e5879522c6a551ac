import type { FastifyPluginAsync } from 'fastify';
import { attentionMessages } from '@ajar/shared/analytics/attention.constants';
import {
  attentionExportQuerySchema,
  attentionExportReplySchema,
  attentionListSchema,
  attentionParamsSchema,
  attentionQuerySchema,
  attentionRemindBodySchema,
  attentionRemindReplySchema,
} from '@ajar/shared/analytics/attention.schemas';
import { Reply, staffRoute } from '../../lib/route';
import { defineFileJob } from '../jobs/jobs.service';
import * as exporter from './attention.export';
import * as service from './attention.service';

const tags = ['analytics'];
const base = '/api/analytics/v1/program/:programId/attention';

/**
 * 'Perlu Perhatian' of one program: the participants who need a nudge, their export, and
 * 'Kirim pengingat'. Reading is `program.view`; reminding is `grade.manage`, the right a trainer
 * follows up their own participants with (feedback); both scoped to the viewer's programs (404).
 */
export const attentionRoutes: FastifyPluginAsync = async (app) => {
  await defineFileJob<exporter.AttentionExportJobInput>(app, {
    kind: 'attention_export',
    run: (ctx) => exporter.runAttentionExportJob(app.db, ctx),
  });

  staffRoute(app, {
    method: 'GET',
    url: base,
    permission: 'program.view',
    tags,
    summary: 'Participants of the program who need a nudge, with why',
    description:
      'days (default 7): days without activity that flag a participant; also flagged: behind the ' +
      'schedule, a graded quiz failed with no attempt left. Longest without activity first.',
    params: attentionParamsSchema,
    query: attentionQuerySchema,
    data: attentionListSchema,
    handler: ({ user, params, query }) =>
      service.listAttention(app.db, user, params.programId, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/export`,
    permission: 'program.view',
    tags,
    summary: "Export 'Perlu Perhatian' (.xlsx)",
    description:
      'Answers `data.public_url`; past 10,000 participants a job makes the file (`data.job_id`).',
    params: attentionParamsSchema,
    query: attentionExportQuerySchema,
    data: attentionExportReplySchema,
    message: attentionMessages.exported,
    handler: ({ user, params, query }) =>
      exporter.exportAttention(
        { db: app.db, storage: app.storage, config: app.config, queue: app.queue },
        user,
        params.programId,
        query,
      ),
  });

  staffRoute(app, {
    method: 'POST',
    url: `${base}/remind`,
    permission: 'grade.manage',
    tags,
    summary: "'Kirim pengingat': a notification to each named participant, recorded",
    description:
      'redeem_ids: 1..100 redemptions of the program. Each gets an in-app notification and a Web ' +
      'Push, and an audit entry member.reminded; one reminded within 60 minutes is skipped.',
    params: attentionParamsSchema,
    body: attentionRemindBodySchema,
    data: attentionRemindReplySchema,
    handler: async ({ user, params, body }) => {
      const reply = await service.remindParticipants(
        { db: app.db, events: app.events },
        user,
        params.programId,
        body,
      );
      return new Reply(reply, attentionMessages.reminded(reply.sent, reply.skipped));
    },
  });
};
