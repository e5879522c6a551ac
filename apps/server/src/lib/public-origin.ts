import type { Config } from '../config';

/**
 * The origin every link the server writes starts with (reset e-mails, push, downloads,
 * certificates' QR codes): PUBLIC_URL, or outside production (where config requires PUBLIC_URL)
 * the local address `npm start` listens on. Never the request's Host or X-Forwarded-Host: a
 * caller writes those, and a reset link built from them hands the token to the caller's host.
 */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
