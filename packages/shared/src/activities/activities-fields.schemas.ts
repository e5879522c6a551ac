import { z } from 'zod';
import { blankAsUndefined, toNumber } from '../common/form-input';
import { messages } from '../common/messages';
import { activityMessages } from './activities.constants';

// Input helpers shared by the activity schemas (settings, content, pop-up quiz).

export const nullAsUndefined = (value: unknown) => (value === null ? undefined : value);

/**
 * A yes/no setting. Spec 02 §3: booleans are sent as 1 and 0; true/false and '1'/'0' are
 * accepted too and stored as 1/0, so every reader sees one form.
 */
export const toFlag = (value: unknown) => {
  const v = blankAsUndefined(value);
  if (v === true || v === 1 || v === '1' || v === 'true') return 1;
  if (v === false || v === 0 || v === '0' || v === 'false') return 0;
  return v;
};
export const flagLiteral = z.literal([0, 1], { error: 'Nilai harus 1 atau 0' });
export const flagSchema = z.preprocess(toFlag, flagLiteral.default(0));
/** A yes/no that may be unset (absent, null or ''). */
export const optionalFlagSchema = z.preprocess(toFlag, flagLiteral.optional());
export type Flag = 0 | 1;

export const wholeNumberValue = (label: string, min: number, max: number) =>
  z
    .number({ error: messages.number(label) })
    .int({ error: messages.number(label) })
    .min(min, { error: messages.numberMin(label, min) })
    .max(max, { error: `${label} harus kurang dari atau sama dengan ${max}` });

export const wholeNumber = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(toNumber, wholeNumberValue(label, min, max).default(fallback));

export const optionalUrl = z.preprocess(
  (value: unknown) => (value === null || value === undefined ? '' : value),
  z
    .string()
    .trim()
    .max(2048, { error: messages.max('URL', 2048) })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: activityMessages.url }),
);

/** Longest duration in minutes (a year): settings' estimate and timer, the pop-up quiz time. */
export const minutesMax = 60 * 24 * 365;
