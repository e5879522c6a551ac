import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from '../common/envelope';
import { messages } from '../common/messages';

export const studyFieldLimits = { title: 100, search: 100 } as const;

/** The choice that lets the user type a new study field (spec 01 §3). */
export const otherStudyTitle = 'Lainnya';

/** Trimmed, inner spaces collapsed: the form a title is stored and compared in. */
export function normalizeStudyTitle(title: string): string {
  return title.trim().replace(/\s+/g, ' ');
}

/** `POST /api/study/v1/create`: a name that exists (any case) answers the existing row. */
export const studyCreateBodySchema = z.object({
  title: z
    .string({ error: messages.required('Bidang studi') })
    .transform(normalizeStudyTitle)
    .pipe(
      z
        .string()
        .min(1, { error: messages.required('Bidang studi') })
        .max(studyFieldLimits.title, {
          error: messages.max('Bidang studi', studyFieldLimits.title),
        }),
    ),
});
export type StudyCreateBody = z.input<typeof studyCreateBodySchema>;

/** `GET /api/study/v1/list`: all fields by default. */
export const studyListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(-1),
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(studyFieldLimits.search, { error: messages.max('Pencarian', studyFieldLimits.search) })
      .optional(),
  ),
});
export type StudyListQuery = z.input<typeof studyListQuerySchema>;

export const studySchema = z.object({ id: z.uuid(), title: z.string() });
export type Study = z.infer<typeof studySchema>;

export const studyListSchema = pagedSchema(studySchema);
export type StudyList = z.infer<typeof studyListSchema>;

export const studyMessages = { created: 'Bidang studi berhasil ditambahkan' } as const;
