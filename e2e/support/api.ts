import { demo, type Account } from './session';

/**
 * A call to the server's API with the standard envelope `{status, message, data}`: resolves with
 * `data`, throws with the status and the whole answer otherwise. A `FormData` body goes as
 * multipart, any other body as JSON.
 */
export type Api = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/** An API client bound to a server URL and, when given, a bearer token. */
export function apiClient(serverUrl: string, token?: string): Api {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${serverUrl}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const payload = (await res.json()) as { data: T; message: string };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(payload)}`);
    return payload.data;
  };
}

export interface LoginData {
  token: string;
  user: { id: string; email: string };
}

/** Signs in through the API (`POST /admin/v1/login`); throws unless the server accepts. */
export function apiLogin(serverUrl: string, account: Account = demo.admin): Promise<LoginData> {
  return apiClient(serverUrl)<LoginData>('POST', '/admin/v1/login', {
    email: account.email,
    password: account.password,
  });
}

/** An API client with a fresh session of `account`. */
export async function signedInApi(serverUrl: string, account: Account = demo.admin): Promise<Api> {
  return apiClient(serverUrl, (await apiLogin(serverUrl, account)).token);
}
