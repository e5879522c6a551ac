import { z } from 'zod';
import { messages } from '../common/messages';
import {
  participantMemberSchema,
  participantResultsSchema,
} from '../participants/participants.schemas';
import { certificateKinds } from './certificates.constants';

const kindSchema = z.enum(certificateKinds, { error: 'kind tidak valid' });

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
 * `GET /api/certificate/v1/verify/{number}` (public): whether the number is genuine, whose it is
 * and for which program, nothing more (DESIGN §11): no email, phone or ids.
 */
export const certificateVerificationSchema = z.object({
  valid: z.literal(true),
  number: z.string(),
  kind: kindSchema,
  member: z.object({ fullname: z.string() }),
  program: z.object({ title: z.string() }),
  /** The date the certificate carries: completion for graduation, first issue otherwise. */
  issued_at: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** A certificate already issued for a redemption. */
export const issuedCertificateSchema = z.object({
  kind: kindSchema,
  number: z.string(),
  issued_at: z.string(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificateSchema>;

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
