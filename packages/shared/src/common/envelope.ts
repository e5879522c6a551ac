import { z } from 'zod';

/** Every reply: `{ status, message, data }`. */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  status: number;
  message: string;
  /** A machine-readable reason of some refusals (`consent_required`). */
  code?: string;
  validation?: Record<string, string>;
}

/** Paged list shape: `data = { list, limit, page, total }`. */
export interface Paged<T> {
  list: T[];
  limit: number;
  page: number;
  total: number;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number(), message: z.string(), data });

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), limit: z.number(), page: z.number(), total: z.number() });

/** `limit=-1` means "all" (spec 01 §9). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(-1)
    .max(1000)
    .refine((n) => n !== 0, { error: 'limit tidak boleh 0' })
    .default(10),
});

/** The largest page of a list that grows with a program's participants. */
export const boundedPageLimit = 100;

/**
 * Paging for lists that grow with a program's size (voucher codes and batches): no "all"
 * (`limit=-1`), at most `boundedPageLimit` a page; a bigger ask is a clear 400.
 */
export const boundedPageQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  limit: z.coerce
    .number({ error: 'limit tidak valid' })
    .int({ error: 'limit tidak valid' })
    .min(1, {
      error: `limit harus antara 1 dan ${boundedPageLimit}; untuk semua data gunakan Export`,
    })
    .max(boundedPageLimit, {
      error: `limit harus antara 1 dan ${boundedPageLimit}; untuk semua data gunakan Export`,
    })
    .default(10),
});

export const idParamSchema = z.object({ id: z.uuid({ error: 'id tidak valid' }) });

export const sortDirSchema = z.enum(['asc', 'desc']);
