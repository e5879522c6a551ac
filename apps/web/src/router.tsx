import { createBrowserRouter, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from './api/http';
import { PageLoader } from './layout/page-loader';
import { RootLayout } from './layout/root-layout';
import { RouteErrorPage } from './layout/route-error-page';
import { toRouteObject } from './routes/app-route';
import { GuestOnly, RequireAuth } from './routes/guards';
import { passwordRoutes, publicRoutes, signInRoutes } from './routes/guest-routes';
import { isGuestPath, loginPathFor } from './routes/redirect';
import { setSignOutReason } from './routes/sign-out-reason';
import { WarmSignedInOnTyping } from './routes/warm-signed-in';

// TanStack Query, snackbars and dayjs: every screen but login, loaded with the first of them.
const dataLayer = async () => ({ Component: (await import('./data-providers')).DataLayer });

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      {
        Component: GuestOnly,
        children: [
          {
            lazy: async () => ({
              Component: (await import('./layout/guest-layout')).GuestLayout,
            }),
            children: [
              { Component: WarmSignedInOnTyping, children: signInRoutes.map(toRouteObject) },
              { lazy: dataLayer, children: passwordRoutes.map(toRouteObject) },
            ],
          },
        ],
      },
      // Public screens (certificate verification): no guard, signed in or not.
      { lazy: dataLayer, children: publicRoutes.map(toRouteObject) },
      {
        lazy: dataLayer,
        children: [
          {
            Component: RequireAuth,
            children: [
              {
                // Its screens (routes/signed-in-routes.ts) are patched in on the first visit
                // to one of them: see `patchRoutesOnNavigation` below.
                id: 'shell',
                lazy: async () => ({ Component: (await import('./layout/app-shell')).AppShell }),
              },
            ],
          },
          {
            id: 'not-found',
            path: '*',
            handle: { title: 'Error 404' },
            lazy: async () => ({
              Component: (await import('./layout/not-found-page')).NotFoundRoute,
            }),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, {
  // The table of signed-in screens (and the list of files each of them loads) is not part of the
  // first page's JavaScript: React Router asks for it when a path matches nothing more specific
  // than the 404 route, e.g. /dashboard on first load or right after login. Patching is
  // idempotent (same routes are skipped), so each such navigation may simply patch again. Keeps
  // the login route small however many screens are added (bundle budget).
  async patchRoutesOnNavigation({ patch }) {
    const { signedInRoutes } = await import('./routes/signed-in-routes');
    patch('shell', signedInRoutes.map(toRouteObject));
  },
});

// Spec 01 §8: a 401 on any call (the client has already cleared the session) goes to /login,
// remembering where the user was so signing in again returns there.
setUnauthorizedHandler(() => {
  setSignOutReason('expired');
  const { pathname, search, hash } = router.state.location;
  if (isGuestPath(pathname)) return;
  void router.navigate(loginPathFor('/login', { pathname, search, hash }), { replace: true });
});
