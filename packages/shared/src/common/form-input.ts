/** Readers of form values shared by the schemas: forms send text, and '' for an empty field. */

/** An empty form value (null, '') reads as absent so the default applies. */
export const blankAsUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * Numeric strings from form fields ('12', '-5', '1.5') become numbers; anything else is left for
 * zod to reject, so '-5' reaches the "at least 0" rule rather than "must be a number".
 */
export const toNumber = (value: unknown) => {
  const v = blankAsUndefined(value);
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return v;
};
