import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before leaving a form with unsaved changes: another screen of the app (a dialog) or the
 * browser tab (the browser's own prompt). Every in-app navigation passes through it: links such
 * as the breadcrumb, and the 'Batal' buttons, which navigate. Used by the activity screen (its
 * fields and the question and pop-up quiz editors) and the program form.
 */
export function UnsavedChangesGuard({
  when,
  message = 'Perubahan pada aktivitas ini belum disimpan. Tinggalkan halaman ini?',
}: {
  when: boolean;
  /** What is left unsaved, as a question. */
  message?: string;
}) {
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
      message={message}
      confirmLabel="Tinggalkan"
      confirmColor="error"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
