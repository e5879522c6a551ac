import { generatePath, type PathParam } from 'react-router';

/**
 * Route name (DESIGN §7, spec 01 §2) → full path pattern. Plain data: this module imports no
 * page, so any feature may import `pathTo` without pulling in the router table (which imports
 * every page). The tables in `signed-in-routes.ts` / `guest-routes.ts` take their paths from
 * here. To add a screen: add its name and full pattern here, then its entry in the table with
 * `id: 'name', path: routePaths['name']`.
 */
export const routePaths = {
  // Guest screens (guest-routes.ts).
  login: '/',
  'login-alias': '/login',
  'forgot-password': '/forgot-password',
  'password-reset': '/password-reset',
  'password-changed': '/password-changed',
  'login-link': '/login-link',

  // Signed-in screens (signed-in-routes.ts).
  dashboard: '/dashboard',
  program: '/program',
  'program-list': '/program',
  'program-create': '/program/tambah-program',
  'program-edit': '/program/edit/:id',
  'program-detail': '/program/:id',
  'tna-create': '/program/:id/create',
  'tna-edit': '/program/:id/edit/:tnaId',
  'activity-topic': '/program/:program/:topic',
  'activity-create': '/program/:program/:topic/create',
  'activity-edit': '/program/:program/:topic/:id/edit',
  'activity-preview': '/program/:program/:topic/:id/preview',
  'question-stats': '/program/:program/:topic/:id/statistik-soal',
  'update-password': '/update-password',
  // Kelola Nilai > Daftar Program: the grading list (the authoring list stays at /program).
  'kelola-nilai': '/kelola-nilai',
  // Daftar Peserta of a program (spec 01 §2); its static `users` segment outranks
  // 'activity-topic' (/program/:program/:topic) in React Router's matching.
  'program-users': '/program/users/:id',
  // 'Perlu Perhatian' of a program; its static segment outranks 'activity-topic' as `users` does.
  'program-attention': '/program/perhatian/:id',
  // 'Analitik Program' of a program; its static segment outranks 'activity-topic' as above.
  'program-analytics': '/program/analitik/:id',
  // Resellers (spec 01 §2); list-referal's id is the referral code.
  'daftar-reseller': '/daftar-reseller',
  'create-reseller': '/create-reseller',
  'list-referal': '/list-referal/:id',
  // Score imports (spec 01 §2).
  import: '/import',
  'import-feedback': '/import-feedback',
  // Attendance list (spec 01 §2).
  presensi: '/presensi',
  // Staff accounts (superadmin).
  pengguna: '/pengguna',
  // The audit trail (superadmin).
  'log-aktivitas': '/log-aktivitas',
  'permintaan-hapus-akun': '/permintaan-hapus-akun',
  // The privacy notice participants agree to (superadmin).
  'kebijakan-privasi': '/kebijakan-privasi',
  // Certificates of a member redemption (spec 01 §2); id is the redemption.
  'certificate-participant': '/certificate-participant/:id',
  'certificate-graduation': '/certificate-graduation/:id',
  // Private discussion (spec 01 §2): all rooms, one program's rooms, one activity's context.
  'discussion-private': '/discussion/private',
  'discussion-private-program': '/discussion/private/program/:id',
  'discussion-private-activity': '/discussion/private/program/:program/:topic/:id',
  // Public discussion (spec 01 §2): programs, one program's topics, one activity's thread.
  'discussion-public': '/discussion/public',
  'discussion-public-program': '/discussion/public/program/:id',
  'discussion-public-thread': '/discussion/public/program/:program/:topic/:id/:act_name',
  // Notifications to participants (spec 01 §2).
  notifikasi: '/notifikasi',

  // Public screens, signed in or not (guest-routes.ts `publicRoutes`): certificate verification.
  verifikasi: '/verifikasi/:number',
} as const;

export type RouteId = keyof typeof routePaths;

/** The params a route's pattern needs, e.g. `{ id }` for `program-detail`. */
export type RouteParams<Id extends RouteId> = {
  [Key in PathParam<(typeof routePaths)[Id]>]: string | number;
};

/** Screens for signed-out users; a signed-in user opening one goes to the dashboard. */
export const guestPaths: readonly string[] = [
  routePaths.login,
  routePaths['login-alias'],
  routePaths['forgot-password'],
  routePaths['password-reset'],
  routePaths['password-changed'],
  routePaths['login-link'],
];

/**
 * The path of a named route: `pathTo('program-detail', { id })`. The params are checked against
 * the pattern at compile time; a route without params takes none.
 */
export function pathTo<Id extends RouteId>(
  id: Id,
  ...[params]: [PathParam<(typeof routePaths)[Id]>] extends [never] ? [] : [RouteParams<Id>]
): string {
  const stringParams = Object.fromEntries(
    Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]),
  );
  // The pattern's own param type is checked in the signature above; widen it for the call.
  const pattern: string = routePaths[id];
  return generatePath(pattern, stringParams);
}
