import type { FastifyPluginAsync } from 'fastify';
import { auditMessages } from '@ajar/shared/audit/audit.constants';
import {
  auditFilterSchema,
  auditListQuerySchema,
  auditListSchema,
} from '@ajar/shared/audit/audit.schemas';
import { exportReplySchema } from '@ajar/shared/exports/exports.schemas';
import { staffRoute } from '../../lib/route';
import { defineFileJob } from '../jobs/jobs.service';
import * as exporter from './audit.export';
import * as service from './audit.service';

const tags = ['audit'];

/**
 * The audit trail as the superadmin reads it ('Log Aktivitas'; docs/decisions.md, 'The audit
 * trail'): a filtered page, and the same filter as an .xlsx. `users.manage` only.
 */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  await defineFileJob<exporter.AuditExportJobInput>(app, {
    kind: 'audit_export',
    run: (ctx) => exporter.runAuditExportJob(app.db, ctx),
  });
  await service.defineAuditRetentionJob({
    db: app.db,
    queue: app.queue,
    config: app.config,
    log: app.log,
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/users/v1/audit-log',
    permission: 'users.manage',
    tags,
    summary: 'A page of the audit trail, newest first (Log Aktivitas)',
    description:
      'Filter: actor_user_id, subject_type, subject_id, action, from and to (YYYY-MM-DD, UTC ' +
      'days, both included); page, limit (1–100).',
    query: auditListQuerySchema,
    data: auditListSchema,
    handler: ({ query }) => service.listAuditLog(app.db, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/users/v1/audit-log/export',
    permission: 'users.manage',
    tags,
    summary: 'Export the audit entries of a filter (.xlsx)',
    description:
      'The filter of the list. The link at once (`public_url`), or past 10,000 entries a job ' +
      '(`job_id`) followed in Unduhan.',
    query: auditFilterSchema,
    data: exportReplySchema,
    message: auditMessages.exported,
    handler: ({ query, user }) =>
      exporter.exportAuditLog(
        { db: app.db, storage: app.storage, config: app.config, queue: app.queue },
        user,
        query,
      ),
  });
};
