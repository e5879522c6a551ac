import { activityMessages } from '@ajar/shared/activities/activities.constants';
import { useDeleteActivity, type ActivityRef } from '../api/delete-activity';
import { DeleteDialog } from './delete-dialog';

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
  const mutation = useDeleteActivity();
  return (
    <DeleteDialog
      item={activity}
      title="Hapus Aktivitas"
      message={
        <>
          Apakah anda yakin ingin menghapus aktivitas <strong>{activity?.name}</strong>?
        </>
      }
      mutation={mutation}
      deleted={activityMessages.deleted}
      failed={(message) => `Error: ${message}`}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
