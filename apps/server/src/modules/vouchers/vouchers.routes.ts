import type { FastifyPluginAsync } from 'fastify';
import {
  voucherBatchListQuerySchema,
  voucherBatchListSchema,
  voucherExportQuerySchema,
  voucherExportReplySchema,
  voucherGenerateBodySchema,
  voucherGeneratedSchema,
  voucherListQuerySchema,
  voucherListSchema,
  voucherProgramParamSchema,
} from '@ajar/shared/vouchers/vouchers.schemas';
import { voucherMessages } from '@ajar/shared/vouchers/vouchers.constants';
import { Reply, staffRoute } from '../../lib/route';
import { defineFileJob } from '../jobs/jobs.service';
import * as exporter from './vouchers.export';
import * as service from './vouchers.service';

const tags = ['vouchers'];
const base = '/api/program/v1/company/voucher/:programId';

/**
 * Voucher codes of a program: issuing needs `program.manage`; seeing and exporting
 * them needs `grade.manage` (a trainer only for assigned programs, 404 otherwise).
 */
export const vouchersRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, config: app.config });
  await defineFileJob<exporter.VoucherExportJobInput>(app, {
    kind: 'voucher_export',
    run: (ctx) => exporter.runVoucherExportJob(app.db, ctx),
  });

  staffRoute(app, {
    method: 'POST',
    url: `${base}/generate`,
    permission: 'program.manage',
    tags,
    summary: 'Generate a batch of voucher codes (1..1000) for a program, optionally for a reseller',
    params: voucherProgramParamSchema,
    body: voucherGenerateBodySchema,
    data: voucherGeneratedSchema,
    handler: async ({ params, body, user }) => {
      const batch = await service.generateVouchers(deps(), user, params.programId, body);
      return new Reply(batch, voucherMessages.generated(batch.codes.length));
    },
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/batches`,
    permission: 'grade.manage',
    tags,
    summary: "A program's voucher batches, newest first",
    params: voucherProgramParamSchema,
    query: voucherBatchListQuerySchema,
    data: voucherBatchListSchema,
    handler: ({ params, query, user }) =>
      service.listVoucherBatches(app.db, user, params.programId, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/list`,
    permission: 'grade.manage',
    tags,
    summary: "A program's voucher codes (filter by batch, status redeemed/available, code)",
    params: voucherProgramParamSchema,
    query: voucherListQuerySchema,
    data: voucherListSchema,
    handler: ({ params, query, user }) =>
      service.listVouchers(app.db, user, params.programId, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: `${base}/export`,
    permission: 'grade.manage',
    tags,
    summary:
      'Export the codes as .xlsx: data.public_url is a link that lives 15 minutes; past 10,000 codes a job (data.job_id, see Unduhan)',
    params: voucherProgramParamSchema,
    query: voucherExportQuerySchema,
    data: voucherExportReplySchema,
    message: voucherMessages.exported,
    handler: ({ params, query, user }) =>
      exporter.exportVouchers({ ...deps(), queue: app.queue }, user, params.programId, query),
  });
};
