import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from './components/page-loading';
import { GuestLayout } from './layout/guest-layout';
import { SignedInLayout } from './layout/signed-in-layout';
import { GuestOnly, RequireMember } from './routes/guards';
import { socialRoutes } from './routes/social-routes';
import { appBase, routePaths } from './routes/paths';

/**
 * Every screen is its own chunk (`lazy`): the first screen loads only the shell and its page.
 * Paths come from routes/paths.ts.
 */
const guestRoutes: RouteObject[] = [
  {
    path: routePaths.masuk,
    lazy: () =>
      import('./features/auth/pages/sign-in-page').then((m) => ({ Component: m.SignInPage })),
  },
  {
    path: routePaths.daftar,
    lazy: () =>
      import('./features/auth/pages/register-page').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: routePaths['lupa-password'],
    lazy: () =>
      import('./features/auth/pages/forgot-password-page').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
];

const signedInRoutes: RouteObject[] = [
  {
    path: routePaths['program-saya'],
    lazy: () =>
      import('./features/programs/pages/my-programs-page').then((m) => ({
        Component: m.MyProgramsPage,
      })),
  },
  {
    path: routePaths['tukar-voucher'],
    lazy: () =>
      import('./features/vouchers/pages/redeem-page').then((m) => ({ Component: m.RedeemPage })),
  },
  {
    path: routePaths.agenda,
    lazy: () =>
      import('./features/agenda/pages/agenda-page').then((m) => ({ Component: m.AgendaPage })),
  },
  {
    path: routePaths.profil,
    lazy: () =>
      import('./features/profile/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  // The program and its activities: the player helper's screens (features/activities).
  {
    path: routePaths['program-detail'],
    lazy: () =>
      import('./features/activities/pages/program-detail-page').then((m) => ({
        Component: m.ProgramDetailPage,
      })),
  },
  {
    path: routePaths.activity,
    lazy: () =>
      import('./features/activities/pages/activity-page').then((m) => ({
        Component: m.ActivityPage,
      })),
  },
  {
    path: routePaths.nilai,
    lazy: () =>
      import('./features/grades/pages/grades-page').then((m) => ({ Component: m.GradesPage })),
  },
  ...socialRoutes,
  {
    path: routePaths['ubah-password'],
    lazy: () =>
      import('./features/profile/pages/change-password-page').then((m) => ({
        Component: m.ChangePasswordPage,
      })),
  },
];

// While the first screen's code loads (the lazy page of the address opened).
const hydrateFallbackElement = <PageLoading />;

export const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    hydrateFallbackElement,
    children: [{ element: <GuestLayout />, children: guestRoutes }],
  },
  {
    element: <RequireMember />,
    hydrateFallbackElement,
    children: [
      { element: <SignedInLayout />, children: signedInRoutes },
      // Without the bottom navigation: nothing else opens until the member agrees.
      {
        element: <GuestLayout />,
        children: [
          {
            path: routePaths.persetujuan,
            lazy: () =>
              import('./features/privacy/pages/consent-page').then((m) => ({
                Component: m.ConsentPage,
              })),
          },
        ],
      },
    ],
  },
  // The reset and verification links of the e-mails open whether or not someone is signed in on
  // this phone.
  {
    element: <GuestLayout />,
    hydrateFallbackElement,
    children: [
      {
        path: routePaths['reset-password'],
        lazy: () =>
          import('./features/auth/pages/reset-password-page').then((m) => ({
            Component: m.ResetPasswordPage,
          })),
      },
      {
        path: routePaths['verify-email'],
        lazy: () =>
          import('./features/auth/pages/verify-email-page').then((m) => ({
            Component: m.VerifyEmailPage,
          })),
      },
      {
        path: routePaths.privasi,
        lazy: () =>
          import('./features/privacy/pages/privacy-notice-page').then((m) => ({
            Component: m.PrivacyNoticePage,
          })),
      },
      {
        path: '*',
        lazy: () =>
          import('./features/shell/pages/not-found-page').then((m) => ({
            Component: m.NotFoundPage,
          })),
      },
    ],
  },
];

// With the trailing slash, 'Program Saya' (`/`) is `/belajar/`, inside the service worker's scope.
export const router = createBrowserRouter(routes, { basename: `${appBase}/` });
