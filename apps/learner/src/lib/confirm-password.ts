import type { FieldErrors } from './form';

export const passwordMismatch = 'Konfirmasi password tidak sama';

/** Adds the 'Ulangi password' check to a schema's verdict (the server takes one password). */
export function confirmPassword<D>(
  verdict: { ok: true; data: D } | { ok: false; errors: FieldErrors },
  values: Record<string, string>,
): { ok: true; data: D } | { ok: false; errors: FieldErrors } {
  const mismatch = (values.password ?? '') !== (values.password_confirmation ?? '');
  if (!mismatch) return verdict;
  const errors = verdict.ok ? {} : verdict.errors;
  return { ok: false, errors: { ...errors, password_confirmation: passwordMismatch } };
}
