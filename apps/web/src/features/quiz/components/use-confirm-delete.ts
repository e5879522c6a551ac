import { useState } from 'react';
import type { ConfirmDialogProps } from '@/components/confirm-dialog';

/**
 * The 'Hapus' confirmation of a section or a question: `ask()` opens it; confirming runs `remove`
 * with the dialog locked (`deleting`), then closes it. A failed delete goes to `onError`.
 */
export function useConfirmDelete(
  remove: () => Promise<void> | void,
  onError: (error: unknown) => void,
) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      await remove();
    } catch (error) {
      onError(error);
    } finally {
      setDeleting(false);
      setOpen(false);
    }
  };

  const dialog = {
    open,
    loading: deleting,
    confirmLabel: 'Hapus',
    confirmColor: 'error',
    onClose: () => setOpen(false),
    onConfirm: () => void confirm(),
  } satisfies Omit<ConfirmDialogProps, 'title'>;

  return { ask: () => setOpen(true), deleting, dialog };
}
