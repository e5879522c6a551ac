import { z } from 'zod';
import { boundedPageQuerySchema, pagedSchema } from '../common/envelope';
import { jobStartedSchema } from '../jobs/jobs.schemas';
import { blankAsUndefined, toNumber } from '../common/form-input';
import { messages } from '../common/messages';
import { voucherLimits, voucherMessages, voucherStatuses } from './vouchers.constants';

const L = voucherMessages.countLabel;

export const voucherProgramParamSchema = z.object({
  programId: z.uuid({ error: 'Program tidak ditemukan' }),
});

/** `POST /api/program/v1/company/voucher/{programId}/generate`. */
export const voucherGenerateBodySchema = z.object({
  count: z.preprocess(
    toNumber,
    z
      .number({ error: messages.number(L) })
      .int({ error: messages.number(L) })
      .min(voucherLimits.batchMin, { error: messages.numberMin(L, voucherLimits.batchMin) })
      .max(voucherLimits.batchMax, { error: messages.numberMax(L, voucherLimits.batchMax) }),
  ),
  /** The codes are issued for this reseller: their redeems count for them. */
  reseller_id: z.preprocess(
    blankAsUndefined,
    z.uuid({ error: voucherMessages.resellerNotFound }).nullish(),
  ),
});
export type VoucherGenerateBody = z.input<typeof voucherGenerateBodySchema>;

const resellerRefSchema = z
  .object({ id: z.uuid(), fullname: z.string(), referral_code: z.string() })
  .nullable();

export const voucherBatchSchema = z.object({
  id: z.uuid(),
  program_id: z.uuid(),
  count: z.number().int(),
  redeemed: z.number().int(),
  reseller: resellerRefSchema,
  created_by: z.object({ id: z.uuid(), fullname: z.string() }).nullable(),
  created_at: z.string(),
});
export type VoucherBatch = z.infer<typeof voucherBatchSchema>;

export const voucherGeneratedSchema = voucherBatchSchema.extend({
  /** The new codes, in the order made. */
  codes: z.array(z.string()),
});

export const voucherBatchListQuerySchema = boundedPageQuerySchema;
export const voucherBatchListSchema = pagedSchema(voucherBatchSchema);

const voucherFilterShape = {
  batch_id: z.preprocess(
    blankAsUndefined,
    z.uuid({ error: voucherMessages.batchNotFound }).optional(),
  ),
  status: z.preprocess(blankAsUndefined, z.enum(voucherStatuses).default('all')),
  /** Part of a code, any case. */
  q: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .max(64, { error: messages.max('Pencarian', 64) })
      .optional(),
  ),
};

/** `GET /api/program/v1/company/voucher/{programId}/list`. */
/**
 * The codes grow with the program (100,000 and more): pages of at most
 * `boundedPageLimit`; every code at once is the export.
 */
export const voucherListQuerySchema = boundedPageQuerySchema.extend(voucherFilterShape);
export type VoucherListQuery = z.output<typeof voucherListQuerySchema>;

/** `GET /api/program/v1/company/voucher/{programId}/export` → `data.public_url`. */
export const voucherExportQuerySchema = z.object(voucherFilterShape);
export type VoucherExportQuery = z.output<typeof voucherExportQuerySchema>;

export const voucherItemSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  batch_id: z.uuid(),
  status: z.enum(['redeemed', 'available']),
  reseller: resellerRefSchema,
  redeemed_at: z.string().nullable(),
  member: z.object({ id: z.uuid(), fullname: z.string(), email: z.string() }).nullable(),
  member_redeem_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type VoucherItem = z.infer<typeof voucherItemSchema>;
export const voucherListSchema = pagedSchema(voucherItemSchema);

export const publicUrlSchema = z.object({ public_url: z.string() });

/** The voucher export: its link (`data.public_url`), or past 10,000 codes a job (`data.job_id`). */
export const voucherExportReplySchema = z.union([publicUrlSchema, jobStartedSchema]);
export type VoucherExportReply = z.infer<typeof voucherExportReplySchema>;
