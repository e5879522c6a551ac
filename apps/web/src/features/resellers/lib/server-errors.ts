import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/api/http';
import type { ResellerFormValues } from '../components/reseller-fields';

const formPaths = new Set<string>([
  'fullname',
  'email',
  'phone',
  'password',
  'meta.domicile',
  'meta.whatsapp_number',
  'meta.commission_provider',
]);

/**
 * Puts the server's field messages on their fields and answers the message for the snackbar
 * (spec 01 §8: a reseller save failure shows the server message).
 */
export function applyServerErrors(
  error: unknown,
  setError: UseFormSetError<ResellerFormValues>,
): string {
  if (error instanceof ApiError && error.validation) {
    let first: string | undefined;
    for (const [key, message] of Object.entries(error.validation)) {
      if (!formPaths.has(key)) continue;
      first ??= message;
      setError(key as FieldPath<ResellerFormValues>, { type: 'server', message });
    }
    return first ?? Object.values(error.validation)[0] ?? errorMessage(error);
  }
  return errorMessage(error);
}
