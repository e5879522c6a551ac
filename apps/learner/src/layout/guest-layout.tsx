import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';
import { PageLoading } from '../components/page-loading';

/** Guest screens ('Masuk', 'Daftar', 'Lupa password'): the brand above one card. */
export function GuestLayout() {
  return (
    <div className="shell shell--guest">
      <OfflineBanner />
      <main className="shell__main" id="main">
        <div className="brand">
          <img
            className="brand__logo"
            src="/belajar/icons/icon-192.png"
            alt=""
            width={64}
            height={64}
          />
          <p className="brand__name">Ajar Belajar</p>
        </div>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
