import { z } from 'zod';
import { newPasswordField } from '../auth/auth.schemas';
import { credentialLimits, emailPattern } from '../auth/auth.rules';
import { pagedSchema, sortDirSchema } from '../common/envelope';
import { messages } from '../common/messages';
import { jobStartedSchema } from '../jobs/jobs.schemas';
import { exportFieldLabels, exportLimits, exportMessages } from '../exports/exports.constants';
import { isCalendarDate, latestExportDate } from '../exports/exports.rules';
import {
  giftValues,
  redeemMetaFields,
  resellerDefaultPageSize,
  resellerFieldLabels as L,
  resellerLimits as limits,
  resellerMessages,
  resellerSortFields,
  resellerStatuses,
  resellerUserSortFields,
} from './resellers.constants';

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { error: messages.required(field) })
    .max(max, { error: messages.max(field, max) });

const patternText = (field: string, pattern: RegExp, message: string) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { error: messages.required(field) })
    .regex(pattern, { error: message });

/** Spec 01 §5: 'E-mail tidak boleh kosong', 'E-mail tidak valid'; stored lower-case. */
export const resellerEmailField = z
  .string({ error: resellerMessages.emailRequired })
  .trim()
  .min(1, { error: resellerMessages.emailRequired })
  .max(credentialLimits.emailMaxLength, {
    error: messages.max(L.email, credentialLimits.emailMaxLength),
  })
  .regex(emailPattern, { error: resellerMessages.emailInvalid })
  .transform((email) => email.toLowerCase());

const statusField = z.enum(resellerStatuses, { error: resellerMessages.statusInvalid });
const giftField = z.enum(giftValues, { error: resellerMessages.giftInvalid });

const metaFields = {
  domicile: requiredText(L.domicile, limits.domicile),
  /** No WA: starts with 62 (the form's hint: replace the leading 0 with 62). */
  whatsapp_number: patternText(L.whatsapp, limits.whatsappPattern, resellerMessages.whatsappFormat),
  commission_provider: requiredText(L.commissionProvider, limits.commissionProvider),
};

/** A missing `meta` reads as `{}` so each of its fields reports its own message. */
const metaObject = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess((v) => (v == null ? {} : v), z.object(shape));

/**
 * `POST /api/reseller/v1/create` (spec 01 §5, §7). New resellers are active with gift 'false'
 * (spec 01 §9); the referral code is made by the server.
 */
export const resellerCreateBodySchema = z.object({
  fullname: requiredText(L.fullname, limits.fullname),
  phone: patternText(L.phone, limits.phonePattern, resellerMessages.phoneFormat),
  email: resellerEmailField,
  password: newPasswordField(L.password),
  status: statusField.default('active'),
  meta: metaObject({ gift: giftField.default('false'), ...metaFields }),
});
export type ResellerCreateBody = z.input<typeof resellerCreateBodySchema>;
export type ResellerCreateBodyParsed = z.output<typeof resellerCreateBodySchema>;

/**
 * `PUT /api/reseller/v1/update/{id}`. The e-mail is read-only: it may be sent (the dialog sends
 * what it shows) but must equal the stored one. The password is not changed here. A missing
 * `gift` keeps the stored flag.
 */
export const resellerUpdateBodySchema = z.object({
  fullname: requiredText(L.fullname, limits.fullname),
  phone: patternText(L.phone, limits.phonePattern, resellerMessages.phoneFormat),
  email: resellerEmailField.optional(),
  status: statusField.default('active'),
  meta: metaObject({ gift: giftField.optional(), ...metaFields }),
});
export type ResellerUpdateBody = z.input<typeof resellerUpdateBodySchema>;
export type ResellerUpdateBodyParsed = z.output<typeof resellerUpdateBodySchema>;

/** A reseller as staff see it (spec 01 §3); never the password. */
export const resellerSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  phone: z.string(),
  email: z.string(),
  status: z.enum(resellerStatuses),
  meta: z.object({
    gift: z.enum(giftValues),
    domicile: z.string(),
    whatsapp_number: z.string(),
    commission_provider: z.string(),
  }),
  referral: z.object({
    code: z.string(),
    /** Redeems made with this reseller's code. */
    total_user: z.number().int(),
  }),
  created_at: z.string(),
});
export type Reseller = z.infer<typeof resellerSchema>;

export const resellerListSchema = pagedSchema(resellerSchema);
export type ResellerList = z.infer<typeof resellerListSchema>;

const pageField = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number({ error: resellerMessages.pageInvalid })
    .int({ error: resellerMessages.pageInvalid })
    .min(1, { error: resellerMessages.pageInvalid })
    .max(1_000_000, { error: resellerMessages.pageInvalid })
    .default(1),
);

const searchField = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .trim()
    .max(limits.search, { error: messages.max(L.search, limits.search) })
    .optional(),
);

/** `GET /api/reseller/v1/list`: q over name, e-mail and referral code; limit=-1 = all. */
export const resellerListQuerySchema = z.object({
  page: pageField,
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: resellerMessages.limitInvalid })
      .int({ error: resellerMessages.limitInvalid })
      .refine((n) => n === -1 || (n >= 1 && n <= limits.maxPage), {
        error: resellerMessages.limitInvalid,
      })
      .default(resellerDefaultPageSize),
  ),
  q: searchField,
  sort: z.preprocess(
    emptyAsUndefined,
    z.enum(resellerSortFields, { error: resellerMessages.sortInvalid }).default('created_at'),
  ),
  dir: z.preprocess(emptyAsUndefined, sortDirSchema.default('desc')),
});
export type ResellerListQuery = z.input<typeof resellerListQuerySchema>;
export type ResellerListQueryParsed = z.output<typeof resellerListQuerySchema>;

