/** What the request log needs of a request (Fastify's own request object). */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Query parameters that carry a secret, such as the password-reset link's token. */
const secretParams = /([?&](?:token|access_token|key)=)[^&#\s]*/gi;
/**
 * Paths whose next segment is the secret itself: `/api/download/{token}` (a download link works
 * for whoever holds it).
 */
const secretPaths = /(\/api\/download\/)[^/?#\s]+/gi;

/**
 * The URL (or a text holding links, such as an e-mail) with its secrets replaced, so a log reader
 * cannot use a live link. The one place that knows which parts of a URL are secret.
 */
export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]').replace(secretPaths, '$1[redacted]');
}

/** Fastify's request line, with secrets taken out of the URL. */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
