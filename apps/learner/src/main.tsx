// First: schemas built by the imports below must already see it (packages/shared/src/zod-jitless.ts).
import '@ajar/shared/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { readSession, subscribeSession } from './api/session';
import { queryClient } from './query-client';
import { router } from './router';
import { registerServiceWorker } from './lib/service-worker';
import { refetchOnReconnect } from './lib/refetch-on-reconnect';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();

// Answers and check-ins kept offline on an earlier visit are sent as soon as the app opens, on any
// screen (lazily: the outbox's code stays out of the first screen's budget).
if (readSession()) void import('./lib/offline-queue').then((m) => m.startOfflineQueue());

// A phone may be shared: signing out (or a session ending) forgets the screens seen and the files
// saved for offline.
subscribeSession(() => {
  if (!readSession()) void import('./lib/saved-files').then((m) => m.clearKeptData());
});

refetchOnReconnect(queryClient);
