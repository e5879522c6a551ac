import type { AppRoute } from './app-route';
import { routePaths } from './paths';

const loginPage = () => import('../features/auth/pages/login-page').then((m) => m.LoginPage);

// How to add a screen: see the comment at the top of signed-in-routes.ts (name + pattern in
// ./paths.ts, entry here; a new guest path also goes in `guestPaths` there).

/**
 * The login screen. It needs no data layer (TanStack Query, snackbars), so router.tsx keeps it out
 * of `DataLayer` and the first page a visitor opens loads less JavaScript.
 */
export const signInRoutes: AppRoute[] = [
  { id: 'login', path: routePaths.login, title: 'Login', page: loginPage },
  // `/login` is where a 401 sends the user (spec 01 §2); the same screen as `/`.
  { id: 'login-alias', path: routePaths['login-alias'], title: 'Login', page: loginPage },
];

/** The password screens for signed-out users (under the data layer). */
export const passwordRoutes: AppRoute[] = [
  {
    id: 'forgot-password',
    path: routePaths['forgot-password'],
    title: 'Lupa Password',
    page: () =>
      import('../features/auth/pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
  },
  {
    id: 'password-reset',
    path: routePaths['password-reset'],
    title: 'Reset Password',
    page: () =>
      import('../features/auth/pages/password-reset-page').then((m) => m.PasswordResetPage),
  },
  {
    id: 'password-changed',
    path: routePaths['password-changed'],
    title: 'Password Diperbarui',
    page: () =>
      import('../features/auth/pages/password-changed-page').then((m) => m.PasswordChangedPage),
  },
  {
    id: 'login-link',
    path: routePaths['login-link'],
    title: 'Link Masuk',
    page: () => import('../features/auth/pages/login-link-page').then((m) => m.LoginLinkPage),
  },
];

/**
 * Screens for everyone, signed in or not: router.tsx places them outside both guards (so a
 * signed-in user is not sent to the dashboard). The certificate QR code opens this page.
 */
export const publicRoutes: AppRoute[] = [
  {
    id: 'verifikasi',
    path: routePaths.verifikasi,
    title: 'Verifikasi Sertifikat',
    page: () =>
      import('../features/certificates/pages/verify-certificate-page').then(
        (m) => m.VerifyCertificatePage,
      ),
  },
];

/** Screens for signed-out users; a signed-in user opening one goes to the dashboard. */
export const guestRoutes: AppRoute[] = [...signInRoutes, ...passwordRoutes];
