import { z } from 'zod';
import { pagedSchema, pageQuerySchema, sortDirSchema } from '../common/envelope';
import { messages } from '../common/messages';
import { mediaMessages, mediaSortFields, mediaTypes } from './media.constants';
import { videoStreamSchema } from './media-video';

/** Browsers send an empty string for an empty form field or query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = (field: string, max: number) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(max, { error: messages.max(field, max) })
      .optional(),
  );

/** Limits of the text fields of a media item, shared by the picker's side panel and the server. */
export const mediaFieldLimits = {
  title: 255,
  alt: 255,
  caption: 1000,
  description: 5000,
  source: 50,
  url: 2048,
} as const;

/**
 * The text fields of the multipart upload (spec 01 §7, spec 02 §7): `file` travels beside them.
 * Labels follow the picker's side panel 'Information media'.
 */
export const mediaUploadFieldsSchema = z.object({
  title: optionalText('Title', mediaFieldLimits.title),
  alt: optionalText('Alt', mediaFieldLimits.alt),
  caption: optionalText('Caption', mediaFieldLimits.caption),
  description: optionalText('Description', mediaFieldLimits.description),
  /** Where the file came from; the screens always send 'upload'. */
  source: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(mediaFieldLimits.source, { error: messages.max('Source', mediaFieldLimits.source) })
      .regex(/^[a-z0-9_-]+$/i, { error: messages.invalidForm })
      .default('upload'),
  ),
  /** A link that belongs with the media (for instance its origin); kept, not fetched. */
  url: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(mediaFieldLimits.url, { error: messages.max('URL', mediaFieldLimits.url) })
      .pipe(z.url({ protocol: /^https?$/, error: mediaMessages.invalidUrl }))
      .optional(),
  ),
});
export type MediaUploadFields = z.input<typeof mediaUploadFieldsSchema>;
export type MediaUploadFieldsParsed = z.output<typeof mediaUploadFieldsSchema>;
/** The names the multipart form may carry besides `file`. */
export const mediaUploadFieldNames = Object.keys(
  mediaUploadFieldsSchema.shape,
) as (keyof MediaUploadFields)[];

/** `?type=` of an upload: the kind the picker asked for; a file of another kind is not stored. */
export const mediaUploadQuerySchema = z.object({
  type: z.enum(mediaTypes).optional(),
});

export const mediaItemSchema = z.object({
  id: z.uuid(),
  /** Where the file is served: `/media/<yyyy>/<mm>/<uuid>.<ext>` (absolute when PUBLIC_URL is set). */
  url: z.string(),
  /** Same as `url`; the screens read this one. */
  public_url: z.string(),
  type: z.enum(mediaTypes),
  mime: z.string(),
  /** Bytes. */
  size: z.number().int(),
  title: z.string().nullable(),
  caption: z.string().nullable(),
  alt: z.string().nullable(),
  description: z.string().nullable(),
  source: z.string(),
  created_at: z.string(),
  /** A video's adaptive-streaming conversion; null for other kinds, or without FFmpeg. */
  video: videoStreamSchema.nullable(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListSchema = pagedSchema(mediaItemSchema);
export type MediaList = z.infer<typeof mediaListSchema>;

/** Media list (spec 02 §7): limit (default 10, -1 all), page, type, sort, dir, and a title search. */
export const mediaListQuerySchema = pageQuerySchema.extend({
  type: z.preprocess(
    emptyAsUndefined,
    z.enum(mediaTypes, { error: 'Tipe media tidak valid' }).optional(),
  ),
  sort: z.preprocess(
    emptyAsUndefined,
    z.enum(mediaSortFields, { error: 'Urutan tidak valid' }).default('created_at'),
  ),
  dir: z.preprocess(emptyAsUndefined, sortDirSchema.default('desc')),
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(100).optional()),
});
export type MediaListQuery = z.input<typeof mediaListQuerySchema>;
export type MediaListQueryParsed = z.output<typeof mediaListQuerySchema>;

/** Any string: an id that is not a UUID is simply not found (404), as the brief asks. */
export const mediaIdParamSchema = z.object({ id: z.string().max(100) });

/** The kinds of media a question, option or explanation may carry (picker 'Sisipkan image/audio'). */
export const pickableMediaTypes = ['image', 'audio'] as const;
export type PickableMediaType = (typeof pickableMediaTypes)[number];

/** Messages of a media reference the server checks against the library (on the reference's key). */
export const mediaRefMessages = {
  /** No library item of that id, or no id at all (an address alone is not accepted). */
  notFound: 'Media tidak ditemukan',
  /** The library item is of another kind than the field takes. */
  wrongKind: 'Tipe media tidak sesuai',
} as const;

/**
 * A reference to a media item inside question data (question, option, explanation media): the
 * library id and the served url, kept together so a question renders without another lookup.
 * The id is what counts: the server looks it up and takes url and type from the library.
 */
export const mediaRefSchema = z.object({
  id: z.uuid({ error: 'Media tidak valid' }).nullable(),
  url: z
    .string()
    .trim()
    .max(mediaFieldLimits.url)
    .refine((url) => /^(https?:\/\/[^\s]+|\/media\/[^\s]+)$/.test(url), {
      error: 'URL media tidak valid',
    }),
  type: z.enum(pickableMediaTypes, { error: 'Tipe media tidak valid' }),
});
export type MediaRef = z.infer<typeof mediaRefSchema>;
