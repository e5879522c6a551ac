import { useSnackbar } from 'notistack';
import { topicMessages } from '@ajar/shared/topics/topics.constants';
import type { Topic } from '@ajar/shared/topics/topics.schemas';
import { errorMessage } from '@/api/http';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteTopic } from '../api/delete-topic';

export interface DeleteTopicDialogProps {
  /** The topic to delete; null keeps the dialog closed. */
  topic: Pick<Topic, 'id' | 'name'> | null;
  onClose: () => void;
  /** After the topic is gone (the topic lists are refreshed already). */
  onDeleted?: () => void;
}

/**
 * 'Hapus Topik' (spec 01 §2, §4: a delete always asks first): `DELETE /api/topic/v1/delete/{id}`,
 * then 'Topik berhasil dihapus'; a failure shows the server message. Program detail and the
 * public discussion of a program share it.
 */
export function DeleteTopicDialog({ topic, onClose, onDeleted }: DeleteTopicDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useDeleteTopic();
  const confirm = () => {
    if (!topic) return;
    mutation.mutate(topic.id, {
      onSuccess: () => {
        enqueueSnackbar(topicMessages.deleted, { variant: 'success' });
        onDeleted?.();
        onClose();
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  };
  return (
    <ConfirmDialog
      open={Boolean(topic)}
      title="Hapus Topik"
      message={
        <>
          Apakah anda yakin ingin menghapus topik <strong>{topic?.name}</strong>? Semua aktivitas di
          dalamnya ikut terhapus.
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
