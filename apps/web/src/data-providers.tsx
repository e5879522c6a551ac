import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { queryClient } from './query-client';

dayjs.locale('id');

/** Spec 01 §9: snackbars close after 5000 ms; shown top right. */
export const snackbarDefaults = {
  autoHideDuration: 5000,
  anchorOrigin: { vertical: 'top', horizontal: 'right' },
  maxSnack: 3,
  // Below the top bar, so a message never covers the user menu (style in theme.tsx).
  classes: { containerAnchorOriginTopRight: 'ajar-snackbars-top-right' },
} as const;

/**
 * The data layer of the screens that read or change server data: TanStack Query, the snackbars
 * and dayjs in Indonesian. Every route but the login screen sits under it (`DataLayer` in
 * router.tsx); it loads with the first of them, so the login route's JavaScript stays small
 * (bundle budget).
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider {...snackbarDefaults}>{children}</SnackbarProvider>
    </QueryClientProvider>
  );
}

/** `DataProviders` as a pathless layout route. */
export function DataLayer() {
  return (
    <DataProviders>
      <Outlet />
    </DataProviders>
  );
}
