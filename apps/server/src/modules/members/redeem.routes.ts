import type { FastifyPluginAsync } from 'fastify';
import { memberMessages } from '@ajar/shared/members/members.constants';
import {
  myProgramListQuerySchema,
  myProgramListSchema,
  myProgramSchema,
  redeemBodySchema,
} from '@ajar/shared/members/members.schemas';
import { memberRoute } from '../../lib/route';
import * as service from './redeem.service';

const tags = ['member'];

/** Redeeming a voucher, and the member's own programs. */
export const redeemRoutes: FastifyPluginAsync = async (app) => {
  memberRoute(app, {
    method: 'POST',
    url: '/api/member/v1/redeem',
    tags,
    summary: 'Redeem a voucher code (license) for its program, with the redeem code (pmo_code)',
    description:
      'Refusals are 400 with the field: license (Kode voucher tidak ditemukan / Kode voucher ' +
      'sudah digunakan / Program belum tersedia / Anda sudah terdaftar di program ini), ' +
      'referral_code (Kode referral tidak ditemukan). 429 after 10 wrong codes in 15 minutes.',
    body: redeemBodySchema,
    data: myProgramSchema,
    message: memberMessages.redeemed,
    handler: ({ body, member }) => service.redeemVoucher(app.db, member, body),
  });

  memberRoute(app, {
    method: 'GET',
    url: '/api/member/v1/program/list',
    tags,
    summary: "The member's programs with progress and scores (computed by the server)",
    query: myProgramListQuerySchema,
    data: myProgramListSchema,
    handler: ({ query, member }) => service.listMyPrograms(app.db, member, query),
  });
};
