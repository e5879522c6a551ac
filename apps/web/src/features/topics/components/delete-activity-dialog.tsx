import { useSnackbar } from 'notistack';
import { activityMessages } from '@ajar/shared/activities/activities.constants';
import { errorMessage } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteActivity, type ActivityRef } from '../api/delete-activity';

export interface DeleteActivityDialogProps {
  /** The activity to delete with its name; null keeps the dialog closed. */
  activity: (ActivityRef & { name: string }) | null;
  onClose: () => void;
  /** After the activity is gone (the topic lists are refreshed already). */
  onDeleted?: () => void;
}

/**
 * 'Hapus Aktivitas' (spec 01 §2, §4): `DELETE /api/v1/activity/{program}/{topic}/{id}/delete`,
 * then 'Aktivitas berhasil dihapus.'; a failure shows 'Error: {message}' (spec 01 §8). Program
 * detail and the public discussion of a program share it.
 */
export function DeleteActivityDialog({ activity, onClose, onDeleted }: DeleteActivityDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useDeleteActivity();
  const confirm = () => {
    if (!activity) return;
    mutation.mutate(activity, {
      onSuccess: () => {
        enqueueSnackbar(activityMessages.deleted, { variant: 'success' });
        onDeleted?.();
        onClose();
      },
      onError: (error) => enqueueSnackbar(`Error: ${errorMessage(error)}`, { variant: 'error' }),
    });
  };
  return (
    <ConfirmDialog
      open={Boolean(activity)}
      title="Hapus Aktivitas"
      message={
        <>
          Apakah anda yakin ingin menghapus aktivitas <strong>{activity?.name}</strong>?
        </>
      }
      confirmLabel="Hapus"
      confirmColor="error"
      loading={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
