import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessage } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';

export interface DeleteDialogProps<T> {
  /** What to delete; null keeps the dialog closed. */
  item: T | null;
  title: string;
  /** The question, naming what goes. */
  message: ReactNode;
  /** The delete call (its hook refreshes the lists that showed the item). */
  mutation: UseMutationResult<unknown, Error, T>;
  /** The notice once it is gone. */
  deleted: string;
  /** The notice of a failure, from the server's message. */
  failed: (message: string) => string;
  onClose: () => void;
  /** After the item is gone. */
  onDeleted?: () => void;
}

/**
 * A delete that asks first (spec 01 §2, §4): 'Hapus' runs the call, then the success notice and
 * the dialog closes; a failure shows the server's message and the dialog stays.
 */
export function DeleteDialog<T>({
  item,
  title,
  message,
  mutation,
  deleted,
  failed,
  onClose,
  onDeleted,
}: DeleteDialogProps<T>) {
  const { enqueueSnackbar } = useSnackbar();
  const confirm = () => {
    if (item === null) return;
    mutation.mutate(item, {
      onSuccess: () => {
        enqueueSnackbar(deleted, { variant: 'success' });
        onDeleted?.();
        onClose();
      },
      onError: (error) => enqueueSnackbar(failed(errorMessage(error)), { variant: 'error' }),
    });
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      message={message}
      confirmLabel="Hapus"
      confirmColor="error"
      loading={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
