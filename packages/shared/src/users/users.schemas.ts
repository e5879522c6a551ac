import { z } from 'zod';
import { newPasswordField, roleSchema } from '../auth/auth.schemas';
import { credentialLimits, emailPattern } from '../auth/auth.rules';
import { pagedSchema, pageQuerySchema, sortDirSchema } from '../common/envelope';
import { messages } from '../common/messages';
import { roleKeys } from '../common/roles';
import {
  staffCreatableRoles,
  staffDefaultPageSize,
  staffFieldLabels as L,
  staffLimits,
  staffMessages,
  staffSortFields,
  staffStatuses,
} from './users.constants';

export const trainerListLimits = { search: 100, ids: 50 } as const;

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * `GET /api/users/v1/trainers`: active trainer accounts a facilitator can be linked to. `q`
 * searches name and e-mail; `ids` (comma-separated) looks up the accounts a form already links.
 */
export const trainerListQuerySchema = pageQuerySchema.extend({
  q: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(trainerListLimits.search, {
        error: messages.max('Pencarian', trainerListLimits.search),
      })
      .optional(),
  ),
  ids: z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : emptyAsUndefined(value),
    z
      .array(z.uuid({ error: 'id tidak valid' }))
      .max(trainerListLimits.ids, { error: `ids maksimal ${trainerListLimits.ids}` })
      .optional(),
  ),
});
export type TrainerListQuery = z.input<typeof trainerListQuerySchema>;
export type TrainerListQueryParsed = z.output<typeof trainerListQuerySchema>;

/** A trainer account as the facilitator's 'Akun trainer' choice shows it. */
export const trainerAccountSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  email: z.string(),
});
export type TrainerAccount = z.infer<typeof trainerAccountSchema>;

export const trainerListSchema = pagedSchema(trainerAccountSchema);
export type TrainerList = z.infer<typeof trainerListSchema>;

// ---- Staff accounts (superadmin, `users.manage`) ----

const requiredText = (field: string, max: number) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { error: messages.required(field) })
    .max(max, { error: messages.max(field, max) });

/** Stored lower-case; unique without case (`users_email_key`). */
const staffEmailField = z
  .string({ error: messages.required(L.email) })
  .trim()
  .min(1, { error: messages.required(L.email) })
  .max(credentialLimits.emailMaxLength, {
    error: messages.max(L.email, credentialLimits.emailMaxLength),
  })
  .regex(emailPattern, { error: messages.email(L.email) })
  .transform((email) => email.toLowerCase());

/** Optional: an empty or missing phone is stored as null. */
const staffPhoneField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: staffMessages.phoneFormat })
    .trim()
    .regex(staffLimits.phonePattern, { error: staffMessages.phoneFormat })
    .nullish()
    .transform((v) => v ?? null),
);

/**
 * `GET /api/users/v1/staff/list`: q over name and e-mail; role and status filters; sort
 * created_at (default, newest first) or fullname.
 */
export const staffListQuerySchema = z.object({
  page: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: staffMessages.pageInvalid })
      .int({ error: staffMessages.pageInvalid })
      .min(1, { error: staffMessages.pageInvalid })
      .max(1_000_000, { error: staffMessages.pageInvalid })
      .default(1),
  ),
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: staffMessages.limitInvalid })
      .int({ error: staffMessages.limitInvalid })
      .min(1, { error: staffMessages.limitInvalid })
      .max(staffLimits.maxPage, { error: staffMessages.limitInvalid })
      .default(staffDefaultPageSize),
  ),
  q: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(staffLimits.search, { error: messages.max(L.search, staffLimits.search) })
      .optional(),
  ),
  role: z.preprocess(
    emptyAsUndefined,
    z.enum(roleKeys, { error: staffMessages.roleInvalid }).optional(),
  ),
  status: z.preprocess(
    emptyAsUndefined,
    z.enum(staffStatuses, { error: staffMessages.statusInvalid }).optional(),
  ),
  sort: z.preprocess(
    emptyAsUndefined,
    z.enum(staffSortFields, { error: staffMessages.sortInvalid }).default('created_at'),
  ),
  dir: z.preprocess(emptyAsUndefined, sortDirSchema.default('desc')),
});
export type StaffListQuery = z.input<typeof staffListQuerySchema>;
export type StaffListQueryParsed = z.output<typeof staffListQuerySchema>;

/** A staff account as the 'Daftar Pengguna' screen shows it; never the password. */
export const staffAccountSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  is_active: z.boolean(),
  created_at: z.string(),
  /** A trainer's assigned programs (linked through a facilitator entry); empty for others. */
  programs: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffListSchema = pagedSchema(staffAccountSchema);
export type StaffList = z.infer<typeof staffListSchema>;

/**
 * A role field: none chosen (missing or blank) reads '{Peran} tidak boleh kosong' (spec 01 §5's
 * required message); an unknown value reads `invalid`.
 */
function roleField<const T extends readonly [string, ...string[]]>(roles: T, invalid: string) {
  return z.enum(roles, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? messages.required(L.role)
        : invalid,
  });
}

/** `POST /api/users/v1/staff/create`: an admin or trainer account, active at once. */
export const staffCreateBodySchema = z.object({
  fullname: requiredText(L.fullname, staffLimits.fullname),
  email: staffEmailField,
  phone: staffPhoneField,
  role: roleField(staffCreatableRoles, staffMessages.createRoleInvalid),
  password: newPasswordField(L.password),
});
export type StaffCreateBody = z.input<typeof staffCreateBodySchema>;
export type StaffCreateBodyParsed = z.output<typeof staffCreateBodySchema>;

/**
 * `PUT /api/users/v1/staff/update/{id}`: any role, so an account can be promoted to or demoted
 * from Super Admin (guarded by the server); the password is not changed here.
 */
export const staffUpdateBodySchema = z.object({
  fullname: requiredText(L.fullname, staffLimits.fullname),
  email: staffEmailField,
  phone: staffPhoneField,
  role: roleField(roleKeys, staffMessages.roleInvalid),
});
export type StaffUpdateBody = z.input<typeof staffUpdateBodySchema>;
export type StaffUpdateBodyParsed = z.output<typeof staffUpdateBodySchema>;

/** `PUT /api/users/v1/staff/status/{id}`. */
export const staffStatusBodySchema = z.object({
  is_active: z.boolean({ error: staffMessages.isActiveInvalid }),
});
export type StaffStatusBody = z.input<typeof staffStatusBodySchema>;
