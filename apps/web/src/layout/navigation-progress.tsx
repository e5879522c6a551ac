import { lazy, Suspense } from 'react';
import { useNavigation } from 'react-router';

// Loaded on the first navigation that waits, not with the first page: the sign-in page never
// needs it (bundle budget). The bar shows only after 120 ms anyway, time enough to
// fetch it.
const NavigationProgressBar = lazy(async () => ({
  default: (await import('./navigation-progress-bar')).NavigationProgressBar,
}));

/**
 * A thin bar along the top of the window while the next screen loads (its code or its route
 * data), so a click on a lazy screen answers at once. Shown after a short delay: a
 * screen already loaded never flashes it.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <Suspense fallback={null}>
      <NavigationProgressBar />
    </Suspense>
  );
}
