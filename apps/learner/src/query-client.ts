import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/http';

/**
 * One query client: a refusal (4xx) is not retried, a failed connection twice while online.
 * Offline a read is still tried once ('offlineFirst'): the service worker answers screens seen
 * before from what it kept (public/sw-offline.js).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'offlineFirst',
      staleTime: 30_000,
      retry: (count, error) =>
        navigator.onLine &&
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        count < 2,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
