import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a connection (navigator.onLine and its online/offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** 'Anda sedang offline' across the top of every screen while the connection is gone. */
export function OfflineBanner() {
  const online = useOnline();
  // The live region stays in the page so the change is announced when the banner appears.
  return (
    <div role="status">
      {!online && (
        <p className="offline-banner">
          Anda sedang offline. Data terbaru akan muncul saat koneksi kembali.
        </p>
      )}
    </div>
  );
}
