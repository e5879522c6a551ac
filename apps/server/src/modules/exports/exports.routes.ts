import type { FastifyPluginAsync } from 'fastify';
import { exportMessages } from '@ajar/shared/exports/exports.constants';
import {
  exportReplySchema,
  memberRedeemExportBodySchema,
  memberRedeemExportQuerySchema,
  programExportParamsSchema,
} from '@ajar/shared/exports/exports.schemas';
import { staffRoute } from '../../lib/route';
import { defineFileJob } from '../jobs/jobs.service';
import * as service from './exports.service';

const tags = ['exports'];

/**
 * Participant exports (spec 01 §7 'Exports and imports'): an .xlsx written by a streaming
 * writer into storage, answered as a short-lived link `data.public_url`; past 10,000 rows a job
 * makes it (`data.job_id`). Grading right needed;
 * a trainer exports only assigned programs.
 */
export const exportsRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): service.ExportDeps => ({
    db: app.db,
    storage: app.storage,
    config: app.config,
    queue: app.queue,
  });

  await defineFileJob<service.ExportJobInput>(app, {
    kind: 'export',
    run: (ctx) => service.runMemberRedeemExportJob(app.db, ctx),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/users/v1/export/member_redeem',
    permission: 'grade.manage',
    tags,
    summary: "Export participants of programs ('Export Program')",
    description:
      'One row per participant: voucher and redeem codes, contact, progress, pre/post test ' +
      'scores, redeem/start/end dates, reseller. Sorted ascending by `sort`; `range_date_type` ' +
      '(default: `sort`) is the date `start_date`..`end_date` (whole days, WIB) filters on.',
    query: memberRedeemExportQuerySchema,
    body: memberRedeemExportBodySchema,
    data: exportReplySchema,
    message: exportMessages.exported,
    handler: ({ user, query, body }) =>
      service.exportMemberRedeems(deps(), user, 'member_redeem', body.id, query),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/users/v1/export/member_redeem_epm',
    permission: 'grade.manage',
    tags,
    summary: "Export TPM and UK scores of programs ('Export TPM & UK')",
    description:
      'One row per participant with the staff feedback score and text of each practice task ' +
      '(TPM, praktek_mandiri) and skills test (UK, evaluasi_praktek_mandiri), numbered per ' +
      'program in course order. Same filters as member_redeem.',
    query: memberRedeemExportQuerySchema,
    body: memberRedeemExportBodySchema,
    data: exportReplySchema,
    message: exportMessages.exported,
    handler: ({ user, query, body }) =>
      service.exportMemberRedeems(deps(), user, 'member_redeem_epm', body.id, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/users/v1/export/member_redeem/:programId',
    permission: 'grade.manage',
    tags,
    summary: 'Export the participants of one program',
    params: programExportParamsSchema,
    query: memberRedeemExportQuerySchema,
    data: exportReplySchema,
    message: exportMessages.exported,
    handler: ({ user, params, query }) =>
      service.exportProgramMemberRedeems(deps(), user, params.programId, query),
  });
};
