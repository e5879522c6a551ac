import { z } from 'zod';
import { pagedSchema, pageQuerySchema, sortDirSchema } from '../common/envelope';
import { messages } from '../common/messages';
import { certificateMessages, certificateValidities } from '../certificates/certificates.constants';
import {
  programFieldLabels as L,
  programFieldLimits as limits,
  programMessages,
  programSortFields,
  programStatuses,
  programTypes,
} from './programs.constants';

/** Browsers send an empty string for an empty form field or query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { error: messages.required(field) })
    .max(max, { error: messages.max(field, max) });

/**
 * Whether rich text (HTML from the editor) has anything a reader would see: an editor left empty
 * still sends `<p></p>` or `<p><br></p>`. An image counts only with an address (the sanitizer
 * leaves `<img />` of a refused one). The server asks this of the sanitized HTML, so markup the
 * sanitizer drops (`<script>x</script>`) does not count.
 */
export function richTextHasContent(html: string): boolean {
  // `[^<>]` ends each scan at the next `<`: a long text of unclosed tags stays linear.
  const images = html.match(/<img\b[^<>]*>/gi) ?? [];
  if (images.some((tag) => /\ssrc\s*=\s*("\s*[^"\s]|'\s*[^'\s]|[^\s"'>])/i.test(tag))) return true;
  if (/<(iframe|video)\b/i.test(html)) return true;
  const text = html
    .replace(/<[^<>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
  return text.length > 0;
}

const requiredRichText = (field: string, max: number) =>
  z
    .string({ error: messages.required(field) })
    .max(max, { error: messages.max(field, max) })
    .refine(richTextHasContent, { error: messages.required(field) });

const optionalRichText = (field: string, max: number) =>
  z
    .string()
    .max(max, { error: messages.max(field, max) })
    .nullish()
    .transform((v) => v ?? '');

/** A web address or a path on this server (media are served under `/media`). */
const mediaUrl = z
  .string()
  .trim()
  .max(limits.url, { error: messages.max('URL', limits.url) })
  .refine((u) => /^https?:\/\//i.test(u) || /^\/(?!\/)/.test(u), {
    error: programMessages.invalidImageUrl,
  });

/** A picked media item (cover, facilitator photo): the server checks the id exists. */
export const mediaRefSchema = z.object({
  id: z.uuid({ error: 'Media tidak valid' }),
  url: mediaUrl,
});
export type MediaRef = z.infer<typeof mediaRefSchema>;

/**
 * A rupiah amount typed in a form: a number or a string of digits. `required` reports a missing
 * value with "{field} tidak boleh kosong"; an optional one reads empty as null.
 */
function priceField<R extends boolean>(field: string, required: R) {
  return z
    .union([z.number(), z.string(), z.null()], {
      error: required ? messages.required(field) : messages.number(field),
    })
    .optional()
    .transform((value, ctx): R extends true ? number : number | null => {
      type Out = R extends true ? number : number | null;
      const empty = value == null || (typeof value === 'string' && value.trim() === '');
      if (empty) {
        if (!required) return null as Out;
        ctx.addIssue({ code: 'custom', message: messages.required(field), input: value });
        return z.NEVER;
      }
      const n = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isFinite(n) || !Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: messages.number(field), input: value });
        return z.NEVER;
      }
      if (n < 0) {
        ctx.addIssue({ code: 'custom', message: messages.numberMin(field, 0), input: value });
        return z.NEVER;
      }
      if (n > limits.price) {
        ctx.addIssue({
          code: 'custom',
          message: programMessages.priceTooLarge(field),
          input: value,
        });
        return z.NEVER;
      }
      return n as Out;
    });
}

/**
 * One "link penjualan" row. A row left completely empty is dropped (the form starts with one
 * blank row); a half-filled row asks for the missing part.
 */
const sellingLinkInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .max(limits.sellingLinkTitle, {
        error: messages.max(L.sellingLinkTitle, limits.sellingLinkTitle),
      })
      .nullish()
      .transform((v) => v ?? ''),
    url: z
      .string()
      .trim()
      .max(limits.url, { error: messages.max(L.sellingLinkUrl, limits.url) })
      .nullish()
      .transform((v) => v ?? ''),
  })
  .superRefine((link, ctx) => {
    if (!link.title && !link.url) return;
    if (!link.title)
      ctx.addIssue({
        code: 'custom',
        path: ['title'],
        message: messages.required(L.sellingLinkTitle),
      });
    if (!link.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: messages.required(L.sellingLinkUrl) });
    else if (!/^https?:\/\/[^\s]+$/i.test(link.url))
      ctx.addIssue({ code: 'custom', path: ['url'], message: programMessages.invalidUrl });
  });

export const sellingLinkSchema = z.object({ title: z.string(), url: z.string() });
export type SellingLink = z.infer<typeof sellingLinkSchema>;

/** A facilitator in the program form; `id` keeps an existing row, no `id` adds one. */
export const facilitatorInputSchema = z.object({
  id: z.uuid().nullish(),
  name: requiredText(L.facilitatorName, limits.facilitatorName),
  description: optionalRichText(L.facilitatorDescription, limits.facilitatorDescription),
  picture: mediaRefSchema.nullish().transform((v) => v ?? null),
  /** A trainer account this facilitator is; links the trainer to the program. */
  user_id: z
    .uuid({ error: programMessages.trainerNotFound })
    .nullish()
    .transform((v) => v ?? null),
  status: z.enum(['active', 'inactive']).optional(),
});
export type FacilitatorInput = z.input<typeof facilitatorInputSchema>;

/**
 * Body of `POST /api/program/v1/company/create` and `PUT /api/program/v1/company/update/{id}`
 * (spec 01 §3/§7). Messages are the spec's (§5).
 */
