/** The answer while the database (or another service) cannot be reached: the client may simply try again. */
export const serviceUnavailableMessage = 'Layanan sementara tidak tersedia, silakan coba lagi';
/** Seconds a client should wait before trying again (the `Retry-After` of a 503). */
export const serviceUnavailableRetrySeconds = 5;

/** Socket errors of a connection that could not be opened or was cut. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for "the server is not there for you right now": class 08 (connection
 * exception), admin/crash shutdown (`pg_terminate_backend`, a restart), cannot connect now (starting
 * up or in recovery), too many connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** node-postgres reports a lost or never-opened connection with plain messages and no code. */
const pgClientMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * When an error (or one of its causes: Drizzle wraps the driver's error in `DrizzleQueryError`)
 * says a service the server relies on (the database above all, also S3 or SMTP) could not be
 * reached, rather than that a query was wrong: that cause's code and message, for the log (the
 * wrapper would log the query and its parameters). Such a request answers 503 so clients and load
 * balancers retry instead of reporting a bug. Null for any other error.
 */
export function unavailableCause(error: unknown): { code?: string; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (networkCodes.has(code) || isUnavailableSqlState(code))) {
      return { code, message: current.message };
    }
    const message = current.message;
    if (pgClientMessages.some((text) => message.startsWith(text))) return { message };
    current = current.cause;
  }
  return null;
}
