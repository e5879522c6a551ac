import { z } from 'zod';
import { zoneDateKey } from '../common/datetime';
import { toNumber } from '../common/form-input';
import { messages } from '../common/messages';
import {
  participantMemberSchema,
  participantResultsSchema,
} from '../participants/participants.schemas';
import {
  certificateFieldLabels as L,
  certificateKinds,
  certificateLimits,
  certificateMessages,
  certificateStatuses,
  certificateTemplates,
} from './certificates.constants';

const kindSchema = z.enum(certificateKinds, { error: 'kind tidak valid' });
const statusSchema = z.enum(certificateStatuses);

/** `GET /api/certificate/v1/{participant|graduation}/{redeemId}`. */
export const certificateRedeemParamSchema = z.object({
  redeemId: z.uuid({ error: 'id tidak valid' }),
});

/** `GET /api/certificate/v1/program/{programId}/zip?kind=participant|graduation`. */
export const certificateZipParamSchema = z.object({
  programId: z.uuid({ error: 'id tidak valid' }),
});
export const certificateZipQuerySchema = z.object({
  kind: kindSchema.default('graduation'),
  /** `true` once the user confirmed a zip past `jobLimits.zipConfirmAbove` certificates. */
  confirm: z
    .enum(['true', 'false'], { error: 'confirm harus true atau false' })
    .default('false')
    .transform((v) => v === 'true'),
});

/**
 * A certificate number as typed or scanned (`AJR-2026-11-7K3QX9MD`). Any string of sane length is
 * accepted so that a wrong number answers 404 'Sertifikat tidak ditemukan' like a missing one.
 */
export const certificateVerifyParamSchema = z.object({
  number: z.string().trim().toUpperCase().min(1).max(64),
});

/**
 * `GET /api/certificate/v1/verify/{number}` (public): whether the number is genuine and in force,
 * whose it is and for which program, as the certificate stated it at issue; nothing more (anyone
 * may ask): no email, phone or ids.
 */
