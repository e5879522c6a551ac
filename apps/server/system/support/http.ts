import { createClient } from 'redis';

/** A reply read whole: status, headers, the raw bytes and (when JSON) the parsed body. */
export interface Reply {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** The parsed JSON body; `undefined` when the body is not JSON. */
  json: unknown;
  text: string;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
}

/** One HTTP call to a running server (real sockets, not `inject`). */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: Buffer | string | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: unknown;
  if (res.headers.get('content-type')?.includes('application/json')) json = JSON.parse(text);
  return { status: res.status, headers: res.headers, bytes, json, text };
}

/** `data` of the app's `{ status, message, data }` envelope, typed by the caller. */
export function dataOf<T>(reply: Reply): T {
  const envelope = reply.json as { data?: T } | undefined;
  if (!envelope || envelope.data === undefined) {
    throw new Error(`no envelope data in ${reply.status}: ${reply.text.slice(0, 500)}`);
  }
  return envelope.data;
}

/** Signs a staff account in through `baseUrl` and returns its session token. */
export async function staffLogin(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const reply = await call(baseUrl, 'POST', '/api/admin/v1/login', { json: credentials });
  if (reply.status !== 200) throw new Error(`login failed ${reply.status}: ${reply.text}`);
  return dataOf<{ token: string }>(reply).token;
}

/**
 * Lines of a server's output logged at error level or worse (pino levels 50 and 60), and any
 * uncaught error node printed; warnings are not counted.
 */
export function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    const level = /^\{"level":(\d+)/.exec(line)?.[1];
    if (level) return Number(level) >= 50;
    return /^\s*(\w*Error|Unhandled|uncaught)\b/i.test(line);
  });
}

/** Fails clearly when the Redis the servers are meant to share does not answer. */
export async function assertRedisReachable(url: string): Promise<void> {
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    throw new Error(`System tests need Redis at ${url} (set TEST_REDIS_URL): ${String(err)}`);
  } finally {
    if (client.isOpen) await client.quit();
  }
}
