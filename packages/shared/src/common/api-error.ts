import type { ErrorEnvelope } from './envelope';

/** A refused or failed API call as both apps' HTTP clients report it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly validation?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** `path?query` of an API path on this origin; empty values are left out. */
export function apiUrl(path: string, query: Query | undefined, origin: string): string {
  const url = new URL(path, origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** The envelope of a reply's text (`{ status, message, data }`), or null when it is not JSON. */
export function readEnvelope<T>(text: string): (ErrorEnvelope & { data?: T }) | null {
  try {
    return text ? (JSON.parse(text) as ErrorEnvelope & { data?: T }) : null;
  } catch {
    return null;
  }
}

/** The ApiError of a refusal: the server's message and field messages. */
export function refusal(status: number, envelope: ErrorEnvelope | null): ApiError {
  return new ApiError(
    status,
    envelope?.message ?? `Permintaan gagal (${status})`,
    envelope?.validation,
  );
}
