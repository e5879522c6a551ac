import { readApiReply, sendApiCall, type ReplyReader } from '@ajar/shared/common/api-client';
import { ApiError, apiUrl, type Query } from '@ajar/shared/common/api-error';
import { messages } from '@ajar/shared/common/messages';
import { sendWithProgress } from '@ajar/shared/common/upload-progress';
import { consentRequiredCode } from '@ajar/shared/privacy/consent-code';
import { readSession, setConsentRequired, setSignInNotice, writeSession } from './session';

/** The member API; every path of this app's calls is below it. */
export const memberApi = '/api/member/v1';

export const offlineMessage = 'Anda sedang offline. Periksa koneksi internet lalu coba lagi.';
export const sessionEndedMessage = 'Sesi Anda berakhir, silakan masuk lagi';

export { ApiError, type Query };
export { errorMessage } from '@ajar/shared/common/api-client';

export function buildUrl(path: string, query?: Query): string {
  return apiUrl(`${memberApi}${path}`, query, window.location.origin);
}

function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { authorization: `Bearer ${session.token}` } : {};
}

/** Unwraps the envelope `{ status, message, data }`; a refusal becomes an ApiError. */
function unwrap<T>(res: Response, signedIn: boolean, reader?: ReplyReader<T>): Promise<T> {
  return readApiReply<T>(
    res,
    (_, envelope) => {
      // A wrong password at 'Masuk' is not an ended session: only a call that carried a token ends it.
      if (res.status === 401 && signedIn) {
        // The notice first: clearing the session moves the guard to 'Masuk', which shows it.
        setSignInNotice(sessionEndedMessage);
        writeSession(null);
        throw new ApiError(401, sessionEndedMessage);
      }
      if (res.status === 403 && envelope?.code === consentRequiredCode) setConsentRequired(true);
    },
    reader,
  );
}

function networkError(): ApiError {
  return new ApiError(0, navigator.onLine ? messages.networkError : offlineMessage);
}

interface RequestOptions<T> {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Checks the reply's data (a schema of `packages/shared`); without it the data is trusted. */
  reader?: ReplyReader<T>;
}

/** The one HTTP client of the app: bearer token, envelope, field errors, 401, offline. */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const auth = authHeaders();
  const res = await sendApiCall(
    {
      method,
      url: buildUrl(path, options.query),
      headers: auth,
      body: options.body,
      signal: options.signal,
    },
    networkError,
  );
  return unwrap<T>(res, 'authorization' in auth, options.reader);
}

export const http = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal, reader?: ReplyReader<T>) =>
    request<T>('GET', path, { query, signal, reader }),
  post: <T>(path: string, body?: unknown, reader?: ReplyReader<T>) =>
    request<T>('POST', path, { body, reader }),
  put: <T>(path: string, body?: unknown, reader?: ReplyReader<T>) =>
    request<T>('PUT', path, { body, reader }),
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

/** Field messages of a refusal (`400 { validation: { field: 'pesan' } }`), or none. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.validation ? error.validation : {};
}
