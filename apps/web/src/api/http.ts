import type { ErrorEnvelope } from '@ajar/shared/common/envelope';
import { readSession, writeSession } from './session';

/** An API error with the server's status, message and field messages. */
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
  const url = new URL(path.startsWith('/api') ? path : `/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { authorization: `Bearer ${session.token}` } : {};
}

async function unwrap<T>(res: Response): Promise<T> {
  const text = await res.text();
  let payload: (ErrorEnvelope & { data?: T }) | null = null;
  try {
    payload = text ? (JSON.parse(text) as ErrorEnvelope & { data?: T }) : null;
  } catch {
    payload = null;
  }
  if (res.status === 401) {
    writeSession(null);
    onUnauthorized();
  }
  if (!res.ok) {
    throw new ApiError(
      res.status,
      payload?.message ?? `Permintaan gagal (${res.status})`,
      payload?.validation,
    );
  }
  return payload?.data as T;
}

/** The one HTTP client: adds the bearer token, unwraps the envelope, handles 401. */
export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const isForm = options.body instanceof FormData;
  const res = await fetch(buildUrl(path, options.query), {
    method,
    signal: options.signal,
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...authHeaders(),
      ...options.headers,
    },
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
  });
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

/**
 * Multipart upload with progress (fetch has no upload progress, so XMLHttpRequest is used here).
 */
export function upload<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('accept', 'application/json');
    for (const [key, value] of Object.entries(authHeaders())) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Koneksi terputus, coba lagi'));
    xhr.onload = () => {
      const res = new Response(xhr.responseText, { status: xhr.status });
      unwrap<T>(res).then(resolve, reject);
    };
    xhr.send(form);
  });
}

/** The message to show for any failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
