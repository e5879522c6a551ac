import { ApiError, errorMessage } from '@/api/http';

/**
 * The snackbar text of a failed export (spec 01 §8: the server message): a field error reply
 * ('error validation') shows its field messages instead of the bare word.
 */
export function exportErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.validation) {
    const fields = Object.values(error.validation);
    if (fields.length > 0) return fields.join('\n');
  }
  return errorMessage(error);
}
