import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/http';
import { subscribeSession } from './api/session';

/** Server state: short freshness, and no retry for answers that will not change (4xx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        failureCount < 2,
    },
    mutations: { retry: false },
  },
});

// Nothing cached for one user may show for the next one signing in on this browser. Subscribed
// for the page's lifetime (not by a component): the data layer unmounts with the signed-in screens.
subscribeSession((session) => {
  if (!session) queryClient.clear();
});
