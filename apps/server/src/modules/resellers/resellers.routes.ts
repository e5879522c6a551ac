import type { FastifyPluginAsync } from 'fastify';
import { idParamSchema } from '@ajar/shared/common/envelope';
import { resellerMessages } from '@ajar/shared/resellers/resellers.constants';
import {
  redeemMetaBodySchema,
  redeemMetaReplySchema,
  resellerCreateBodySchema,
  resellerExportReplySchema,
  resellerListQuerySchema,
  resellerListSchema,
  resellerSchema,
  resellersExportBodySchema,
  resellersExportQuerySchema,
  resellerUpdateBodySchema,
  resellerUserExportQuerySchema,
  resellerUserListQuerySchema,
  resellerUserListSchema,
} from '@ajar/shared/resellers/resellers.schemas';
import { staffRoute } from '../../lib/route';
import { defineFileJob } from '../jobs/jobs.service';
import * as exporter from './resellers.export';
import * as service from './resellers.service';

const tags = ['resellers'];
const permission = 'reseller.manage';

/**
 * Resellers and their referrals (spec 01 §2, §7 'Resellers'): admins and the superadmin only
 *; a trainer gets 403. Passwords are written hashed and never answered.
 */
export const resellersRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): exporter.ResellerExportDeps => ({
    db: app.db,
    storage: app.storage,
    config: app.config,
    queue: app.queue,
  });

  await defineFileJob<exporter.ResellerExportJobInput>(app, {
    kind: 'reseller_export',
    run: (ctx) => exporter.runResellerExportJob(app.db, ctx),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/reseller/v1/list',
    permission,
    tags,
    summary: 'Resellers with their redeem counts',
    description: 'q searches name, e-mail and referral code; limit=-1 answers all (pick list).',
    query: resellerListQuerySchema,
    data: resellerListSchema,
    handler: ({ query }) => service.listResellers(app.db, query),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/reseller/v1/detail/:id',
    permission,
    tags,
    summary: 'One reseller',
    params: idParamSchema,
    data: resellerSchema,
    handler: ({ params }) => service.getReseller(app.db, params.id),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/reseller/v1/create',
    permission,
    tags,
    summary: 'Add a reseller (the referral code is generated)',
    body: resellerCreateBodySchema,
    data: resellerSchema,
    message: resellerMessages.created,
    handler: ({ body }) => service.createReseller(app.db, body),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/reseller/v1/update/:id',
    permission,
    tags,
    summary: 'Update a reseller (the e-mail is read-only)',
    params: idParamSchema,
    body: resellerUpdateBodySchema,
    data: resellerSchema,
    message: resellerMessages.updated,
    handler: ({ params, body }) => service.updateReseller(app.db, params.id, body),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/reseller/v1/list-user',
    permission,
    tags,
    summary: "Redeems made with a reseller's referral code",
    query: resellerUserListQuerySchema,
    data: resellerUserListSchema,
    handler: ({ query }) => service.listResellerUsers(app.db, query),
  });

  staffRoute(app, {
    method: 'PUT',
    url: '/api/users/v1/company/update_redeem_meta',
    permission,
    tags,
    summary: "Toggle the gift flag of a reseller's redeem",
    body: redeemMetaBodySchema,
    data: redeemMetaReplySchema,
    message: resellerMessages.giftChanged,
    handler: ({ body, user }) => service.updateRedeemMeta(app.db, user, body),
  });

  staffRoute(app, {
    method: 'GET',
    url: '/api/reseller/v1/export/list-user-reseller',
    permission,
    tags,
    summary: "Export one reseller's users (.xlsx)",
    description:
      'Answers `data.data.public_url`, a short-lived link (spec 01 §7); past 10,000 rows a job ' +
      'makes the file and `data.job_id` names it.',
    query: resellerUserExportQuerySchema,
    data: resellerExportReplySchema,
    message: resellerMessages.exported,
    handler: ({ user, query }) => exporter.exportResellerUsers(deps(), user, query),
  });

  staffRoute(app, {
    method: 'POST',
    url: '/api/reseller/v1/export/list-user-reseller',
    permission,
    tags,
    summary: 'Export the users of several referral codes over a date range (.xlsx)',
    description:
      'Rows grouped by reseller in the order given, each by redeem date; `start_date`..`end_date` ' +
      'are whole WIB days of the redeem. Answers `data.data.public_url` (spec 01 §7); past ' +
      '10,000 rows a job makes the file and `data.job_id` names it.',
    query: resellersExportQuerySchema,
    body: resellersExportBodySchema,
    data: resellerExportReplySchema,
    message: resellerMessages.exported,
    handler: ({ user, query, body }) =>
      exporter.exportResellersUsers(deps(), user, body.referral_code, query),
  });
};
