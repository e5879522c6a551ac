import { readApiReply, sendApiCall } from '@ajar/shared/common/api-client';
import { ApiError, apiUrl, type Query } from '@ajar/shared/common/api-error';
import { messages } from '@ajar/shared/common/messages';
import { sendWithProgress } from '@ajar/shared/common/upload-progress';
import { readSession, writeSession } from './session';

export { ApiError, type Query };
export { errorMessage } from '@ajar/shared/common/api-client';

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Called on any 401: the session is cleared and the user goes to /login (spec 01 §8). */
let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: Query): string {
  return apiUrl(path.startsWith('/api') ? path : `/api${path}`, query, window.location.origin);
}

function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { authorization: `Bearer ${session.token}` } : {};
}

function unwrap<T>(res: Response): Promise<T> {
  return readApiReply<T>(res, () => {
    if (res.status !== 401) return;
    writeSession(null);
    onUnauthorized();
  });
}

const networkError = () => new ApiError(0, messages.networkError);

/** The one HTTP client: adds the bearer token, unwraps the envelope, handles 401. */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const res = await sendApiCall(
    {
      method,
      url: buildUrl(path, options.query),
      headers: { ...authHeaders(), ...options.headers },
      body: options.body,
      signal: options.signal,
    },
    networkError,
  );
  return unwrap<T>(res);
}

export const http = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Query) =>
    request<T>('POST', path, { body, query }),
  put: <T>(path: string, body?: unknown, query?: Query) => request<T>('PUT', path, { body, query }),
  delete: <T>(path: string, query?: Query) => request<T>('DELETE', path, { query }),
};

/** Multipart upload with progress. */
export function upload<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const headers = { accept: 'application/json', ...authHeaders() };
  return sendWithProgress({ method, url: buildUrl(path), headers, form, onProgress }).then(
    (res) => unwrap<T>(res),
    () => {
      throw networkError();
    },
  );
}

/**
 * A record the user cannot open: the server answers 404 alike for one that is gone and one of
 * another trainer, and 400 on the `id` alone for an address that cannot name any record. Screens
 * show the not-found page for both.
 */
export function isMissingRecord(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) return true;
  const fields = Object.keys(error.validation ?? {});
  return error.status === 400 && fields.length > 0 && fields.every((f) => f === 'id');
}
