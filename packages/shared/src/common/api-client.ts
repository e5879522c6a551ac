import { ApiError, readEnvelope, refusal } from './api-error';
import type { ErrorEnvelope } from './envelope';
import { messages } from './messages';

/**
 * The part both apps' HTTP clients share (the back office's and Ajar Belajar's `api/http.ts`):
 * sending a call and reading the envelope `{ status, message, data }` of its reply. What differs
 * (the base path, the session, what a 401 does) stays in each app. No zod here: a first screen
 * that imports this module loads no schema.
 */

/** What checks a reply's data: a zod schema is one (`schema.parse`). */
export interface ReplyReader<T> {
  parse(data: unknown): T;
}

export interface ApiCall {
  method: string;
  url: string;
  /** The session's header and any of the call's own; `accept` and `content-type` are added. */
  headers: Record<string, string>;
  /** Sent as JSON, or a FormData as is (multipart). */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Sends one call. A call that never reached the server (refused, connection lost) becomes
 * `networkError()` — the browser's own words ('Failed to fetch') are English and say nothing
 * useful; an aborted call stays an abort.
 */
export async function sendApiCall(call: ApiCall, networkError: () => ApiError): Promise<Response> {
  const { body } = call;
  const isForm = body instanceof FormData;
  try {
    return await fetch(call.url, {
      method: call.method,
      signal: call.signal,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...call.headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

/**
 * The data of a reply. `inspect` sees every reply first (an app ends its session on a 401 there,
 * and may throw its own error); a refusal becomes an ApiError with the server's message and field
 * messages; with a `reader` the data is checked, and a reply that does not fit is an error too
 * (the screen shows a message rather than breaking on a missing field).
 */
export async function readApiReply<T>(
  res: Response,
  inspect?: (res: Response, envelope: ErrorEnvelope | null) => void,
  reader?: ReplyReader<T>,
): Promise<T> {
  const envelope = readEnvelope<unknown>(await res.text());
  inspect?.(res, envelope);
  if (!res.ok) throw refusal(res.status, envelope);
  return reader ? readReplyData(reader, envelope?.data, res.status) : (envelope?.data as T);
}

/**
 * Data of a reply checked by `reader` (also a reply read elsewhere: a call the offline queue
 * sent). One that does not fit is an ApiError with the reply's status: the server answered, so
 * sending it again would not change it.
 */
export function readReplyData<T>(reader: ReplyReader<T>, data: unknown, status = 200): T {
  try {
    return reader.parse(data);
  } catch {
    throw new ApiError(status, messages.unreadableReply);
  }
}

/** The message to show for any failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
