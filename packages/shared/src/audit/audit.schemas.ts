import { z } from 'zod';
import { pagedSchema } from '../common/envelope';
import { auditActions, auditMessages, auditSubjectTypes } from './audit.constants';

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const blank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const day = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: auditMessages.dateInvalid })
    .optional(),
);

/** The filter of 'Log Aktivitas' and of its export. Days are whole UTC days, both included. */
export const auditFilterSchema = z
  .object({
    actor_user_id: z.preprocess(blank, z.uuid({ error: auditMessages.actorInvalid }).optional()),
    subject_type: z.preprocess(
      blank,
      z.enum(auditSubjectTypes, { error: auditMessages.subjectInvalid }).optional(),
    ),
    subject_id: z.preprocess(blank, z.uuid({ error: 'id tidak valid' }).optional()),
    action: z.preprocess(
      blank,
      z.enum(auditActions, { error: auditMessages.actionInvalid }).optional(),
    ),
    from: day,
    to: day,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: auditMessages.rangeInvalid,
    path: ['to'],
  });
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce
      .number({ error: 'limit tidak valid' })
      .int({ error: 'limit tidak valid' })
      .min(1, { error: 'limit harus antara 1 dan 100' })
      .max(100, { error: 'limit harus antara 1 dan 100' })
      .default(20),
  })
  .and(auditFilterSchema);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  actor_user_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  actor_role: z.string().nullable(),
  actor_ip: z.string().nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = pagedSchema(auditEntrySchema);
export type AuditList = z.infer<typeof auditListSchema>;
