import { generatePath, type PathParam } from 'react-router';

/** The app's address prefix: the server serves this app under /belajar/. */
export const appBase = '/belajar';

/**
 * Route name → path pattern below `/belajar` (the router's basename). Plain data: this module
 * imports no page, so any feature may import it without pulling in the router table.
 */
export const routePaths = {
  // Guest screens.
  masuk: '/masuk',
  daftar: '/daftar',
  'lupa-password': '/lupa-password',
  // The link of the reset e-mail: /belajar/reset-password?token=…
  'reset-password': '/reset-password',
  // The link of the verification e-mail: /belajar/verify-email?token=…
  'verify-email': '/verify-email',
  // The privacy notice, readable signed in or out.
  privasi: '/privasi',
  // Consent to a newer privacy notice, before anything else opens.
  persetujuan: '/persetujuan',

  // Signed-in screens.
  'program-saya': '/',
  'tukar-voucher': '/tukar-voucher',
  profil: '/profil',
  'ubah-password': '/profil/password',
  // The player helper's screens (features/activities).
  'program-detail': '/program/:programId',
  // 'Nilai' of a program (features/grades).
  nilai: '/program/:programId/nilai',
  activity: '/program/:programId/activity/:activityId',
  // Chat, notifications (features/chat, features/notifications).
  chat: '/program/:programId/chat',
  'chat-list': '/chat',
  notifikasi: '/notifikasi',
  // What comes next across the participant's programs (features/agenda).
  agenda: '/agenda',
} as const;

export type RouteName = keyof typeof routePaths;

/** A concrete path of a named route: `pathTo('program-detail', { programId })`. */
export function pathTo<N extends RouteName>(
  name: N,
  ...[params]: [PathParam<(typeof routePaths)[N]>] extends [never]
    ? []
    : [Record<PathParam<(typeof routePaths)[N]>, string>]
): string {
  // The pattern's own params are checked in the signature above; widen it for the call.
  const pattern: string = routePaths[name];
  return generatePath(pattern, params ?? {});
}

/** The query parameter of 'Masuk' that names where to go back after signing in. */
export const returnParam = 'kembali';

/** 'Masuk' remembering the wanted page; only a path inside this app is ever kept. */
export function signInPathFor(wanted: string): string {
  if (!wanted || wanted === '/' || wanted.startsWith(routePaths.masuk)) return routePaths.masuk;
  return `${routePaths.masuk}?${returnParam}=${encodeURIComponent(wanted)}`;
}

/** Where to go after signing in: the remembered path when it is a path of this app, else home. */
export function afterSignInPath(search: string): string {
  const wanted = new URLSearchParams(search).get(returnParam);
  if (!wanted || !wanted.startsWith('/') || wanted.startsWith('//') || wanted.includes('\\'))
    return routePaths['program-saya'];
  return wanted;
}