const referralCodeField = z
  .string({ error: messages.required(L.referralCode) })
  .trim()
  .min(1, { error: messages.required(L.referralCode) })
  .max(50, { error: messages.max(L.referralCode, 50) });

/**
 * `GET /api/reseller/v1/list-user`: the redeems made with one referral code. Always
 * paged (a reseller may bring 100,000 members); q over voucher code, member name and phone.
 */
export const resellerUserListQuerySchema = z.object({
  page: pageField,
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: resellerMessages.pageLimitInvalid })
      .int({ error: resellerMessages.pageLimitInvalid })
      .min(1, { error: resellerMessages.pageLimitInvalid })
      .max(limits.maxPage, { error: resellerMessages.pageLimitInvalid })
      .default(resellerDefaultPageSize),
  ),
  reseller_code: referralCodeField,
  q: searchField,
  sort: z.preprocess(
    emptyAsUndefined,
    z.enum(resellerUserSortFields, { error: resellerMessages.sortInvalid }).default('created_at'),
  ),
  dir: z.preprocess(emptyAsUndefined, sortDirSchema.default('desc')),
});
export type ResellerUserListQuery = z.input<typeof resellerUserListQuerySchema>;
export type ResellerUserListQueryParsed = z.output<typeof resellerUserListQuerySchema>;

/** One reseller redeem (spec 01 §3 'Reseller redeem'). */
export const resellerUserSchema = z.object({
  id: z.uuid(),
  /** Kode Voucher. */
  license: z.string(),
  program: z.object({ id: z.uuid(), title: z.string() }),
  member: z.object({ id: z.uuid(), fullname: z.string(), phone: z.string().nullable() }),
  start_test_at: z.string().nullable(),
  /** When the voucher was redeemed. */
  created_at: z.string(),
  meta: z.object({ gift: z.enum(giftValues) }),
});
export type ResellerUser = z.infer<typeof resellerUserSchema>;

export const resellerUserListSchema = pagedSchema(resellerUserSchema);
export type ResellerUserList = z.infer<typeof resellerUserListSchema>;

/** `PUT /api/users/v1/company/update_redeem_meta`: only `gift` may change, to 'true'/'false'. */
export const redeemMetaBodySchema = z.object({
  member_redeem_id: z.uuid({ error: resellerMessages.redeemNotFound }),
  field: z.enum(redeemMetaFields, { error: resellerMessages.fieldInvalid }),
  value: giftField,
});
export type RedeemMetaBody = z.infer<typeof redeemMetaBodySchema>;

export const redeemMetaReplySchema = z.object({
  id: z.uuid(),
  meta: z.object({ gift: z.enum(giftValues) }),
});

const exportLimitField = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number({ error: exportMessages.limitInvalid })
    .int({ error: exportMessages.limitInvalid })
    .refine((n) => n === -1 || n > 0, { error: exportMessages.limitInvalid })
    .default(-1),
);

/** `GET /api/reseller/v1/export/list-user-reseller`: one reseller's users. */
export const resellerUserExportQuerySchema = z.object({
  reseller_code: referralCodeField,
  limit: exportLimitField,
});
export type ResellerUserExportQuery = z.input<typeof resellerUserExportQuerySchema>;

/** A `YYYY-MM-DD` day of the export dialog, 1950-01-01..today (spec 01 §5). */
const dateQuery = (field: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string({ error: exportMessages.dateInvalid(field) })
      .superRefine((value, ctx) => {
        if (!isCalendarDate(value)) {
          ctx.addIssue({ code: 'custom', message: exportMessages.dateInvalid(field) });
        } else if (value < exportLimits.minDate) {
          ctx.addIssue({ code: 'custom', message: exportMessages.dateBeforeMin(field) });
        } else if (value > latestExportDate()) {
          ctx.addIssue({ code: 'custom', message: exportMessages.dateAfterToday(field) });
        }
      })
      .optional(),
  );

/**
 * Query of `POST /api/reseller/v1/export/list-user-reseller`: the redeem dates (whole WIB days)
 * and, with a positive `limit`, the `page` of that many rows.
 */
export const resellersExportQuerySchema = z
  .object({
    limit: exportLimitField,
    page: pageField,
    start_date: dateQuery(exportFieldLabels.startDate),
    end_date: dateQuery(exportFieldLabels.endDate),
  })
  .superRefine((query, ctx) => {
    if (query.start_date && query.end_date && query.start_date > query.end_date) {
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: exportMessages.dateOrder });
    }
  });
/** What a client sends (every field optional; the server applies the defaults). */
export interface ResellersExportQuery {
  limit?: number;
  page?: number;
  start_date?: string;
  end_date?: string;
}
export type ResellersExportQueryParsed = z.output<typeof resellersExportQuerySchema>;

export const resellersExportBodySchema = z.object(
  {
    referral_code: z
      .array(referralCodeField, { error: resellerMessages.codesRequired })
      .min(1, { error: resellerMessages.codesRequired })
      .max(limits.exportCodes, { error: resellerMessages.tooManyCodes }),
  },
  { error: resellerMessages.codesRequired },
);
export type ResellersExportBody = z.infer<typeof resellersExportBodySchema>;

/**
 * Spec 01 §7: the reseller exports answer `data.data.public_url` (one level deeper); past 10,000
 * rows a job makes the file and `data.job_id` names it, as every job-starting route.
 */
export const resellerExportReplySchema = z.union([
  z.object({ data: z.object({ public_url: z.string() }) }),
  jobStartedSchema,
]);
export type ResellerExportReply = z.infer<typeof resellerExportReplySchema>;
