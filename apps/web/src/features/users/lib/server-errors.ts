import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/api/http';

/**
 * Puts the server's field messages (e.g. a taken e-mail) on the form's fields and answers the
 * message for the snackbar.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): string {
  if (error instanceof ApiError && error.validation) {
    let first: string | undefined;
    for (const [key, message] of Object.entries(error.validation)) {
      const field = fields.find((f) => f === key);
      if (!field) continue;
      first ??= message;
      setError(field, { type: 'server', message });
    }
    return first ?? Object.values(error.validation)[0] ?? errorMessage(error);
  }
  return errorMessage(error);
}
