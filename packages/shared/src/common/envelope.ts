import { z } from 'zod';

/** Every reply: `{ status, message, data }` (DESIGN §3). */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  status: number;
  message: string;
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

export const idParamSchema = z.object({ id: z.uuid({ error: 'id tidak valid' }) });

export const sortDirSchema = z.enum(['asc', 'desc']);
