import { guestPaths } from './paths';

export const homePath = '/dashboard';
export const redirectParam = 'redirect';

export function isGuestPath(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return guestPaths.includes(clean);
}

/**
 * The remembered path from `?redirect=`, if it is safe to follow: a path of this app (not
 * `//host` or `https://…`, which would make the login screen an open redirect) and not a guest
 * screen (which would bounce straight back).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  let url: URL;
  try {
    url = new URL(value, 'http://ajar.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://ajar.invalid' || isGuestPath(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** Where a signed-in user goes from a guest screen: the remembered path or the dashboard. */
export function afterLoginPath(search: string): string {
  return safeRedirectPath(new URLSearchParams(search).get(redirectParam)) ?? homePath;
}

/** The login screen, remembering the wanted path (spec 01 §2). */
export function loginPathFor(
  loginPath: '/' | '/login',
  wanted: { pathname: string; search?: string; hash?: string },
): string {
  const target = `${wanted.pathname}${wanted.search ?? ''}${wanted.hash ?? ''}`;
  if (!safeRedirectPath(target) || target === homePath) return loginPath;
  return `${loginPath}?${redirectParam}=${encodeURIComponent(target)}`;
}
