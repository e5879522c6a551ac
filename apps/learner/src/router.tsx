import { createBrowserRouter, type RouteObject } from 'react-router';
import { GuestLayout } from './layout/guest-layout';
import { SignedInLayout } from './layout/signed-in-layout';
import { GuestOnly, RequireMember } from './routes/guards';
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
];

const signedInRoutes: RouteObject[] = [];

export const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [{ element: <GuestLayout />, children: guestRoutes }],
  },
  {
    element: <RequireMember />,
    children: [{ element: <SignedInLayout />, children: signedInRoutes }],
  },
  // The reset link of the e-mail opens whether or not someone is signed in on this phone.
  {
    element: <GuestLayout />,
    children: [
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

export const router = createBrowserRouter(routes, { basename: appBase });
