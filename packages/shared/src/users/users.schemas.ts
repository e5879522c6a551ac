import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from '../common/envelope';
import { messages } from '../common/messages';

export const trainerListLimits = { search: 100, ids: 50 } as const;

/** Browsers send an empty string for an empty query parameter: read it as absent. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * `GET /api/users/v1/trainers`: active trainer accounts a facilitator can be linked to. `q`
 * searches name and e-mail; `ids` (comma-separated) looks up the accounts a form already links.
 */
export const trainerListQuerySchema = pageQuerySchema.extend({
  q: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(trainerListLimits.search, {
        error: messages.max('Pencarian', trainerListLimits.search),
      })
      .optional(),
  ),
  ids: z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : emptyAsUndefined(value),
    z
      .array(z.uuid({ error: 'id tidak valid' }))
      .max(trainerListLimits.ids, { error: `ids maksimal ${trainerListLimits.ids}` })
      .optional(),
  ),
});
export type TrainerListQuery = z.input<typeof trainerListQuerySchema>;
export type TrainerListQueryParsed = z.output<typeof trainerListQuerySchema>;

/** A trainer account as the facilitator's 'Akun trainer' choice shows it. */
export const trainerAccountSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  email: z.string(),
});
export type TrainerAccount = z.infer<typeof trainerAccountSchema>;

export const trainerListSchema = pagedSchema(trainerAccountSchema);
export type TrainerList = z.infer<typeof trainerListSchema>;
