import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';

/**
 * Asks before leaving a form with unsaved changes: another screen of the app (a dialog) or the
 * browser tab (the browser's own prompt). Every in-app navigation passes through it: links such
 * as the breadcrumb, and the 'Batal' buttons, which navigate. The activity screen raises `when`
 * for its own fields and for the question and pop-up quiz editors, so the message stays general.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Perubahan belum disimpan"
      message="Perubahan pada aktivitas ini belum disimpan. Tinggalkan halaman ini?"
      confirmLabel="Tinggalkan"
      confirmColor="error"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
