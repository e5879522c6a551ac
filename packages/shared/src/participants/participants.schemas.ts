import { z } from 'zod';
import { pagedSchema, sortDirSchema } from '../common/envelope';
import { messages } from '../common/messages';
import {
  participantDefaultPageSize,
  participantFieldLabels as L,
  participantLimits as limits,
  participantMessages,
  participantSortFields,
} from './participants.constants';
import { educationLevels } from '../members/members.constants';
import { educationLevelField } from '../members/members.schemas';
import { latestBirthDate } from './participants.rules';

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const uuidField = (label: string) => z.uuid({ error: messages.required(label) });

/**
 * `GET /api/program/v1/trainer/member-redeem/list/{programId}` (spec 01 §7): q over voucher code,
 * redeem code, name and phone; sort `results.progress` or `created_at`; paged (no "all": a
 * program may have 100,000 participants).
 */
export const participantListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page tidak valid' })
    .int({ error: 'page tidak valid' })
    .min(1, { error: 'page tidak valid' })
    .max(1_000_000, { error: 'page tidak valid' })
    .default(1),
  limit: z.coerce
    .number({ error: 'limit tidak valid' })
    .int({ error: 'limit tidak valid' })
    .min(1, { error: 'limit harus antara 1 dan 100' })
    .max(100, { error: 'limit harus antara 1 dan 100' })
    .default(participantDefaultPageSize),
  q: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(limits.search, { error: messages.max(L.search, limits.search) })
      .optional(),
  ),
  sort: z.preprocess(
    emptyAsUndefined,
    z.enum(participantSortFields, { error: 'sort tidak valid' }).default('created_at'),
  ),
  dir: z.preprocess(emptyAsUndefined, sortDirSchema.default('desc')),
});
export type ParticipantListQuery = z.input<typeof participantListQuerySchema>;
export type ParticipantListQueryParsed = z.output<typeof participantListQuerySchema>;

export const programIdParamSchema = z.object({ programId: z.uuid({ error: 'id tidak valid' }) });

/** A member as staff see them (spec 01 §3 'member'). */
export const participantMemberSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  /** `YYYY-MM-DD` or null. */
  date_of_birth: z.string().nullable(),
  /** Null when not given; absent only where a screen has no use for it (the certificate page). */
  education_level: z.enum(educationLevels).nullable().optional(),
  meta: z.object({ code: z.string().nullable() }),
});
export type ParticipantMember = z.infer<typeof participantMemberSchema>;

/** Progress and scores, computed by the server. */
export const participantResultsSchema = z.object({
  /** Percent 0..100. */
  progress: z.number().int(),
  /** `{ pre_test: { score }, post_test: { score, final_score, passed }, list: [...] }`. */
  scores: z.record(z.string(), z.unknown()),
});

/** One row of 'Daftar Peserta'. */
export const participantSchema = z.object({
  id: z.uuid(),
  /** Kode Voucher. */
  license: z.string(),
  /** Kode Redeem. */
  pmo_code: z.string().nullable(),
  member: participantMemberSchema,
  results: participantResultsSchema,
  start_test_at: z.string().nullable(),
  end_test_at: z.string().nullable(),
  /** When the voucher was redeemed. */
  created_at: z.string(),
});
export type Participant = z.infer<typeof participantSchema>;

export const participantListSchema = pagedSchema(participantSchema);
export type ParticipantList = z.infer<typeof participantListSchema>;

/**
 * An activity of the Detail Aktivitas dialog. `upload` follows spec 01 §3 (`upload {file.url,
 * note {score, text}}`): `note` is the staff feedback; the member's own note is `member_note`.
 */
export const participantActivitySchema = z.object({
  id: z.uuid(),
  activity_id: z.uuid(),
  topic_id: z.uuid(),
  name: z.string(),
  title: z.string(),
  type: z.string(),
  activity_type: z.string(),
  seq: z.number().int(),
  is_complete: z.boolean(),
  completed_at: z.string().nullable(),
  /** Best quiz score 0..100, for quiz-type activities. */
  score: z.number().nullable(),
  upload: z.object({
    /**
     * The uploaded work. `url` is an API path answered only to staff who may see the participant
     * (fetched with the bearer token), never a public address.
     */
    file: z
      .object({
        url: z.string(),
        name: z.string(),
        size: z.number().nullable(),
        type: z.string().nullable(),
      })
      .nullable(),
    /** The member's note sent with the work. */
    member_note: z.string().nullable(),
    uploaded_at: z.string().nullable(),
    /** Staff feedback (score 0..100, text ≤ 250); null until given. */
    note: z
      .object({
        score: z.number().int().nullable(),
        text: z.string().nullable(),
        by: z.string().nullable(),
        at: z.string().nullable(),
      })
      .nullable(),
  }),
});
export type ParticipantActivity = z.infer<typeof participantActivitySchema>;

