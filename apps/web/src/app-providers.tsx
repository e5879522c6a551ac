import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/system/ThemeProvider';
import { theme } from './theme';

// What `@mui/material/styles`' ThemeProvider renders for a theme without CSS variables (ours):
// the system provider with `vars: null`. That ThemeProvider also bundles the CSS-variables
// provider (~3 kB gzipped on every page); this one does not. `@mui/system` is the
// version `@mui/material` itself depends on.
const themeWithoutVars = { ...theme, vars: null };

/**
 * Above every route: the theme. The data layer (TanStack Query, snackbars) is not here but in
 * `data-providers.tsx`, loaded by the routes that need it, so the login route stays small.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={themeWithoutVars}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