export const programBodySchema = z.object({
  title: requiredText(L.title, limits.title),
  type: z.enum(programTypes, { error: programMessages.invalidType }).default('online'),
  /** Rich text (HTML); sanitized by the server on write. */
  program_benefits: requiredRichText(L.programBenefits, limits.programBenefits),
  learning_targets: z.object(
    {
      studies: z.object(
        {
          id: z.uuid({ error: messages.required(L.studies) }),
          title: z.string().max(255).optional(),
        },
        { error: messages.required(L.studies) },
      ),
      competence: z
        .array(requiredText(L.competence, limits.competence), {
          error: messages.required(L.competence),
        })
        .min(1, { error: messages.required(L.competence) })
        .max(limits.competences, { error: `Kompetensi maksimal ${limits.competences}` }),
    },
    { error: messages.required(L.studies) },
  ),
  program_information: z.object(
    {
      cover: mediaRefSchema.nullish().transform((v) => v ?? null),
      /** Harga Coret: optional, ≥ 0; larger than Harga Jual is only a hint. */
      discount_price: priceField(L.discountPrice, false),
      /** Harga Jual: required. */
      selling_price: priceField(L.sellingPrice, true),
      selling_link: z
        .array(sellingLinkInputSchema)
        .max(limits.sellingLinks, { error: `Link penjualan maksimal ${limits.sellingLinks}` })
        .nullish()
        .transform((links) => (links ?? []).filter((l) => l.title || l.url)),
    },
    { error: messages.required(L.sellingPrice) },
  ),
  fasilitator: z
    .array(facilitatorInputSchema)
    .max(limits.facilitators, { error: `Fasilitator maksimal ${limits.facilitators}` })
    .nullish()
    .transform((v) => v ?? []),
  /** Draft when absent on create; on update a change must follow the status transitions. */
  status: z.enum(programStatuses, { error: programMessages.invalidStatus }).optional(),
  is_free: z.boolean().default(false),
  is_prakerja: z.boolean().default(false),
  /** Absent: 'none' on create, unchanged on update (clients that predate the setting). */
  certificate_validity: z
    .enum(certificateValidities, { error: certificateMessages.invalidValidity })
    .optional(),
});
export type ProgramBody = z.input<typeof programBodySchema>;
export type ProgramBodyParsed = z.output<typeof programBodySchema>;

/** `PUT /api/program/v1/company/update-status/{id}`. */
export const programStatusBodySchema = z.object({
  status: z.enum(programStatuses, { error: programMessages.invalidStatus }),
});
export type ProgramStatusBody = z.infer<typeof programStatusBodySchema>;

const searchQuery = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .trim()
    .max(limits.search, { error: messages.max('Pencarian', limits.search) })
    .optional(),
);
const statusQuery = z.preprocess(
  emptyAsUndefined,
  z.enum(programStatuses, { error: programMessages.invalidStatus }).optional(),
);

/** `GET /api/program/v1/company/list`. */
export const programListQuerySchema = pageQuerySchema.extend({
  status: statusQuery,
  sort: z.preprocess(emptyAsUndefined, z.enum(programSortFields).default('created_at')),
  sort_type: z.preprocess(emptyAsUndefined, sortDirSchema.default('desc')),
  q: searchQuery,
});
export type ProgramListQuery = z.input<typeof programListQuerySchema>;
export type ProgramListQueryParsed = z.output<typeof programListQuerySchema>;

/** `GET /api/program/v1/trainer/list`: all assigned programs by default. */
export const trainerProgramListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(-1),
  status: statusQuery,
  q: searchQuery,
});
export type TrainerProgramListQuery = z.input<typeof trainerProgramListQuerySchema>;

export const studyRefSchema = z.object({ id: z.uuid(), title: z.string() });

export const facilitatorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  picture: mediaRefSchema.nullable(),
  user_id: z.uuid().nullable(),
  status: z.string(),
});
export type Facilitator = z.infer<typeof facilitatorSchema>;

/** A program as the list and the detail answer it (spec 01 §3). Dates are ISO strings. */
export const programSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(programTypes),
  program_benefits: z.string(),
  learning_targets: z.object({
    studies: studyRefSchema.nullable(),
    competence: z.array(z.string()),
  }),
  program_information: z.object({
    cover: mediaRefSchema.nullable(),
    discount_price: z.number().nullable(),
    selling_price: z.number(),
    selling_link: z.array(sellingLinkSchema),
  }),
  fasilitator: z.array(facilitatorSchema),
  status: z.enum(programStatuses),
  is_free: z.boolean(),
  is_prakerja: z.boolean(),
  certificate_validity: z.enum(certificateValidities),
  /** Member redemptions of the program. */
  total_participants: z.number().int(),
  /** Unread participant messages of the program. */
  total_unread: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  end_test_at: z.string().nullable(),
});
export type Program = z.infer<typeof programSchema>;

export const programListSchema = pagedSchema(programSchema);
export type ProgramList = z.infer<typeof programListSchema>;

/**
 * `GET /api/users/v1/public/program/detail/{id}`: what a public page shows of a published
 * program; facilitators without their account link.
 */
export const publicProgramSchema = programSchema
  .omit({
    fasilitator: true,
    total_unread: true,
    updated_at: true,
    end_test_at: true,
    certificate_validity: true,
  })
  .extend({ fasilitator: z.array(facilitatorSchema.omit({ user_id: true, status: true })) });
export type PublicProgram = z.infer<typeof publicProgramSchema>;

/** `data` of create: the new id. */
export const programCreatedSchema = z.object({ id: z.uuid() });
