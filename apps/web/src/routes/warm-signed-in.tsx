import { useEffect } from 'react';
import { Outlet } from 'react-router';
import type { AppRoute } from './app-route';
import { homePath } from './redirect';

let warming: Promise<unknown> | undefined;

function findRoute(routes: AppRoute[], path: string): AppRoute | undefined {
  for (const route of routes) {
    if (route.path === path) return route;
    const child = route.children && findRoute(route.children, path);
    if (child) return child;
  }
  return undefined;
}

/**
 * Starts loading what the first signed-in screen runs (the data layer, the table of screens, the
 * shell and the dashboard page), once. The same `import()`s as the router's, so the router finds
 * them loaded after sign-in instead of fetching them one after another.
 */
export function warmSignedInCode(): Promise<unknown> {
  warming ??= Promise.all([
    import('../data-providers'),
    import('../layout/app-shell'),
    import('./signed-in-routes').then(({ signedInRoutes }) =>
      findRoute(signedInRoutes, homePath)?.page?.(),
    ),
  ]).catch((error: unknown) => {
    // A failed warm-up costs nothing: the router loads the same files again when it needs them.
    warming = undefined;
    console.warn('Kode halaman berikutnya belum dapat dimuat', error);
  });
  return warming;
}

/**
 * Wraps the sign-in screens: the first keystroke in the form warms the signed-in code, so a press
 * of 'Login' waits only for the session and the dashboard's data (sign-in to the first
 * figure). Opening the sign-in page loads none of it: its first load keeps its size budget.
 */
export function WarmSignedInOnTyping() {
  useEffect(() => {
    const warm = () => void warmSignedInCode();
    document.addEventListener('input', warm, { capture: true, once: true });
    return () => document.removeEventListener('input', warm, { capture: true });
  }, []);
  return <Outlet />;
}