export const participantTopicSchema = z.object({
  id: z.uuid(),
  topic_id: z.uuid(),
  name: z.string(),
  seq: z.number().int(),
  activities: z.array(participantActivitySchema),
});
export type ParticipantTopic = z.infer<typeof participantTopicSchema>;

/** `GET /api/program/v1/trainer/member-redeem/detail/{id}`: the redemption with its topics. */
export const participantDetailSchema = participantSchema.extend({
  program: z.object({ id: z.uuid(), title: z.string() }),
  topics: z.array(participantTopicSchema),
});
export type ParticipantDetail = z.infer<typeof participantDetailSchema>;

/** `GET /api/program/v1/company/detail-member-redeem/{id}` (Detail Voucher). */
export const voucherDetailSchema = participantSchema.extend({
  program: z.object({ id: z.uuid(), title: z.string() }),
});
export type VoucherDetail = z.infer<typeof voucherDetailSchema>;

const birthDateField = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.iso
    .date({ error: participantMessages.birthDateInvalid })
    .refine((d) => d >= limits.birthDateMin, { error: participantMessages.birthDateMin })
    .refine((d) => d <= latestBirthDate(), { error: participantMessages.birthDateMax })
    .nullable(),
);

/**
 * Body of `PUT /api/users/v1/member/update_by_id/{id}` (spec 01 §7). The phone is read-only
 * (spec 01 §5): it may be sent back unchanged, never changed.
 */
export const memberUpdateBodySchema = z.object({
  fullname: z
    .string({ error: messages.required(L.fullname) })
    .trim()
    .min(1, { error: messages.required(L.fullname) })
    .max(limits.fullname, { error: messages.max(L.fullname, limits.fullname) }),
  email: z
    .string({ error: messages.required(L.email) })
    .trim()
    .min(1, { error: messages.required(L.email) })
    .max(limits.email, { error: messages.max(L.email, limits.email) })
    .pipe(z.email({ error: messages.email(L.email) })),
  date_of_birth: birthDateField,
  education_level: educationLevelField(),
  phone: z.string().trim().nullish(),
  meta: z
    .object({
      code: z
        .string()
        .trim()
        .max(limits.code, { error: messages.max(L.code, limits.code) })
        .nullish(),
    })
    .optional(),
});
export type MemberUpdateBody = z.input<typeof memberUpdateBodySchema>;
export type MemberUpdateBodyParsed = z.output<typeof memberUpdateBodySchema>;

/**
 * Body of `PUT /api/users/v1/trainer/feedback-mr` (spec 01 §7): score an integer 0..100 (a number
 * or a string of digits), text up to 250 characters (may be empty).
 */
export const feedbackBodySchema = z.object({
  member_redeem_id: uuidField('Peserta'),
  topic_id: uuidField('Topik'),
  activity_id: uuidField('Aktivitas'),
  score: z
    .union([z.number(), z.string()], { error: messages.required(L.score) })
    .transform((value, ctx) => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: messages.required(L.score), input: value });
        return z.NEVER;
      }
      const n = typeof text === 'number' ? text : /^\d+$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n < limits.scoreMin || n > limits.scoreMax) {
        ctx.addIssue({ code: 'custom', message: participantMessages.scoreInvalid, input: value });
        return z.NEVER;
      }
      return n;
    }),
  text: z
    .string()
    .trim()
    .max(limits.feedbackText, { error: messages.max(L.text, limits.feedbackText) })
    .nullish()
    .transform((v) => v ?? ''),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;
export type FeedbackBodyParsed = z.output<typeof feedbackBodySchema>;

/** `data` of the feedback call: what is stored now. */
export const feedbackSchema = z.object({
  member_redeem_id: z.uuid(),
  activity_id: z.uuid(),
  score: z.number().int(),
  text: z.string(),
  at: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const redeemWorkParamSchema = z.object({
  redeemId: z.uuid({ error: 'id tidak valid' }),
  activityId: z.uuid({ error: 'id tidak valid' }),
});
