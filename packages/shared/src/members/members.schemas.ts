import { z } from 'zod';
import { emailField, newPasswordField, pushSubscriptionSchema } from '../auth/auth.schemas';
import { credentialLimits } from '../auth/auth.rules';
import { pagedSchema, pageQuerySchema } from '../common/envelope';
import { blankAsUndefined } from '../common/form-input';
import { messages } from '../common/messages';
import { privacyNoticeMessages } from '../privacy/privacy.constants';
import { normalizeWhatsappNumber } from './phone.rules';
import {
  educationLevelFieldLabel,
  educationLevelLabels,
  educationLevels,
  memberLimits,
  memberMessages,
} from './members.constants';

const requiredText = (field: string, max: number) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { error: messages.required(field) })
    .max(max, { error: messages.max(field, max) });

/** Today as `YYYY-MM-DD` in local time (a birth date is a calendar day). */
function today(): string {
  const d = new Date();
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}

/**
 * WhatsApp number, stored as `62…`: typed the usual ways ('08…', '+62…', with spaces or dashes)
 * and normalised first (`normalizeWhatsappNumber`), so the form and the server agree.
 */
export const memberPhoneField = (field = 'Nomor Whatsapp') =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeWhatsappNumber(value) : value),
    requiredText(field, 20).regex(memberLimits.phonePattern, { error: memberMessages.phoneFormat }),
  );

/** The member's full name (register and profile). */
export const memberFullnameField = () => requiredText('Nama Lengkap', memberLimits.fullname);

/** A birth date `YYYY-MM-DD` from 1950-01-01 to today; empty reads as absent. */
export const dateOfBirthField = () =>
  z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: memberMessages.birthDateFormat })
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
        error: memberMessages.birthDateFormat,
      })
      .refine((v) => v >= memberLimits.birthDateMin && v <= today(), {
        error: memberMessages.birthDateRange,
      })
      .nullish(),
  );

/** `POST /api/member/v1/register`. */
export const memberRegisterBodySchema = z.object({
  fullname: memberFullnameField(),
  email: emailField('Email'),
  phone: memberPhoneField(),
  password: newPasswordField('Password'),
  date_of_birth: dateOfBirthField(),
  /** The ticked consent to the current privacy notice; its version is stored with the time. */
  consent: z.literal(true, { error: privacyNoticeMessages.consentMissing }),
  /** JSON of a Web Push subscription for this session (as the staff login's `push_token`). */
  push_token: z.string().max(4000).nullish(),
});
export type MemberRegisterBody = z.input<typeof memberRegisterBodySchema>;

/** `POST /api/member/v1/login`. */
export const memberLoginBodySchema = z.object({
  email: emailField('Email'),
  password: z
    .string({ error: messages.required('Password') })
    .min(1, { error: messages.required('Password') })
    .max(credentialLimits.passwordMaxLength, {
      error: messages.max('Password', credentialLimits.passwordMaxLength),
    }),
  push_token: z.string().max(4000).nullish(),
});
export type MemberLoginBody = z.input<typeof memberLoginBodySchema>;

/**
 * An education level as forms send it: one of `educationLevels`, or empty / null for none.
 * Absent leaves the stored one as it is.
 */
export const educationLevelField = () =>
  z.preprocess(
    (value: unknown) => (value === '' ? null : value),
    z
      .enum(educationLevels, {
        error: `${educationLevelFieldLabel} harus salah satu dari: ${educationLevels
          .map((l) => educationLevelLabels[l])
          .join(', ')}`,
      })
      .nullable()
      .optional(),
  );

/** A member as the member API shows them (their own account). */
export const memberProfileSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  education_level: z.enum(educationLevels).nullable(),
  meta: z.object({ code: z.string().nullable() }),
  /** The member's photo (`POST /api/member/v1/profile/photo`), or null. */
  photo_url: z.string().nullable(),
  /** The member opened the verification link of `email` (docs/decisions.md). */
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const memberLoginDataSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  member: memberProfileSchema,
});
export type MemberLoginData = z.infer<typeof memberLoginDataSchema>;

/** `POST /api/member/v1/redeem`. */
export const redeemBodySchema = z.object({
  /** The voucher code issued by staff. Case and spaces around it do not matter. */
  license: requiredText('Kode voucher', memberLimits.code).transform((v) => v.toUpperCase()),
  /** The member's own redeem code (e.g. from the Prakerja platform). */
  pmo_code: requiredText('Kode redeem', memberLimits.code),
  /** A reseller's referral code. */
  referral_code: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .max(memberLimits.code, { error: messages.max('Kode referral', memberLimits.code) })
      .optional(),
  ),
});
export type RedeemBody = z.input<typeof redeemBodySchema>;

const programSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.string(),
  cover: z.string().nullable(),
  is_prakerja: z.boolean(),
  competence: z.array(z.string()),
});

/**
 * Scores computed by the server (never sent by a client): the first pre-test's first score, the
 * last post-test's latest and best score, and one entry per quiz-type activity attempted.
 */
export const memberScoresSchema = z.object({
  pre_test: z.object({ score: z.number().nullable() }),
  post_test: z.object({
    score: z.number().nullable(),
    final_score: z.number().nullable(),
    passed: z.boolean().nullable(),
  }),
  list: z.array(
    z.object({
      activity_id: z.uuid(),
      topic_id: z.uuid(),
      name: z.string(),
      type: z.string(),
      score: z.number().nullable(),
      passed: z.boolean().nullable(),
      attempts: z.number().int(),
      /** A video's pop-up quizzes: the points earned and all its pop-up points. */
      points: z.number().optional(),
      max_points: z.number().optional(),
    }),
  ),
});
export type MemberScores = z.infer<typeof memberScoresSchema>;

export const emptyScores: MemberScores = {
  pre_test: { score: null },
  post_test: { score: null, final_score: null, passed: null },
  list: [],
};

/** The first activity, in program order, neither complete nor locked (what to do next). */
export const nextActivitySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  topic_id: z.uuid(),
});
export type NextActivity = z.infer<typeof nextActivitySchema>;

/** One redemption of the member: the program, and the server's progress and scores. */
export const myProgramSchema = z.object({
  id: z.uuid(),
  license: z.string(),
  pmo_code: z.string().nullable(),
  program: programSummarySchema,
  /** The program's cover address (the same as `program.cover`), for the app's cards. */
  cover_url: z.string().nullable(),
  /** 0–100, computed in SQL (the same as `results.progress`). */
  progress: z.number().int(),
  /** null when every activity is complete or the rest is locked. */
  next_activity: nextActivitySchema.nullable(),
  reseller: z.object({ id: z.uuid(), fullname: z.string(), referral_code: z.string() }).nullable(),
  results: z.object({ progress: z.number().int(), scores: memberScoresSchema }),
  start_test_at: z.string().nullable(),
  end_test_at: z.string().nullable(),
  created_at: z.string(),
});
export type MyProgram = z.infer<typeof myProgramSchema>;

export const myProgramListQuerySchema = pageQuerySchema;
export const myProgramListSchema = pagedSchema(myProgramSchema);

/** `PUT /api/member/v1/push/subscription`. */
export const memberPushBodySchema = z.object({ subscription: pushSubscriptionSchema });

export const programIdParamSchema = z.object({
  programId: z.uuid({ error: memberMessages.programNotFound }),
});
