import type { Envelope } from '@ajar/shared/common/envelope';

/** Wraps data in the success envelope. */
export function ok<T>(data: T, message = 'success', status = 200): Envelope<T> {
  return { status, message, data };
}