export const certificateVerificationSchema = z.object({
  /** True only for a certificate in force: issued, not replaced and not revoked. */
  valid: z.boolean(),
  status: statusSchema,
  number: z.string(),
  kind: kindSchema,
  member: z.object({ fullname: z.string() }),
  /** `minutes`: the learning time printed (0 when the program had none set). */
  program: z.object({ title: z.string(), minutes: z.number().int() }),
  /** The date the certificate carries: completion for graduation, first issue otherwise. */
  issued_at: z.string(),
  /** The end of its validity, fixed at issue (the program's setting then); null: no end. */
  valid_until: z.string().nullable(),
  /** The validity has ended (`valid` is false then, whatever `status` says). */
  expired: z.boolean(),
  /** A replaced certificate: when, and the number in force now (the last correction). */
  replaced_by: z.object({ number: z.string(), at: z.string() }).nullable(),
  /** A revoked certificate: when and why (the reason staff gave is public). */
  revoked: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/**
 * A certificate issued for a redemption, as staff see it: what it states (its own copy, kept
 * from its issue) and its state.
 */
export const issuedCertificateSchema = z.object({
  id: z.uuid(),
  kind: kindSchema,
  number: z.string(),
  /** The date the certificate carries: completion for graduation, first issue otherwise. */
  issued_at: z.string(),
  /** When the number was issued. */
  created_at: z.string(),
  /** The end of its validity, fixed at issue; null: no end. */
  valid_until: z.string().nullable(),
  expired: z.boolean(),
  status: statusSchema,
  fullname: z.string(),
  program_title: z.string(),
  program_minutes: z.number().int(),
  template: z.enum(certificateTemplates),
  /** Why it was corrected (replaced) or revoked, by whom and when; null while valid. */
  change: z.object({ reason: z.string(), at: z.string(), by: z.string().nullable() }).nullable(),
  /** The number this one corrects, and the number that corrected this one. */
  replaces: z.string().nullable(),
  replaced_by: z.string().nullable(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificateSchema>;

/** `POST /api/certificate/v1/{correct|revoke}/{id}`: a certificate's id. */
export const certificateIdParamSchema = z.object({
  id: z.uuid({ error: 'id tidak valid' }),
});

const reasonSchema = z
  .string({ error: messages.required(L.reason) })
  .trim()
  .min(1, { error: messages.required(L.reason) })
  .min(certificateLimits.reasonMin, { error: messages.min(L.reason, certificateLimits.reasonMin) })
  .max(certificateLimits.reason, { error: messages.max(L.reason, certificateLimits.reason) });

const requiredText = (label: string, max: number) =>
  z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, { error: messages.required(label) })
    .max(max, { error: messages.max(label, max) });

/**
 * `POST /api/certificate/v1/correct/{id}`: the corrected data of a valid certificate, every field
 * as it should read (the dialog starts from the certificate's own). A new number is issued with
 * it; the old one says it was replaced. At least one field must differ.
 */
export const certificateCorrectBodySchema = z.object({
  fullname: requiredText(L.fullname, certificateLimits.fullname),
  program_title: requiredText(L.programTitle, certificateLimits.programTitle),
  program_minutes: z.preprocess(
    toNumber,
    z
      .number({ error: messages.number(L.programMinutes) })
      .int({ error: messages.number(L.programMinutes) })
      .min(0, { error: messages.numberMin(L.programMinutes, 0) })
      .max(certificateLimits.programMinutes, {
        error: messages.numberMax(L.programMinutes, certificateLimits.programMinutes),
      }),
  ),
  /** `YYYY-MM-DD`, the Jakarta calendar day printed; not after today. */
  certificate_date: z
    .string({ error: messages.required(L.certificateDate) })
    .trim()
    .min(1, { error: messages.required(L.certificateDate) })
    .pipe(z.iso.date({ error: certificateMessages.dateInvalid }))
    .refine((d) => d <= zoneDateKey(), { error: certificateMessages.dateInFuture }),
  reason: reasonSchema,
});
export type CertificateCorrectBody = z.input<typeof certificateCorrectBodySchema>;

/** `POST /api/certificate/v1/revoke/{id}`: why (shown on the public verification page). */
export const certificateRevokeBodySchema = z.object({ reason: reasonSchema });
export type CertificateRevokeBody = z.infer<typeof certificateRevokeBodySchema>;

/**
 * `GET /api/users/v1/member_redeem/detail/{id}` (spec 01 §3 'Member redemption'): what the
 * certificate page reads, with the certificates already issued and, per kind, why one would be
 * refused (null when it may be issued).
 */
export const certificateRedeemDetailSchema = z.object({
  id: z.uuid(),
  license: z.string(),
  pmo_code: z.string().nullable(),
  member: participantMemberSchema,
  program: z.object({
    id: z.uuid(),
    title: z.string(),
    is_prakerja: z.boolean(),
    learning_targets: z.object({ competence: z.array(z.string()) }),
  }),
  results: participantResultsSchema,
  start_test_at: z.string().nullable(),
  end_test_at: z.string().nullable(),
  /** An external certificate id set by `update-sertificate` (e.g. the Prakerja platform's). */
  sertificate_id: z.string().nullable(),
  certificates: z.array(issuedCertificateSchema),
  refusals: z.object({ participant: z.string().nullable(), graduation: z.string().nullable() }),
});
export type CertificateRedeemDetail = z.infer<typeof certificateRedeemDetailSchema>;

/**
 * `PUT /api/users/v1/member/order/update-sertificate` (spec 01 §7): links an external
 * certificate id to a redemption (`order_id` is the member redemption id).
 */
export const updateSertificateBodySchema = z.object({
  order_id: z.uuid({ error: 'order_id tidak valid' }),
  sertificate_id: z
    .string({ error: messages.required('sertificate_id') })
    .trim()
    .min(1, { error: messages.required('sertificate_id') })
    .max(100, { error: messages.max('sertificate_id', 100) }),
});
export const updateSertificateReplySchema = z.object({
  order_id: z.uuid(),
  sertificate_id: z.string(),
});
