import { ApiError, errorMessage } from '@/api/http';

/**
 * The lines a failed post shows (spec 01 §5, §8): an 'error validation' answer gives one line per
 * field message, anything else its message.
 */
export function failureLines(error: unknown): string[] {
  if (error instanceof ApiError && error.validation && Object.keys(error.validation).length > 0) {
    return Object.values(error.validation);
  }
  return [errorMessage(error)];
}
