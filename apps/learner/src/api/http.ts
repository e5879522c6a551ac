import { ApiError, apiUrl, readEnvelope, refusal, type Query } from '@ajar/shared/common/api-error';
import { messages } from '@ajar/shared/common/messages';
import { sendWithProgress } from '@ajar/shared/common/upload-progress';
import { consentRequiredCode } from '@ajar/shared/privacy/consent-code';
import { readSession, setConsentRequired, setSignInNotice, writeSession } from './session';

/** The member API (DESIGN §11); every path of this app's calls is below it. */
export const memberApi = '/api/member/v1';

export const offlineMessage = 'Anda sedang offline. Periksa koneksi internet lalu coba lagi.';
export const sessionEndedMessage = 'Sesi Anda berakhir, silakan masuk lagi';

export { ApiError, type Query };

export function buildUrl(path: string, query?: Query): string {
  return apiUrl(`${memberApi}${path}`, query, window.location.origin);
}

function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { authorization: `Bearer ${session.token}` } : {};
}

/** Unwraps the envelope `{ status, message, data }`; a refusal becomes an ApiError. */
async function unwrap<T>(res: Response, signedIn: boolean): Promise<T> {
  const payload = readEnvelope<T>(await res.text());
  // A wrong password at 'Masuk' is not an ended session: only a call that carried a token ends it.
  if (res.status === 401 && signedIn) {
    // The notice first: clearing the session moves the guard to 'Masuk', which shows it.
    setSignInNotice(sessionEndedMessage);
    writeSession(null);
    throw new ApiError(401, sessionEndedMessage);
  }
  if (res.status === 403 && payload?.code === consentRequiredCode) setConsentRequired(true);
  if (!res.ok) throw refusal(res.status, payload);
  return payload?.data as T;
}

function networkError(): ApiError {
  return new ApiError(0, navigator.onLine ? messages.networkError : offlineMessage);
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** The one HTTP client of the app: bearer token, envelope, field errors, 401, offline. */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const isForm = options.body instanceof FormData;
  const auth = authHeaders();
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      signal: options.signal,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...auth,
      },
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  return unwrap<T>(res, 'authorization' in auth);
}

export const http = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** Multipart upload with progress (practice work, profile photo). */
export function upload<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const auth = authHeaders();
  const headers = { accept: 'application/json', ...auth };
  return sendWithProgress({ method, url: buildUrl(path), headers, form, onProgress }).then(
    (res) => unwrap<T>(res, 'authorization' in auth),
    () => {
      throw networkError();
    },
  );
}

/** The message to show for any failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Field messages of a refusal (`400 { validation: { field: 'pesan' } }`), or none. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.validation ? error.validation : {};
}
