import { useSyncExternalStore } from 'react';
import { dismissRefusal, onRefusal, refusalsSnapshot } from '../lib/offline-queue';

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

/** What a queued call was, as the participant named it. */
const kindLabels: Record<string, string> = {
  quiz: 'Jawaban kuis',
  'quiz-answer': 'Jawaban soal',
  popup: 'Jawaban kuis pop-up',
  attendance: 'Presensi',
  chat: 'Pesan',
};

/**
 * 'Anda sedang offline' across the top of every screen while the connection is gone, and what
 * was sent from the offline queue but refused by the server (no screen showed it).
 */
export function OfflineBanner() {
  const online = useOnline();
  const refusals = useSyncExternalStore(onRefusal, refusalsSnapshot, refusalsSnapshot);
  // The live region stays in the page so the change is announced when the banner appears.
  return (
    <div role="status">
      {!online && (
        <p className="offline-banner">
          Anda sedang offline. Data terbaru akan muncul saat koneksi kembali.
        </p>
      )}
      {refusals.map((r) => (
        <p key={r.key} className="offline-banner">
          {kindLabels[r.kind] ?? 'Data'} yang tersimpan saat offline tidak diterima: {r.message}{' '}
          <button type="button" onClick={() => dismissRefusal(r.key)}>
            Tutup
          </button>
        </p>
      ))}
    </div>
  );
}
