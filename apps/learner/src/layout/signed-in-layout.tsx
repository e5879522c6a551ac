import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BottomNav } from '../components/bottom-nav';
import { OfflineBanner } from '../components/offline-banner';
import { PageLoading } from '../components/page-loading';
import { VerifyEmailBanner } from '../features/profile/components/verify-email-banner';

/** Signed-in screens: the page (with its own app bar) above the bottom navigation. */
export function SignedInLayout() {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Lewati ke konten
      </a>
      <OfflineBanner />
      <VerifyEmailBanner />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <BottomNav />
    </div>
  );
}
