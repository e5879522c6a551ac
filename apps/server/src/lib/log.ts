/** What the request log needs of a request (Fastify's own request object). */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Query parameters that carry a secret, such as the password-reset link's token. */
const secretParams = /([?&](?:token|access_token|key)=)[^&#]*/gi;

/** The URL with secret query values replaced, so a log reader cannot use a live link. */
export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
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
