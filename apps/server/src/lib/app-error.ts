import { messages } from '@ajar/shared/common/messages';

/**
 * `Retry-After` of a 429 whose source does not know better (every 429 carries one).
 * Sources that know when the client may try again pass their own seconds.
 */
export const defaultRetryAfterSeconds = 60;

/** The one error type services throw; the error plugin turns it into the envelope of DESIGN §3. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly validation?: Record<string, string>,
    /** Whole seconds until the client may try again: the `Retry-After` header (429, 503). */
    readonly retryAfterSeconds?: number,
    /** A machine-readable reason beside the message, for the client to act on. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, validation?: Record<string, string>) {
    return new AppError(400, message, validation);
  }

  /** A field error in the `error validation` shape. */
  static validation(validation: Record<string, string>) {
    return new AppError(400, 'error validation', validation);
  }

  static unauthorized(message = messages.unauthorized) {
    return new AppError(401, message);
  }

  static forbidden(message = 'Anda tidak memiliki akses') {
    return new AppError(403, message);
  }

  static notFound(message = 'Data tidak ditemukan') {
    return new AppError(404, message);
  }

  static conflict(message: string) {
    return new AppError(409, message);
  }

  static tooLarge(message: string) {
    return new AppError(413, message);
  }

  static unsupported(message: string) {
    return new AppError(415, message);
  }

  /** 429 with `Retry-After`: the whole seconds until the client may try again (at least 1). */
  static tooMany(
    message: string,
    retryAfterSeconds = defaultRetryAfterSeconds,
    validation?: Record<string, string>,
  ) {
    return new AppError(429, message, validation, Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}
